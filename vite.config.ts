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

/**
 * The browser chunk that holds React DOM starts with V8's explicit compile hint: V8 then compiles all of
 * it while the file streams in, off the main thread, instead of each function on its first call during
 * hydration. Measured on the phone bench: module evaluation 15-22 ms to 7-12, hydration's script about a
 * third less (decision 0189).
 */
const compileHintForReactDom: Plugin = {
  name: "storyhearth:compile-hint-react-dom",
  apply: "build",
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle)) {
      if (file.type === "chunk" && file.moduleIds.some((id) => id.includes("/node_modules/react-dom/")))
        file.code = `//# allFunctionsCalledOnLoad\n${file.code}`;
    }
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle stays one file: parts the browser fetches when shown (lazyPart, decision 0183)
  // would otherwise split it into chunks under server/assets/, and paths the server resolves from its
  // own file (the workers in <build>/node/, decision 0141) would point one folder too deep.
  build: isSsrBuild ? { rollupOptions: { output: { inlineDynamicImports: true } } } : undefined,
  resolve: {
    alias: { "~": new URL("./app", import.meta.url).pathname, "#db": new URL("./db", import.meta.url).pathname },
  },
  ssr: { external: ["better-sqlite3"] },
  server: { watch: { ignored: ["**/*.db", "**/*.db-*", "**/data/**"] } },
  plugins: [
    jitlessZodInBrowser,
    ...(isSsrBuild ? [] : [compileHintForReactDom]),
    tailwindcss(),
    remix({
      // Parallel test runs may each build into their own folder.
      buildDirectory: process.env.BUILD_DIR ?? "build",
      // Routes live in `+` folders by area (remix-flat-routes); Remix's own convention is off.
      ignoredRouteFiles: ["**/*"],
      routes: async (defineRoutes) =>
        flatRoutes("routes", defineRoutes, { ignoredRouteFiles: ["**/*.test.{ts,tsx}", "**/__*.*"] }),
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
