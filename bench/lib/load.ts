// A small closed-loop load generator on node:http with keep-alive (no dependency): `concurrency`
// workers each send the next request as soon as the previous answer has been read completely.
import http from "node:http";

/** `latencies` are the 200s' latencies in ms, sorted, so runs can be pooled (pooled()). */
export type LoadResult = {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  statuses: Record<number, number>;
  latencies: number[];
};

function get(agent: http.Agent, url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

/** Requests `url` for `seconds` with `concurrency` connections; latencies in milliseconds. */
export async function measure(
  url: string,
  { seconds, concurrency, headers = {} }: { seconds: number; concurrency: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const target = new URL(url);
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        const status = await get(agent, target, headers);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status !== 200) errors++;
        else latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds: elapsed,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    statuses,
    latencies,
  };
}

/** Several runs of one URL as one: requests over total time, percentiles over all latencies. */
export function pooled(runs: LoadResult[]): LoadResult {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  const statuses: Record<number, number> = {};
  for (const r of runs)
    for (const [code, n] of Object.entries(r.statuses)) statuses[Number(code)] = (statuses[Number(code)] ?? 0) + n;
  const errors = runs.reduce((sum, r) => sum + r.errors, 0);
  return {
    requests: latencies.length,
    errors,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    statuses,
    latencies,
  };
}
