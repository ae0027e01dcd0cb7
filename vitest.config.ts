import os from "node:os";
import { defineConfig } from "vitest/config";

// Vitest has its own config: loading vite.config.ts (the Remix plugin) breaks tests.
// Two projects: `*.test.ts` run in Node with a fresh database each; `*.test.tsx` under app/ are
// component tests and run in happy-dom without a database (decision 0119).
export default defineConfig({
  resolve: {
    alias: { "~": new URL("./app", import.meta.url).pathname, "#db": new URL("./db", import.meta.url).pathname },
  },
  test: {
    pool: "forks",
    // Vitest's default is one fewer than the cores: one fork on a 2-core machine, with the second
    // core idle while a test waits on ffmpeg, flite or a socket. Every file has its own database,
    // data folder and ports, so they run side by side (decision 0184).
    maxWorkers: Math.max(2, os.availableParallelism()),
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          include: [
            "app/**/*.test.ts",
            "tests/integration/**/*.test.{ts,tsx}",
            "tests/sweep/**/*.test.ts",
            "server/**/*.test.ts",
            "db/**/*.test.ts",
          ],
          setupFiles: ["./tests/setup/vitest-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "dom",
          include: ["app/**/*.test.tsx"],
          environment: "happy-dom",
          setupFiles: ["./tests/setup/dom-setup.ts"],
        },
      },
    ],
  },
});
