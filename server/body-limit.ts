// Every request body is bounded before anything reads it (decision 0142).
import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";

import { ARCHIVE_FORM_OVERHEAD_BYTES, MAX_ARCHIVE_BYTES } from "../app/features/archive/upload-fields";
import { MAX_INBOUND_BYTES } from "../app/features/contributions/attachment-limits";
import { storyMessages } from "../app/features/contributions/messages";
import { MAX_RECORDING_BYTES, RECORDING_FORM_OVERHEAD_BYTES } from "../app/features/contributions/recording-limits";
import { MAX_PDF_MB, podcastMessages } from "../app/features/podcasts/messages";
import { CHUNK_BYTES, MAX_VIDEO_BYTES, MULTIPART_OVERHEAD_BYTES } from "../app/features/testimonials/upload-limits";
import { escapeHtml } from "../app/lib/email/layout";
import { backHref } from "./rate-limit";

const MB = 1024 * 1024;
const COVER_PHOTO_BYTES = 15 * MB;

export const FORM_BODY_BYTES = 2 * MB;
const READER_MARGIN = 1 * MB;
export const DISCARD_BYTES = 512 * MB;

export const bodyTooLarge = (limit: number) =>
  `This request is too large: at most ${formatBytes(limit)} can be sent here.`;

type Rule = {
  path: RegExp;
  multipart: number;
  form?: number;
  message?: string;
  fieldsFirst?: boolean;
};

const RULES: Rule[] = [
  { path: /^\/testimonials\/[^/]+\/?$/, multipart: MAX_VIDEO_BYTES + MULTIPART_OVERHEAD_BYTES + READER_MARGIN },
  {
    path: /^\/api\/testimonials\/public\/[^/]+\/submit$/,
    multipart: MAX_VIDEO_BYTES + MULTIPART_OVERHEAD_BYTES + READER_MARGIN,
  },
  {
    path: /^\/api\/testimonials\/public\/[^/]+\/upload-chunk$/,
    multipart: CHUNK_BYTES + MULTIPART_OVERHEAD_BYTES + READER_MARGIN,
  },
  {
    path: /^\/contribute\/[^/]+\/?$/,
    multipart: MAX_RECORDING_BYTES + RECORDING_FORM_OVERHEAD_BYTES + READER_MARGIN,
    message: storyMessages.recording.tooLarge,
    fieldsFirst: true,
  },
  {
    path: /^\/(api\/stories\/upload|create-podcast)\/?$/,
    multipart: 5 * MAX_PDF_MB * MB + READER_MARGIN,
    message: `${podcastMessages.upload.tooLarge.title}. ${podcastMessages.upload.tooLarge.description}`,
  },
  {
    path: /^\/podcast\/[^/]+\/cover\/?$/,
    multipart: COVER_PHOTO_BYTES + 64 * 1024 + READER_MARGIN,
    message: podcastMessages.cover.tooLarge,
  },
  { path: /^\/admin\/import-archive\/?$/, multipart: MAX_ARCHIVE_BYTES + ARCHIVE_FORM_OVERHEAD_BYTES + READER_MARGIN },
  { path: /^\/webhooks\/mailgun\/inbound\/?$/, multipart: MAX_INBOUND_BYTES, form: 8 * MB },
];

const isMultipart = (req: Request) =>
  (req.get("content-type") ?? "").trimStart().toLowerCase().startsWith("multipart/form-data");

export function bodyLimitFor(path: string, multipart: boolean) {
  const rule = RULES.find((r) => r.path.test(path));
  const limit = multipart && rule ? rule.multipart : (rule?.form ?? FORM_BODY_BYTES);
  return {
    limit,
    message: (multipart && rule?.message) || bodyTooLarge(limit),
    fieldsFirst: multipart && rule?.fieldsFirst === true,
  };
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

function bound(req: Request, res: Response, limit: number, message: string, refuseNow: boolean): boolean {
  const push = req.push.bind(req) as Push;
  let received = req.readableLength;
  let refused = false;
  let discarded = 0;
  const refuse = () => {
    refused = true;
    answer413(req, res, message);
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
  const destroy = req.destroy.bind(req);
  req.destroy = (error?: Error) => {
    if (req.complete || req.socket.destroyed) return destroy(error);
    refused = true;
    req.socket.resume();
    return req;
  };
  if (refuseNow || received > limit) {
    refuse();
    req.resume();
  }
  return refused;
}

export function bodyLimits(): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const { limit, message, fieldsFirst } = bodyLimitFor(req.path, isMultipart(req));
    const declared = Number(req.get("content-length") ?? 0);
    if (!bound(req, res, limit, message, declared > limit && !fieldsFirst)) next();
  };
}

export function afterBodyRefusal(): ErrorRequestHandler {
  return (error, _req, res, next) => {
    if (res.locals.bodyRefused) return;
    next(error);
  };
}
