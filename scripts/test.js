// `npm test`: every check in one run — typecheck, lint, Vitest, the production build, Playwright
// (JavaScript on and off) — then one summary. Exits non-zero if any step failed.
import "./node-version.js";

import { spawn } from "node:child_process";

console.log(`node ${process.version}`);

const steps = [
  ["typecheck", "npx", ["tsc"]],
  // ESLint, then Prettier's format check: the package's own lint script, so the two never drift.
  ["lint", "npm", ["run", "lint"]],
  ["unit + integration (vitest)", "npx", ["vitest", "run"]],
  ["build", "npm", ["run", "build"]],
  ["end-to-end (playwright)", "npx", ["playwright", "test"]],
  // The app again on the S3 driver, for browser-to-bucket uploads (decision 0145).
  ["end-to-end on the S3 driver (playwright)", "npx", ["playwright", "test", "-c", "playwright.s3.config.ts"]],
];

// Lines that name a failure (Vitest's FAIL, Playwright's ✘ and numbered failures, tsc's and
// ESLint's errors, Prettier's unformatted files, assertion messages), repeated in the summary: CI keeps only the output's tail.
const FAILURE_LINE =
  /^\s*(FAIL\b|✘|\d+\) \[|.*error TS\d+|\[warn\] |.*\d+:\d+\s+error\s)|AssertionError|Error: expect|flaky/;
const MAX_FAILURE_LINES = 40;
// eslint-disable-next-line no-control-regex -- terminal colour codes start with ESC
const ANSI = /\x1b\[[0-9;]*m/g;

function run(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ["inherit", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "0" } });
    const failures = [];
    const watch = (from, to) => {
      let rest = "";
      from.on("data", (chunk) => {
        to.write(chunk);
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines.map((l) => l.replace(ANSI, "")))
          if (FAILURE_LINE.test(line) && failures.length < MAX_FAILURE_LINES) failures.push(line.trim().slice(0, 300));
      });
    };
    watch(child.stdout, process.stdout);
    watch(child.stderr, process.stderr);
    child.on("close", (status) => resolve({ status, failures }));
  });
}

const results = [];
for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const { status, failures } = await run(cmd, args);
  results.push({ name, ok: status === 0, failures, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  // Without a build there is nothing for Playwright to test.
  if (name === "build" && status !== 0) break;
}

console.log("\nSummary");
for (const r of results) {
  console.log(`  ${r.ok ? "PASS" : "FAIL"}  ${r.name} (${r.seconds}s)`);
  for (const line of r.ok ? r.failures.filter((l) => /flaky/.test(l)) : r.failures) console.log(`        ${line}`);
}
const failed = results.filter((r) => !r.ok).length;
const skippedSteps = steps.length - results.length;
console.log(`\n${results.length - failed} passed, ${failed + skippedSteps} failed`);
process.exit(failed + skippedSteps === 0 ? 0 : 1);
