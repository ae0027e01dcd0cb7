import type { RequestHandler } from "express";

/** They authenticate by signature or API key, not by cookie. */
const EXEMPT = [/^\/webhooks\//, /^\/api\/external\//];

/** Beside SameSite=Lax, for old browsers. Why: docs/decisions/0004-cross-site-and-rate-limits.md */
export function originCheck(): RequestHandler {
  return (req, res, next) => {
    if (["GET", "HEAD", "OPTIONS"].includes(req.method) || EXEMPT.some((p) => p.test(req.path))) return next();
    const origin = req.get("origin");
    const site = req.get("sec-fetch-site");
    const host = req.get("x-forwarded-host") ?? req.get("host");
    const crossOrigin = origin && origin !== "null" ? safeHost(origin) !== host : origin === "null";
    if (crossOrigin || site === "cross-site") {
      res.status(403).json({ message: "Cross-site requests are not allowed." });
      return;
    }
    next();
  };
}

function safeHost(origin: string) {
  try {
    return new URL(origin).host;
  } catch {
    return "";
  }
}
