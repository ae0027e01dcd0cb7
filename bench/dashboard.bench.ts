// Dashboard benchmark: one owner with 1,000 collections and 50,000 stories. Measures requests/s and
// p50/p99 latency of GET / (dashboard) and GET /manage-collections, against two baselines measured in
// the same run: the bare page route of the app — a signed-in page with no data of its own
// (GET /change-password: same session, root loader, document and compression) — which the goal is set
// against (docs/decisions/0113-dashboard-benchmark-baseline.md), and GET /healthz (Express alone, no
// Remix, no session), reported for reference.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { measure, type LoadResult } from "./lib/load";
import { seedOwnerData } from "./lib/seed";
import { benchAppEnv, startServer } from "./lib/server";
import type { BenchContext, Figures } from "./lib/types";

const SIZE = { collections: 1_000, stories: 50_000, invitesPerCollection: 3, podcasts: 200 };
const GOAL_RPS = "≥ 50% of the bare page route's requests/s (GET /change-password, same run)";

export default async function dashboardBench(ctx: BenchContext): Promise<Figures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storyhearth-bench-"));
  const env = benchAppEnv(dir, ctx.buildDir);
  // The app's modules read these on first use, so set them before importing any.
  Object.assign(process.env, env);
  const { closeDb, getDb, migrateDatabase } = await import("../app/lib/db.server");
  const { createUser } = await import("../app/models/user.server");
  const { createSession } = await import("../app/models/session.server");
  const { SESSION_ID_KEY } = await import("../app/features/account/auth.server");
  const { authSessionStorage } = await import("../app/lib/session.server");

  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const started = performance.now();
    migrateDatabase(getDb());
    const owner = await createUser({ email: "bench-owner@example.com", firstName: "Bench" });
    seedOwnerData(getDb().$client, owner.id, SIZE);
    // Signed in the way tests/e2e/fixtures.ts does it: a session row and its signed cookie.
    const session = await authSessionStorage().getSession();
    session.set(SESSION_ID_KEY, createSession(owner.id).id);
    const cookie = (await authSessionStorage().commitSession(session)).split(";")[0]!;
    closeDb();
    console.log(
      `  seeded ${SIZE.collections} collections, ${SIZE.stories} stories in ${Math.round(performance.now() - started)} ms`,
    );

    server = await startServer(env);
    const headers = { Cookie: cookie, Accept: "text/html", "Accept-Encoding": "gzip" };
    const home = await fetch(`${server.url}/`, { headers });
    const html = await home.text();
    if (!html.includes("Family Memories Dashboard") || !html.includes("50,000"))
      throw new Error(`GET / did not render the signed-in dashboard (status ${home.status})`);

    const run = async (route: string, seconds = ctx.seconds): Promise<LoadResult> => {
      await measure(`${server!.url}${route}`, { seconds: Math.min(2, seconds), concurrency: ctx.concurrency, headers }); // warm-up
      const result = await measure(`${server!.url}${route}`, { seconds, concurrency: ctx.concurrency, headers });
      console.log(
        `  GET ${route}: ${result.requests} requests in ${result.seconds.toFixed(1)} s, ${result.errors} errors`,
      );
      if (result.requests === 0) throw new Error(`GET ${route} answered no 200s: ${JSON.stringify(result.statuses)}`);
      return result;
    };
    const bare = await run("/healthz");
    const plain = await run("/change-password");
    const dashboard = await run("/");
    const manage = await run("/manage-collections");

    const figure = (value: number, unit: string, baseline: number, goal: string) => ({
      value,
      unit,
      baseline,
      ratio: baseline ? value / baseline : NaN,
      goal,
      machine: ctx.machine,
    });
    const route = (name: string, r: LoadResult, base: LoadResult, rpsGoal: string) => ({
      [`${name}.rps`]: figure(r.rps, "req/s", base.rps, rpsGoal),
      [`${name}.p50`]: figure(r.p50, "ms", base.p50, "informational: p50 latency against the baseline's"),
      [`${name}.p99`]: figure(r.p99, "ms", base.p99, "informational: p99 latency against the baseline's"),
    });
    const vsHealthz = "informational: against GET /healthz (Express alone; no server-rendered page comes near it)";
    return {
      ...route(
        "dashboard.bare_page",
        plain,
        bare,
        "baseline: GET /change-password, a signed-in page with no data of its own (against /healthz here)",
      ),
      ...route("dashboard.home", dashboard, plain, GOAL_RPS),
      ...route("dashboard.manage_collections", manage, plain, GOAL_RPS),
      "dashboard.healthz.rps": figure(bare.rps, "req/s", bare.rps, "reference: GET /healthz"),
      "dashboard.home.rps_vs_healthz": figure(dashboard.rps, "req/s", bare.rps, vsHealthz),
      "dashboard.manage_collections.rps_vs_healthz": figure(manage.rps, "req/s", bare.rps, vsHealthz),
    };
  } finally {
    await server?.stop();
    closeDb();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
