// Serves the bare baseline app the way server/app.ts serves ours in production: Express, compression,
// the built client's static files, then Remix's request handler. BASELINE_BUILD_DIR names the build.
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";

const buildDir = path.resolve(process.env.BASELINE_BUILD_DIR ?? "build");
const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
const app = express();
app.disable("x-powered-by");
app.get("/healthz", (_req, res) => void res.type("text").send("OK"));
app.use(compression());
app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
app.all("*", createRequestHandler({ build, mode: "production" }));
const server = app.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
