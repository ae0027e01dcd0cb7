import type { z } from "zod";

import { isMultipart, MultipartError, readMultipartForm } from "./multipart.server";

/** Every JSON call answers errors as `{ message }` with a 4xx/5xx status. */
export function apiError(status: number, message: string, extra?: Record<string, unknown>): never {
  throw Response.json({ message, ...extra }, { status });
}

/** The one 404 for pages and files: throw it from a loader or action when the thing is missing or not the caller's. */
export function notFound() {
  return new Response("Not Found", { status: 404 });
}

/** The one answer to an intent a route does not know: a 400 `{ message }`, like every other refused body. */
export function badIntent() {
  return Response.json({ message: "Unknown action" }, { status: 400 });
}

export const MAX_JSON_BYTES = 1_000_000;
/** A page's form is text: the longest field a schema allows (1,000,000 characters of addresses) fits. */
const MAX_PAGE_FORM_BYTES = 8 * 1024 * 1024;

/** A form body: multipart through the one reader, whole body under `maxBytes`; urlencoded as the platform reads it. */
async function readForm(request: Request, maxBytes: number) {
  if (!isMultipart(request)) return request.formData();
  const limits = {
    maxBodyBytes: maxBytes,
    maxFileBytes: maxBytes,
    maxFieldBytes: maxBytes,
    maxFields: Infinity,
    maxParts: Infinity,
  };
  return (await readMultipartForm(request, limits)).form;
}

const isTooLarge = (error: unknown) => error instanceof MultipartError && error.status === 413;

/**
 * Reads a JSON or form body and validates it; bad input answers 400/413/415 with a clear message,
 * never a 500.
 */
export async function readBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const type = request.headers.get("content-type") ?? "";
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_JSON_BYTES) apiError(413, "Request body is too large");
  let raw: unknown;
  if (type.includes("application/json")) {
    const text = await request.text().catch(() => apiError(400, "Request body could not be read"));
    if (text.length > MAX_JSON_BYTES) apiError(413, "Request body is too large");
    try {
      raw = text.trim() === "" ? {} : JSON.parse(text);
    } catch {
      apiError(400, "Request body must be valid JSON");
    }
  } else if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    const form = await readForm(request, MAX_JSON_BYTES).catch((error: unknown) =>
      isTooLarge(error) ? apiError(413, "Request body is too large") : apiError(400, "Request body could not be read"),
    );
    raw = Object.fromEntries(
      [...form.keys()].map((k) => [k, form.getAll(k).length > 1 ? form.getAll(k) : form.get(k)]),
    );
  } else if (!type) {
    raw = {};
  } else {
    apiError(415, "Send the body as application/json");
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    apiError(400, issue?.message ?? "Invalid request", {
      errors: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    });
  }
  return parsed.data;
}

/** For resource routes: a method the route does not support answers 405 with a message. */
export function requireMethod(request: Request, ...methods: string[]) {
  if (!methods.includes(request.method)) apiError(405, `Method ${request.method} is not allowed here`);
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * `request.formData()` for page actions: a body that is not a readable form answers 400/413/415
 * with a message instead of throwing a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (!FORM_TYPES.some((t) => type.includes(t))) {
    throw Response.json(
      { message: "Send the form as application/x-www-form-urlencoded or multipart/form-data" },
      { status: 415 },
    );
  }
  try {
    return await readForm(request, MAX_PAGE_FORM_BYTES);
  } catch (error) {
    if (isTooLarge(error)) throw Response.json({ message: "Request body is too large" }, { status: 413 });
    throw Response.json({ message: "The form could not be read. Please try again." }, { status: 400 });
  }
}
