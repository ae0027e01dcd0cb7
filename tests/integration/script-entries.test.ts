// Db/seed.ts once ended with a "run as a script" check (process.argv[1] === this file),
// which the server bundle made true on every start, so every compiled server seeded the demo
// accounts. Script-only code belongs in an entry of its own: no module the server bundles may look
// at process.argv (tests/e2e/safe-defaults.spec.ts starts the compiled server on an empty database).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

import { serverBuildOptions } from "../../scripts/server-build-options.js";

const root = path.resolve(import.meta.dirname, "../..");

describe("script entries", () => {
  it("no module bundled into the compiled server reads process.argv, except the command-line entries", async () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), "storyhearth-bundle-"));
    try {
      const result = await build({
        ...serverBuildOptions(outdir),
        absWorkingDir: root,
        write: false,
        metafile: true,
        logLevel: "silent",
      });
      const entries = new Set(["scripts/migrate.ts", "scripts/restore.ts", "scripts/import.ts"]);
      const bundled = Object.keys(result.metafile.inputs).filter((file) => !file.startsWith("node_modules/"));
      expect(bundled).toContain("server/index.ts");
      expect(bundled).toContain("app/seed/demo.server.ts");
      const offenders = bundled.filter(
        (file) => !entries.has(file) && /process\.argv/.test(fs.readFileSync(path.join(root, file), "utf8")),
      );
      expect(offenders).toEqual([]);
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  });
});
