// `npm test`: every check in one run — typecheck, lint, Vitest, the production build, Playwright
// (JavaScript on and off) — then one summary. Exits non-zero if any step failed.
import "./node-version.js";
import { spawnSync } from "node:child_process";

console.log(`node ${process.version}`);

const steps = [
  ["typecheck", "npx", ["tsc"]],
  ["lint", "npx", ["eslint", "--max-warnings", "0", "."]],
  ["unit + integration (vitest)", "npx", ["vitest", "run"]],
  ["build", "npm", ["run", "build"]],
  ["end-to-end (playwright)", "npx", ["playwright", "test"]],
];

const results = [];
for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const run = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, FORCE_COLOR: "0" } });
  results.push({ name, ok: run.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  // Without a build there is nothing for Playwright to test.
  if (name === "build" && run.status !== 0) break;
}

console.log("\nSummary");
for (const r of results) console.log(`  ${r.ok ? "PASS" : "FAIL"}  ${r.name} (${r.seconds}s)`);
const failed = results.filter((r) => !r.ok).length;
const skippedSteps = steps.length - results.length;
console.log(`\n${results.length - failed} passed, ${failed + skippedSteps} failed`);
process.exit(failed + skippedSteps === 0 ? 0 : 1);
