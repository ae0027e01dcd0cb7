import crypto from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import type { ViteDevServer } from "vite";

import { getDb } from "../app/lib/db.server";
import type { Env } from "../app/lib/env.server";
import { instanceHeaders } from "../app/lib/litefs.server";
import { withRequestScope } from "../app/lib/request-scope.server";
import { bucketOrigin } from "../app/lib/storage/bucket-origin";
import { afterBodyRefusal, bodyLimits } from "./body-limit";
import { expressTrustProxy, proxyPolicy } from "./client-ip";
import { originCheck } from "./origin-check";
import { rateLimits } from "./rate-limit";
import { partitionedHandler } from "./route-partition";

type Options = { env: Env; viteDevServer?: ViteDevServer; buildDir?: string | undefined };

function filesOnly(serve: express.RequestHandler): express.RequestHandler {
  return (req, res, next) => (path.extname(req.path) ? serve(req, res, next) : next());
}

function assetHeaders(res: express.Response) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
}

export async function createApp({ env, viteDevServer, buildDir: dir }: Options) {
  const buildDir = path.resolve(dir ?? "build");
  const app = express();
  app.disable("x-powered-by");
  const proxy = proxyPolicy(env);
  app.set("trust proxy", expressTrustProxy(proxy));
  app.use(instanceHeaders());

  app.get("/healthz", (_req, res) => {
    try {
      getDb().$client.prepare("select 1").get();
      res.type("text").send("OK");
    } catch (error) {
      res
        .status(503)
        .type("text")
        .send(`database unavailable: ${(error as Error).message}`);
    }
  });

  app.use(compression());
  if (!viteDevServer)
    app.use(
      "/assets",
      express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y", setHeaders: assetHeaders }),
    );

  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("hex");
    next();
  });
  const dev = Boolean(viteDevServer);
  const bucket = bucketOrigin(env);
  app.use(
    helmet({
      xPoweredBy: false,
      referrerPolicy: { policy: "same-origin" },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: env.APP_ENV === "production",
      contentSecurityPolicy: {
        reportOnly: dev,
        directives: {
          "default-src": ["'self'"],
          "connect-src": ["'self'", ...(bucket ? [bucket] : []), ...(dev ? ["ws:"] : [])],
          "font-src": ["'self'"],
          "frame-src": ["'self'"],
          "img-src": ["'self'", "data:", "blob:"],
          "media-src": ["'self'", "blob:"],
          "script-src": [
            "'strict-dynamic'",
            "'self'",
            (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
          ],
          "script-src-attr": [(_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
          "style-src": ["'self'", "'unsafe-inline'"],
          "form-action": ["'self'"],
          "frame-ancestors": ["'none'"],
          "upgrade-insecure-requests": env.APP_ENV === "production" ? [] : null,
        },
      },
    }),
  );
  app.use(originCheck());
  app.use(
    rateLimits({
      windowMs: env.RATE_LIMIT_WINDOW_MS,
      authMax: env.RATE_LIMIT_AUTH_MAX,
      publicPostMax: env.RATE_LIMIT_PUBLIC_POST_MAX,
      generalMax: env.RATE_LIMIT_GENERAL_MAX,
      proxy,
    }),
  );
  app.use(bodyLimits());

  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (viteDevServer) {
    app.use(viteDevServer.middlewares);
    build = () => viteDevServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
  } else {
    app.use(filesOnly(express.static(path.join(buildDir, "client"), { maxAge: "1h" })));
    build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  }
  app.use(filesOnly(express.static("public", { maxAge: "1h" })));

  const remixHandler = (serverBuild: typeof build) =>
    createRequestHandler({
      build: serverBuild,
      mode: env.NODE_ENV === "production" ? "production" : "development",
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
    });
  if (typeof build === "function") {
    const handler = remixHandler(build);
    app.all("*", (req, res, next) => withRequestScope(req.method, () => handler(req, res, next)));
  } else {
    // Remix matches over the routes a URL's first segment allows, not all of them (decision 0140).
    const handlerFor = partitionedHandler(build, remixHandler);
    app.all("*", (req, res, next) => withRequestScope(req.method, () => handlerFor(req.path)(req, res, next)));
  }
  app.use(afterBodyRefusal());
  return app;
}
