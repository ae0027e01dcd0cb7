// Starts the production server (the built app) on 127.0.0.1 as its own process, and stops it.
import { spawn } from "node:child_process";
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

export type RunningServer = { url: string; stop: () => Promise<void> };

export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
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
