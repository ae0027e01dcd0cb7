// The server compiled once at build time (decision 0141): `node <build>/node/index.js` runs plain
// JavaScript, with no TypeScript loader on the production path. Written to <build>/node/ beside
// Remix's client/ and server/ (BUILD_DIR, default "build"), with the workers the server starts and
// the migration step LiteFS runs. Packages stay in node_modules; only our own code is bundled.
import path from "node:path";
import { build } from "esbuild";

const outdir = path.join(process.env.BUILD_DIR ?? "build", "node");

await build({
  entryPoints: {
    index: "server/index.ts",
    migrate: "scripts/migrate.ts",
    restore: "scripts/restore.ts",
    // Started by path (workerScript in app/lib/worker-script.server.ts), so they keep these names.
    "render-worker": "app/audio/render-worker.ts",
    "flite-worker": "app/audio/flite-worker.ts",
  },
  outdir,
  bundle: true,
  splitting: true,
  // Chunks beside the entries: a module's import.meta.url then names <build>/node/, which is what
  // workerScript and the migrations folder (app/lib/db.server.ts) resolve from.
  chunkNames: "[name]-[hash]",
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log(`server compiled into ${outdir}/`);
