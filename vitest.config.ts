import { defineConfig } from "vitest/config";

// Vitest has its own config: loading vite.config.ts (the Remix plugin) breaks tests.
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname, "#db": new URL("./db", import.meta.url).pathname } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}", "tests/sweep/**/*.test.ts", "server/**/*.test.ts", "db/**/*.test.ts"],
    setupFiles: ["./tests/setup/vitest-setup.ts"],
    pool: "forks",
    testTimeout: 20_000,
  },
});
