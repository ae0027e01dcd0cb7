import type { RequestHandler } from "express";

const EXEMPT = [/^\/webhooks\//, /^\/api\/external\//];

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
