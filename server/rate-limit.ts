import type { Request, RequestHandler, Response } from "express";
import { ipKeyGenerator, rateLimit } from "express-rate-limit";

import { messages } from "../app/features/account/messages";
import { escapeHtml } from "../app/lib/email/layout";
import { clientIp, type ProxyPolicy } from "./client-ip";

export type RateLimitConfig = {
  windowMs: number;
  authMax: number;
  publicPostMax: number;
  generalMax: number;
  proxy?: ProxyPolicy;
};

const AUTH_PATHS = [
  /^\/login\/?$/,
  /^\/api\/login\/?$/,
  /^\/api\/register\/?$/,
  /^\/reset-password/,
  /^\/api\/auth\/reset-password/,
  /^\/dev\/admin-login/,
];
const PUBLIC_POST_PATHS = [
  /^\/contribute\//,
  /^\/api\/testimonials\/public\//,
  /^\/testimonials\//,
  /^\/s\//,
  /^\/launch-list/,
  /^\/help/,
];

const UPLOAD_CHUNK_PATH = /^\/api\/testimonials\/public\/[^/]+\/upload-chunk$/;
export const UPLOAD_CHUNKS_PER_WINDOW = 300;

const matches = (patterns: RegExp[], path: string) => patterns.some((p) => p.test(path));

export function backHref(req: Request) {
  const referer = req.get("referer");
  if (referer) {
    try {
      const url = new URL(referer);
      if (url.host === req.get("host")) return url.pathname + url.search;
    } catch {
      // An unreadable Referer: fall through to the path.
    }
  }
  return req.method === "GET" ? "/" : req.path;
}

function tooMany(req: Request, res: Response) {
  const wantsHtml = req.accepts(["json", "html"]) === "html";
  res.status(429);
  if (wantsHtml) {
    res
      .type("html")
      .send(
        `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too many requests</title><h1>Too many requests</h1><p>${messages.auth.tooManyRequests}</p><p><a href="${escapeHtml(backHref(req))}">Go back</a></p></html>`,
      );
  } else {
    res.json({ message: messages.auth.tooManyRequests });
  }
}

export function rateLimits(config: RateLimitConfig): RequestHandler[] {
  const proxy = config.proxy ?? { kind: "direct" };
  const base = {
    windowMs: config.windowMs,
    standardHeaders: "draft-8" as const,
    legacyHeaders: false,
    handler: tooMany,
    // Not req.ip: a forged X-Forwarded-For must not give each request a new key (decision 0137).
    keyGenerator: (req: Request) => ipKeyGenerator(clientIp(req, proxy)),
    validate: { xForwardedForHeader: false },
  };
  const isPost = (req: Request) => req.method !== "GET" && req.method !== "HEAD";
  return [
    rateLimit({ ...base, limit: config.generalMax }),
    rateLimit({
      ...base,
      limit: config.publicPostMax,
      skip: (req) => !isPost(req) || UPLOAD_CHUNK_PATH.test(req.path) || !matches(PUBLIC_POST_PATHS, req.path),
    }),
    rateLimit({
      ...base,
      limit: Math.max(config.publicPostMax, UPLOAD_CHUNKS_PER_WINDOW),
      skip: (req) => !isPost(req) || !UPLOAD_CHUNK_PATH.test(req.path),
    }),
    rateLimit({ ...base, limit: config.authMax, skip: (req) => !isPost(req) || !matches(AUTH_PATHS, req.path) }),
  ];
}
