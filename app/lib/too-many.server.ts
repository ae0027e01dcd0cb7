// Every "429 Too Many Requests" the app answers is made here, so none goes out without Retry-After
// (RFC 9110 §10.2.3): clients and proxies wait that long instead of hammering. The
// express tiers (server/rate-limit.ts) get it from express-rate-limit's standard headers.
import { data, type HeadersFunction } from "@remix-run/node";

const RETRY_AFTER = "Retry-After";

/** Whole seconds, at least one: "Retry-After: 0" would invite the very next request. */
const seconds = (retryAfterSeconds: number) => String(Math.max(1, Math.ceil(retryAfterSeconds)));

export const tooManyHeaders = (retryAfterSeconds: number, headers?: HeadersInit) => {
  const all = new Headers(headers);
  all.set(RETRY_AFTER, seconds(retryAfterSeconds));
  return all;
};

/** A JSON call's 429: `{ message }` as every JSON error, with Retry-After. */
export const tooManyJson = (message: string, retryAfterSeconds: number, extra?: Record<string, unknown>) =>
  Response.json({ message, ...extra }, { status: 429, headers: tooManyHeaders(retryAfterSeconds) });

/** A plain-text 429 (a resource a page fetches, e.g. an audio sample). */
export const tooManyText = (message: string, retryAfterSeconds: number) =>
  new Response(message, { status: 429, headers: tooManyHeaders(retryAfterSeconds, { "Content-Type": "text/plain; charset=utf-8" }) });

/**
 * A page action's 429 (the form again, with its message). A page route returning it must also
 * `export const headers = retryAfterHeaders`: Remix keeps only Set-Cookie of an action's headers on a
 * document (and single-fetch) answer unless the route's headers function passes them on.
 */
export const tooManyData = <T>(value: T, retryAfterSeconds: number) => data(value, { status: 429, headers: tooManyHeaders(retryAfterSeconds) });

/** The route `headers` export that carries an action's or loader's Retry-After to the answer. */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders, errorHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get(RETRY_AFTER) ?? errorHeaders?.get(RETRY_AFTER) ?? loaderHeaders.get(RETRY_AFTER);
  if (retryAfter) headers.set(RETRY_AFTER, retryAfter);
  return headers;
};
