// Figures that were assertions in tests once: measured there, they failed on a loaded
// machine. Each is reported against a baseline from the same run; the tests keep what cannot vary
// (every answer a 413, the same hashing work, the caps' messages, bytes held while streaming).
// - bounded bodies: the compiled server's RSS while eight 200 MB over-limit posts arrive four at a
//   time (baseline: one 200 MB body, what holding it would add); the slowest 413 (baseline: one post
//   alone); /healthz just after (baseline: /healthz before).
// - PDF caps: a 1 GB decompression bomb and a 50,000-page PDF refused (baseline: reading a one-page PDF).
// - sign-in: CPU of a wrong password for an unknown e-mail (the dummy hash) against a known one.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

import { postOversized, type OversizedTarget } from "../tests/utils/oversized-post";
import { manyPages, onePage, zerosDeflated } from "../tests/utils/pdf-samples";
import type { BenchFigure } from "./figures";
import { benchAppEnv, startServer } from "./lib/server";

const MB = 1024 * 1024;

async function timed<T>(work: () => Promise<T>) {
  const started = performance.now();
  await work().catch(() => undefined);
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function rssOf(pid: number | undefined) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024;
}

async function bodyFigures(dir: string): Promise<BenchFigure[]> {
  const server = await startServer(
    benchAppEnv(dir, process.env.BUILD_DIR ?? "build", { JOBS_DISABLED: "true", VOICES_AUTO_DOWNLOAD: "false" }),
  );
  try {
    const port = Number(new URL(server.url).port);
    const targets: OversizedTarget[] = [
      { path: "/login", type: "form", accept: "text/html" },
      { path: "/webhooks/mailgun/inbound", type: "multipart", accept: "application/json" },
    ];
    const jobs = [...targets, ...targets].flatMap((target) => [false, true].map((chunked) => ({ target, chunked })));
    const healthz = () => timed(() => fetch(`${server.url}/healthz`));
    await healthz();
    const idle = await healthz();
    const alone = await timed(() => postOversized(port, targets[0]!, false, 200 * MB));
    const before = rssOf(server.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 20);
    const slowest: number[] = [];
    const queue = [...jobs];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let job = queue.shift(); job; job = queue.shift())
          slowest.push(await timed(() => postOversized(port, job.target, job.chunked, 200 * MB)));
      }),
    );
    clearInterval(sampler);
    const after = await healthz();
    const growth = (peak - before) / MB;
    return [
      {
        name: "bounded bodies: server RSS growth, 8 × 200 MB over-limit posts",
        value: growth,
        unit: "MB",
        baseline: 200,
        ratio: growth / 200,
        goal: "< 64 MB (a third of one body)",
      },
      {
        name: "bounded bodies: slowest 413, four at a time",
        value: Math.max(...slowest),
        unit: "ms",
        baseline: alone,
        ratio: Math.max(...slowest) / alone,
        goal: "informational",
      },
      {
        name: "bounded bodies: /healthz just after",
        value: after,
        unit: "ms",
        baseline: idle,
        ratio: after / idle,
        goal: "< 1000 ms",
      },
    ];
  } finally {
    await server.stop();
  }
}

async function pdfFigures(): Promise<BenchFigure[]> {
  const { extractPdfText } = await import("../app/features/podcasts/pdf-text.server");
  const ordinary = onePage(
    zlib.deflateSync(Buffer.from("BT /F1 12 Tf 72 720 Td (Grandma crossed the ocean in 1952.) Tj ET")),
  );
  await extractPdfText(ordinary);
  const read = await timed(() => extractPdfText(ordinary));
  const bomb = await timed(async () =>
    extractPdfText(onePage(await zerosDeflated(1024 * MB))).then(() => {
      throw new Error("the bomb was read");
    }),
  );
  const pages = await timed(() => extractPdfText(manyPages(50_000)));
  return [
    {
      name: "PDF caps: 1 GB decompression bomb refused",
      value: bomb,
      unit: "ms",
      baseline: read,
      ratio: bomb / read,
      goal: "< 5000 ms",
    },
    {
      name: "PDF caps: 50,000-page PDF refused",
      value: pages,
      unit: "ms",
      baseline: read,
      ratio: pages / read,
      goal: "< 5000 ms",
    },
  ];
}

async function signInFigures(): Promise<BenchFigure[]> {
  const { hashPassword, PRODUCTION_PARAMS, setHashParams, verifyAgainstDummy, verifyPassword } =
    await import("../app/lib/password.server");
  setHashParams(PRODUCTION_PARAMS);
  const stored = await hashPassword("the-right-password");
  await verifyAgainstDummy("warm-up: makes the dummy hash");
  const cpuOf = async (work: () => Promise<unknown>) => {
    const start = process.cpuUsage();
    await work();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < 9; i++) {
    known.push(await cpuOf(() => verifyPassword("wrong-password", stored)));
    unknown.push(await cpuOf(() => verifyAgainstDummy("wrong-password")));
  }
  const [k, u] = [median(known), median(unknown)];
  return [
    {
      name: "sign-in: CPU of a wrong password, unknown e-mail",
      value: u,
      unit: "ms",
      baseline: k,
      ratio: u / k,
      goal: "ratio within 0.9–1.1 (the known e-mail's is the baseline)",
    },
  ];
}

export async function runBoundsBench(): Promise<BenchFigure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storyhearth-bench-bounds-"));
  // The in-process figures read the app's environment once: their own scratch files.
  Object.assign(process.env, {
    APP_ENV: "test",
    DATABASE_PATH: path.join(dir, "in-process.db"),
    DATA_DIR: path.join(dir, "in-process-files"),
    SESSION_SECRET: "bench-session-secret",
  });
  try {
    return [...(await pdfFigures()), ...(await signInFigures()), ...(await bodyFigures(dir))];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
