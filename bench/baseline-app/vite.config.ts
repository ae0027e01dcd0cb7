// The bench's baseline: a bare Remix app (one route with a loader and a form) built with the project's
// own Remix, Vite and React from the root node_modules and the same future flags, into BASELINE_BUILD_DIR.
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

export default defineConfig({
  root: new URL(".", import.meta.url).pathname,
  logLevel: "warn",
  plugins: [
    remix({
      appDirectory: new URL("./app", import.meta.url).pathname,
      buildDirectory: process.env.BASELINE_BUILD_DIR ?? "build",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
});
