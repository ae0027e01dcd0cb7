// Starts the production server (the built app) on 127.0.0.1 as its own process, and stops it.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** `cpuMs()`: the server process's CPU time so far (user + system, all threads; Linux only, else NaN). */
export type RunningServer = { url: string; pid: number | undefined; cpuMs: () => number; stop: () => Promise<void> };

const TICKS_PER_SECOND = 100; // USER_HZ, the unit of /proc/<pid>/stat's times on Linux

function cpuMsOf(pid: number | undefined) {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

/** The compiled server production runs (decision 0141), in the build the benchmark was given. */
export const compiledServer = (buildDir = process.env.BUILD_DIR ?? "build") => path.join(buildDir, "node", "index.js");

/** How node starts `script`: TypeScript (a source entry, or a before/after comparison) through tsx. */
export const nodeArgsFor = (script: string) => (script.endsWith(".ts") ? ["--import", "tsx", script] : [script]);

/**
 * `script` defaults to the compiled server; `nodeArgs` go before it (e.g. `--cpu-prof`). Stopping
 * sends SIGTERM, so a profile is written on the way out.
 */
export async function startServer(
  env: Record<string, string>,
  { timeoutMs = 60_000, script = undefined as string | undefined, nodeArgs = [] as string[] } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, ...nodeArgsFor(script ?? compiledServer(env.BUILD_DIR))], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not answer /healthz within ${timeoutMs} ms: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid,
    cpuMs: () => cpuMsOf(child.pid),
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The environment of a benchmark's app: its own SQLite file and files folder under `dir`, the
 * production build, and rate limits out of the way (the load would otherwise measure the limiter).
 */
export function benchAppEnv(dir: string, buildDir: string, extra: Record<string, string> = {}) {
  return {
    APP_ENV: "test",
    DATABASE_PATH: path.join(dir, "bench.db"),
    DATA_DIR: path.join(dir, "files"),
    SESSION_SECRET: "bench-session-secret",
    BUILD_DIR: buildDir,
    RATE_LIMIT_AUTH_MAX: "1000000000",
    RATE_LIMIT_PUBLIC_POST_MAX: "1000000000",
    RATE_LIMIT_GENERAL_MAX: "1000000000",
    ...extra,
  };
}
