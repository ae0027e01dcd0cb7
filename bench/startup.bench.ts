// Benchmark: start-up, from `node` to the first 200 on /healthz, of the compiled server
// production runs (decision 0141), against a bare Node HTTP server started the same way in the same
// run; the same server from source through tsx is shown beside it. Median of 5 starts each, on an
// existing database (migrations already applied), jobs off.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import type { BenchFigure } from "./figures";
import { benchAppEnv, compiledServer, freePort, nodeArgsFor } from "./lib/server";

const STARTS = 5;
const BARE_SERVER = `require("node:http").createServer((q, s) => s.end("OK")).listen(Number(process.env.PORT), "127.0.0.1")`;

/** Milliseconds from spawning `args` until /healthz answers 200; the process is then stopped. */
async function timeToHealthy(args: string[], env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production" },
    stdio: "ignore",
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`exited early with ${child.exitCode}: ${args.join(" ")}`);
      if (performance.now() - started > 60_000) throw new Error(`no 200 on /healthz within 60 s: ${args.join(" ")}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function medianStart(args: string[], env: Record<string, string>) {
  const times: number[] = [];
  for (let i = 0; i < STARTS; i++) times.push(await timeToHealthy(args, env));
  return median(times);
}

export async function runStartupBench(): Promise<BenchFigure[]> {
  const buildDir = process.env.BUILD_DIR ?? "build";
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storyhearth-bench-startup-"));
  try {
    const env = benchAppEnv(dir, buildDir, { JOBS_DISABLED: "true", VOICES_AUTO_DOWNLOAD: "0" });
    // The first start creates and migrates the database; the measured ones find it ready, as a restart does.
    await timeToHealthy(nodeArgsFor(compiledServer(buildDir)), env);
    const bare = await medianStart(["-e", BARE_SERVER], {});
    const compiled = await medianStart(nodeArgsFor(compiledServer(buildDir)), env);
    const fromSource = await medianStart(nodeArgsFor("server/index.ts"), env);
    return [
      {
        name: "start-up: node to 200 on /healthz (compiled server)",
        value: compiled,
        unit: "ms",
        baseline: bare,
        ratio: compiled / bare,
        goal: "informational (baseline: a bare Node HTTP server)",
      },
      {
        name: "start-up: the same server from source through tsx",
        value: fromSource,
        unit: "ms",
        baseline: compiled,
        ratio: fromSource / compiled,
        goal: "informational (what compiling saves)",
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
