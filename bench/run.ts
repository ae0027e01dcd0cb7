// `npm run bench`: runs every bench/*.bench.ts against the production build on 127.0.0.1, prints one
// line per figure and writes bench/results.json. Each benchmark runs in its own process (the app reads
// its environment once per process). Benchmarks report; they never fail the build, so this always
// exits 0. BENCH_SECONDS (default 10) and BENCH_CONCURRENCY (default 8) tune the HTTP runs.
// `npm run bench -- pages dashboard` runs only bench/pages.bench.ts and bench/dashboard.bench.ts.
//
// A benchmark module either default-exports `(ctx) => Promise<Record<name, Figure>>` (bench/lib/types.ts)
// or exports a `run…Bench()` function answering a list of `{ name, value, unit, baseline?, ratio?, goal? }`
// (bench/figures.ts); both end up as `{ name: { value, unit, baseline, ratio, goal, machine } }`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import type { BenchFigure } from "./figures";
import { machine } from "./lib/machine";
import type { BenchContext, Figure, Figures } from "./lib/types";

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const buildDir = process.env.BUILD_DIR ?? "build";

function ensureBuild() {
  if (fs.existsSync(path.join(buildDir, "server/index.js")) && fs.existsSync(path.join(buildDir, "node/index.js")))
    return true;
  console.log(`No production build in ${buildDir}/; running \`npm run build\` first.`);
  const run = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
  return run.status === 0;
}

const round = (n: number | null, digits: number) => (n !== null && Number.isFinite(n) ? Number(n.toFixed(digits)) : n);
const line = (name: string, f: Figure) =>
  `${name}: ${f.value} ${f.unit}  (baseline ${f.baseline ?? "none"}${f.baseline !== null ? ` ${f.unit}` : ""}, ratio ${f.ratio ?? "none"}; goal: ${f.goal})`;

/** Runs one benchmark module in this process and answers its figures in the results.json shape. */
async function runOne(file: string, ctx: BenchContext): Promise<Figures> {
  const mod = (await import(pathToFileURL(path.join(benchDir, file)).href)) as Record<string, unknown>;
  const named = Object.entries(mod).find(
    ([key, value]) => /^run\w*Bench$/.test(key) && typeof value === "function",
  )?.[1];
  const run =
    typeof mod.default === "function"
      ? () => (mod.default as (c: BenchContext) => unknown)(ctx)
      : named
        ? () => (named as () => unknown)()
        : null;
  if (!run) throw new Error(`${file} exports neither a default benchmark nor a run…Bench function`);
  const raw = (await run()) as Figures | BenchFigure[];
  const list: Array<[string, Omit<Figure, "machine"> & { machine?: string }]> = Array.isArray(raw)
    ? raw.map((f) => [
        f.name,
        {
          value: f.value,
          unit: f.unit,
          baseline: f.baseline ?? null,
          ratio: f.ratio ?? null,
          goal: [f.goal, f.extra].filter(Boolean).join("; ") || "informational",
        },
      ])
    : Object.entries(raw);
  return Object.fromEntries(
    list.map(([name, f]) => [
      name,
      {
        value: round(f.value, 2)!,
        unit: f.unit,
        baseline: round(f.baseline, 2),
        ratio: round(f.ratio, 3),
        goal: f.goal,
        machine: f.machine ?? ctx.machine,
      },
    ]),
  );
}

async function main() {
  const ctx: BenchContext = {
    buildDir,
    seconds: Number(process.env.BENCH_SECONDS ?? 10),
    concurrency: Number(process.env.BENCH_CONCURRENCY ?? 8),
    machine: machine(),
  };
  // Child mode: `run.ts <file>` with BENCH_OUT set runs that one benchmark and writes its figures there.
  if (process.env.BENCH_OUT) {
    fs.writeFileSync(process.env.BENCH_OUT, JSON.stringify(await runOne(process.argv[2]!, ctx)));
    return;
  }
  const wanted = process.argv.slice(2);
  if (!ensureBuild()) {
    console.log("The build failed; no benchmarks ran.");
    return;
  }
  const files = fs
    .readdirSync(benchDir)
    .filter((f) => f.endsWith(".bench.ts") && (wanted.length === 0 || wanted.includes(f.replace(/\.bench\.ts$/, ""))))
    .sort();
  if (files.length === 0) console.log(`No benchmark is named ${wanted.join(", ")}.`);
  // A partial run updates its own figures in results.json and keeps the others.
  const resultsFile = path.join(benchDir, "results.json");
  const results: Figures =
    wanted.length && fs.existsSync(resultsFile) ? (JSON.parse(fs.readFileSync(resultsFile, "utf8")) as Figures) : {};
  for (const file of files) {
    console.log(`\n▶ ${file}`);
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "storyhearth-bench-out-")), "figures.json");
    const child = spawnSync(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), file], {
      stdio: "inherit",
      env: { ...process.env, BENCH_OUT: out, BUILD_DIR: buildDir },
    });
    if (child.status !== 0 || !fs.existsSync(out)) {
      console.log(`${file} did not finish (exit ${child.status ?? child.signal}); its figures are left out.`);
      continue;
    }
    for (const [name, figure] of Object.entries(JSON.parse(fs.readFileSync(out, "utf8")) as Figures)) {
      results[name] = figure;
      console.log(line(name, figure));
    }
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  }
  fs.writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nWrote bench/results.json (${Object.keys(results).length} figures) on ${ctx.machine}.`);
}

try {
  await main();
} catch (error) {
  console.log(`bench error: ${(error as Error).stack ?? error}`);
  if (process.env.BENCH_OUT) process.exit(1);
}
process.exit(0);
