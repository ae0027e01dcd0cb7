// Every request body is bounded before anything reads it: docs/decisions/0142-bounded-bodies-and-pdf-caps.md
// The bytes are counted where Node hands them to the request stream, which is the same stream Remix
// reads (@remix-run/express wraps `req` itself), so nothing is copied or held here.
import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import { ARCHIVE_FORM_OVERHEAD_BYTES, MAX_ARCHIVE_BYTES } from "../app/features/archive/upload-fields";
import { escapeHtml } from "../app/lib/email/layout";
import { storyMessages } from "../app/features/contributions/messages";
import { MAX_INBOUND_BYTES } from "../app/features/contributions/attachment-limits";
import { MAX_RECORDING_BYTES, RECORDING_FORM_OVERHEAD_BYTES } from "../app/features/contributions/recording-limits";
import { MAX_PDF_MB, podcastMessages } from "../app/features/podcasts/messages";
import { CHUNK_BYTES, MAX_VIDEO_BYTES, MULTIPART_OVERHEAD_BYTES } from "../app/features/testimonials/upload-limits";
import { backHref } from "./rate-limit";

const MB = 1024 * 1024;
// Light modules only (this file is bundled into the server, not into Remix's build): this one
// repeats MAX_COVER_PHOTO_BYTES (covers.server.ts).
const COVER_PHOTO_BYTES = 15 * MB;

/**
 * A body held whole in memory (urlencoded, JSON, text): 200,000 characters of a story, each
 * percent-encoded at worst (9 bytes), fit.
 */
export const FORM_BODY_BYTES = 2 * MB;
/** Room above a route's own reader cap, so that reader answers first with its own message. */
const READER_MARGIN = 1 * MB;
/** After a refusal the rest of the body is read and thrown away (so the answer can be read) up to this; then the connection is closed. */
export const DISCARD_BYTES = 512 * MB;

export const bodyTooLarge = (limit: number) => `This request is too large: at most ${formatBytes(limit)} can be sent here.`;

type Rule = {
  path: RegExp;
  /** multipart/form-data: files stream to disk (or are counted and dropped) under the route's own caps. */
  multipart: number;
  /** Any other body; FORM_BODY_BYTES unless given. */
  form?: number;
  /** The route's own wording for a file too large. */
  message?: string;
  /**
   * The route reads the fields before the file of a body declared too large and answers with its
   * form (typed text kept, the reason under the field), so the declared length alone does not
   * refuse it here; the bytes are still counted and capped.
   */
  fieldsFirst?: boolean;
};

/** The routes that take files; every other body is a small form. */
const RULES: Rule[] = [
  { path: /^\/testimonials\/[^/]+\/?$/, multipart: MAX_VIDEO_BYTES + MULTIPART_OVERHEAD_BYTES + READER_MARGIN },
  { path: /^\/api\/testimonials\/public\/[^/]+\/submit$/, multipart: MAX_VIDEO_BYTES + MULTIPART_OVERHEAD_BYTES + READER_MARGIN },
  { path: /^\/api\/testimonials\/public\/[^/]+\/upload-chunk$/, multipart: CHUNK_BYTES + MULTIPART_OVERHEAD_BYTES + READER_MARGIN },
  {
    path: /^\/contribute\/[^/]+\/?$/,
    multipart: MAX_RECORDING_BYTES + RECORDING_FORM_OVERHEAD_BYTES + READER_MARGIN,
    message: storyMessages.recording.tooLarge,
    fieldsFirst: true,
  },
  // The wizard's reader reads on past a PDF over 20 MB up to 5 times that, so the browser gets 'File too large'.
  {
    path: /^\/(api\/stories\/upload|create-podcast)\/?$/,
    multipart: 5 * MAX_PDF_MB * MB + READER_MARGIN,
    message: `${podcastMessages.upload.tooLarge.title}. ${podcastMessages.upload.tooLarge.description}`,
  },
  { path: /^\/podcast\/[^/]+\/cover\/?$/, multipart: COVER_PHOTO_BYTES + 64 * 1024 + READER_MARGIN, message: podcastMessages.cover.tooLarge },
  // An administrator's import of a family's whole export: the zip streams to disk under the reader's own cap.
  { path: /^\/admin\/import-archive\/?$/, multipart: MAX_ARCHIVE_BYTES + ARCHIVE_FORM_OVERHEAD_BYTES + READER_MARGIN },
  // An inbound message without attachments comes urlencoded: text and HTML (up to 1,000,000 characters) percent-encoded.
  { path: /^\/webhooks\/mailgun\/inbound\/?$/, multipart: MAX_INBOUND_BYTES, form: 8 * MB },
];

const isMultipart = (req: Request) => (req.get("content-type") ?? "").trimStart().toLowerCase().startsWith("multipart/form-data");

/** The cap for this request's body and what a refusal says. */
export function bodyLimitFor(path: string, multipart: boolean) {
  const rule = RULES.find((r) => r.path.test(path));
  const limit = multipart && rule ? rule.multipart : (rule?.form ?? FORM_BODY_BYTES);
  return { limit, message: (multipart && rule?.message) || bodyTooLarge(limit), fieldsFirst: multipart && rule?.fieldsFirst === true };
}

function formatBytes(bytes: number) {
  return bytes >= MB ? `${Math.floor(bytes / MB)} MB` : `${Math.floor(bytes / 1024)} KB`;
}

function answer413(req: Request, res: Response, message: string) {
  if (res.headersSent) return;
  res.locals.bodyRefused = true;
  res.status(413);
  if (!req.path.startsWith("/api/") && req.accepts(["json", "html"]) === "html") {
    res
      .type("html")
      .send(
        `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too large</title><h1>Too large</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(backHref(req))}">Go back</a></p></html>`,
      );
  } else {
    res.json({ message });
  }
}

export class BodyTooLargeError extends Error {
  readonly status = 413;
  constructor(message: string) {
    super(message);
    this.name = "BodyTooLargeError";
  }
}

type Push = (chunk: unknown, encoding?: BufferEncoding) => boolean;

/**
 * Counts the body as Node's HTTP parser pushes it into `req` (a chunked body too). Past `limit`
 * nothing more reaches the reader, whose read fails, the 413 is sent, and the rest is read and
 * dropped (so the client can read the answer) up to DISCARD_BYTES, then the connection is closed.
 * `refuseNow` refuses before a byte is read (a declared Content-Length over the cap). True when refused already.
 */
function bound(req: Request, res: Response, limit: number, message: string, refuseNow: boolean): boolean {
  const push = req.push.bind(req) as Push;
  // Express's earlier middlewares (the rate limits) may have awaited: what arrived meanwhile is buffered in req.
  let received = req.readableLength;
  let refused = false;
  let discarded = 0;
  const refuse = () => {
    refused = true;
    answer413(req, res, message);
    // The reader (Remix's stream over req) fails instead of seeing a body cut short as if complete.
    if (req.listenerCount("error") > 0) req.emit("error", new BodyTooLargeError(message));
  };
  (req as unknown as { push: Push }).push = (chunk, encoding) => {
    if (chunk === null || chunk === undefined) return push(chunk, encoding);
    const size = (chunk as Buffer).byteLength;
    if (refused) {
      discarded += size;
      if (discarded > DISCARD_BYTES) req.socket.destroy();
      return true;
    }
    received += size;
    if (received <= limit) return push(chunk, encoding);
    refuse();
    return true;
  };
  // A reader that gives up early (a part over the route's own cap) cancels the body, which would
  // destroy the socket under the route's answer: the rest is dropped instead, as after a refusal.
  const destroy = req.destroy.bind(req);
  req.destroy = (error?: Error) => {
    if (req.complete || req.socket.destroyed) return destroy(error);
    refused = true;
    req.socket.resume();
    return req;
  };
  if (refuseNow || received > limit) {
    refuse();
    // Flowing, so the bytes reach the counter above and are dropped (rather than Node's unbounded dump).
    req.resume();
  }
  return refused;
}

/** One rule for every body: docs/decisions/0142-bounded-bodies-and-pdf-caps.md */
export function bodyLimits(): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const { limit, message, fieldsFirst } = bodyLimitFor(req.path, isMultipart(req));
    const declared = Number(req.get("content-length") ?? 0);
    if (!bound(req, res, limit, message, declared > limit && !fieldsFirst)) next();
  };
}

/**
 * After a refusal the route may still try to answer (its read failed); its answer has nowhere to go
 * and must not reach Express's default handler, which would close the connection under the 413.
 */
export function afterBodyRefusal(): ErrorRequestHandler {
  return (error, _req, res, next) => {
    if (res.locals.bodyRefused) return;
    next(error);
  };
}
