// Every 429 the app answers is made here, so none goes out without Retry-After (RFC 9110 §10.2.3).
import { data, type HeadersFunction } from "@remix-run/node";

const RETRY_AFTER = "Retry-After";

const seconds = (retryAfterSeconds: number) => String(Math.max(1, Math.ceil(retryAfterSeconds)));

export const tooManyHeaders = (retryAfterSeconds: number, headers?: HeadersInit) => {
  const all = new Headers(headers);
  all.set(RETRY_AFTER, seconds(retryAfterSeconds));
  return all;
};

export const tooManyJson = (message: string, retryAfterSeconds: number, extra?: Record<string, unknown>) =>
  Response.json({ message, ...extra }, { status: 429, headers: tooManyHeaders(retryAfterSeconds) });

export const tooManyText = (message: string, retryAfterSeconds: number) =>
  new Response(message, {
    status: 429,
    headers: tooManyHeaders(retryAfterSeconds, { "Content-Type": "text/plain; charset=utf-8" }),
  });

// A page route returning this must also `export const headers = retryAfterHeaders`: Remix keeps only
// Set-Cookie of an action's headers on a document answer unless the route passes them on.
export const tooManyData = <T>(value: T, retryAfterSeconds: number) =>
  data(value, { status: 429, headers: tooManyHeaders(retryAfterSeconds) });

export const retryAfterHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders, errorHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get(RETRY_AFTER) ?? errorHeaders?.get(RETRY_AFTER) ?? loaderHeaders.get(RETRY_AFTER);
  if (retryAfter) headers.set(RETRY_AFTER, retryAfter);
  return headers;
};
