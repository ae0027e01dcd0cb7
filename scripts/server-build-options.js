// How the server is compiled (decision 0141), shared by scripts/build-server.js and the test that
// checks no bundled module runs script-only code on import (tests/integration/script-entries.test.ts).
export const serverEntryPoints = {
  index: "server/index.ts",
  migrate: "scripts/migrate.ts",
  restore: "scripts/restore.ts",
  import: "scripts/import.ts",
  // Started by path (workerScript in app/lib/worker-script.server.ts), so they keep these names.
  "render-worker": "app/audio/render-worker.ts",
  "flite-worker": "app/audio/flite-worker.ts",
  "book-worker": "app/features/book/book-worker.ts",
};

/** @param {string} outdir */
export const serverBuildOptions = (outdir) => ({
  entryPoints: serverEntryPoints,
  outdir,
  bundle: true,
  splitting: true,
  // Chunks beside the entries: a module's import.meta.url then names <build>/node/, which is what
  // workerScript and the migrations folder (app/lib/db.server.ts) resolve from.
  chunkNames: "[name]-[hash]",
  format: /** @type {const} */ ("esm"),
  platform: /** @type {const} */ ("node"),
  target: "node20",
  packages: /** @type {const} */ ("external"),
  sourcemap: true,
  logLevel: /** @type {const} */ ("warning"),
});
