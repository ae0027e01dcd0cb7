import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { flatRoutes } from "remix-flat-routes";
import { defineConfig, type Plugin } from "vite";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const zodJitless = new URL("./app/lib/zod-jitless.ts", import.meta.url).pathname;
/** The client build's "zod" is app/lib/zod-jitless.ts, which sets jitless before any schema is built. */
const jitlessZodInBrowser: Plugin = {
  name: "storyhearth:zod-jitless-in-browser",
  enforce: "pre",
  resolveId(id, importer, options) {
    if (id !== "zod" || options?.ssr || importer === zodJitless) return null;
    return zodJitless;
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle stays one file: parts the browser fetches when shown (lazyPart, decision 0183)
  // would otherwise split it into chunks under server/assets/, and paths the server resolves from its
  // own file (the workers in <build>/node/, decision 0141) would point one folder too deep.
  build: isSsrBuild ? { rollupOptions: { output: { inlineDynamicImports: true } } } : undefined,
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname, "#db": new URL("./db", import.meta.url).pathname } },
  ssr: { external: ["better-sqlite3"] },
  server: { watch: { ignored: ["**/*.db", "**/*.db-*", "**/data/**"] } },
  plugins: [
    jitlessZodInBrowser,
    tailwindcss(),
    remix({
      // Parallel test runs may each build into their own folder.
      buildDirectory: process.env.BUILD_DIR ?? "build",
      // Routes live in `+` folders by area (remix-flat-routes); Remix's own convention is off.
      ignoredRouteFiles: ["**/*"],
      routes: async (defineRoutes) => flatRoutes("routes", defineRoutes, { ignoredRouteFiles: ["**/*.test.{ts,tsx}", "**/__*.*"] }),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
}));
