// Page benchmark against a bare Remix app. The baseline is bench/baseline-app: one route with a
// loader and a form, built here with the project's own Remix, React and Vite and served by Express +
// compression in production mode. Ten of our pages are measured with three data sets (the demo
// family; the demo family plus 100 collections / 5,000 stories, "1x"; plus 1,000 / 50,000, "10x"),
// each in rounds that alternate baseline and page with the same keep-alive connections, so drift on the
// shared 2-core machine hits both sides. Figures: req/s as a ratio to the baseline's (goal ≥ 0.5), p99
// latency, each page's p99 at 10x against 1x (goal ≤ 1.5), and the server's CPU time per request
// against the baseline's (steadier than req/s while other processes load the machine).
// `npm run bench -- pages` runs it alone.
// BENCH_PAGE_SECONDS (default 1) is one sample, BENCH_PAGE_ROUNDS (default 3) the samples per page;
// BENCH_CPU_PROF=<dir> starts the demo-family server (BENCH_CPU_PROF_SET=10x: that data set's) under
// `node --cpu-prof` and leaves the profile there;
// BENCH_PAGES=login,dashboard and BENCH_DATASETS=demo narrow the run (e.g. to profile one page);
// BENCH_DUMP_HTML=<dir> keeps each page's HTML there; BENCH_APP_SCRIPT=<path> starts another server
// entry than server/index.ts (to compare a change with what came before).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { buildSync } from "esbuild";

import { measure, pooled, type LoadResult } from "./lib/load";
import { seedOwnerData, type SeedSize } from "./lib/seed";
import { benchAppEnv, startServer, type RunningServer } from "./lib/server";
import type { BenchContext, Figure, Figures } from "./lib/types";

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const baselineAppDir = path.join(benchDir, "baseline-app");
const SIZES: Record<"1x" | "10x", SeedSize> = {
  "1x": { collections: 100, stories: 5_000, invitesPerCollection: 3, podcasts: 20 },
  "10x": { collections: 1_000, stories: 50_000, invitesPerCollection: 3, podcasts: 200 },
};
const ALL_DATASETS = ["demo", "1x", "10x"] as const;
type Dataset = (typeof ALL_DATASETS)[number];
const only = (list: string | undefined) => (list ? new Set(list.split(",")) : null);
const DATASETS = ALL_DATASETS.filter((d) => only(process.env.BENCH_DATASETS)?.has(d) ?? true);
type Who = "owner" | "admin" | "anonymous";
type Ids = {
  campaign: string;
  storiesCampaign: string;
  publicId: string;
  podcast: string;
  newsletter: string;
  share: string;
};
type Page = { key: string; path: (ids: Ids) => string; who: Who; expect: string };

const ALL_PAGES: Page[] = [
  { key: "login", path: () => "/login", who: "anonymous", expect: "Keep your family&#x27;s stories" },
  { key: "dashboard", path: () => "/", who: "owner", expect: "Family Memories Dashboard" },
  { key: "manage_collections", path: () => "/manage-collections", who: "owner", expect: "Manage Story Collections" },
  { key: "stories", path: (ids) => `/campaigns/${ids.storiesCampaign}/stories`, who: "owner", expect: "</html>" },
  { key: "my_podcasts", path: () => "/my-podcasts", who: "owner", expect: "Bench episode" },
  { key: "podcast", path: (ids) => `/podcast/${ids.podcast}`, who: "owner", expect: "Bench episode" },
  { key: "newsletter", path: (ids) => `/newsletter/${ids.newsletter}`, who: "anonymous", expect: "Family Newsletter" },
  { key: "share", path: (ids) => `/s/${ids.share}`, who: "anonymous", expect: "Bench episode" },
  { key: "answer_form", path: (ids) => `/contribute/${ids.publicId}`, who: "anonymous", expect: "Summers at the Lake" },
  { key: "admin", path: () => "/admin", who: "admin", expect: "</html>" },
];
const PAGES = ALL_PAGES.filter((p) => only(process.env.BENCH_PAGES)?.has(p.key) ?? true);

/** `remix vite:build` of the baseline app into `<build>/bench-baseline` (inside the project, so the server bundle resolves node_modules). */
function buildBaseline(buildDir: string) {
  const out = path.resolve(buildDir, "bench-baseline");
  const run = spawnSync("npx", ["remix", "vite:build"], {
    cwd: baselineAppDir,
    env: { ...process.env, BASELINE_BUILD_DIR: out },
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`the baseline app did not build: ${run.stderr.slice(-2000)}`);
  // Remix installs isbot when an app has no entry.server; ours has one, and the baseline must use the project's packages only.
  if (fs.existsSync(path.join(baselineAppDir, "node_modules")))
    throw new Error("bench/baseline-app/node_modules appeared: the baseline must resolve the project's node_modules");
  // Its server compiled like ours (decision 0141), so neither side pays for a TypeScript loader.
  buildSync({
    entryPoints: [path.join(baselineAppDir, "server.ts")],
    outfile: path.join(out, "server.mjs"),
    bundle: true,
    format: "esm",
    platform: "node",
    packages: "external",
    logLevel: "warning",
  });
  return out;
}

/** The demo family plus what the pages need (a finished episode, its share link, a newsletter); sessions for the owner and the admin. */
export async function seedDemo(dir: string, buildDir: string) {
  Object.assign(process.env, benchAppEnv(dir, buildDir));
  const { closeDb, getDb, migrateDatabase } = await import("../app/lib/db.server");
  const { seedDemoData, DEMO_ADMIN, DEMO_OWNER } = await import("../app/seed/demo.server");
  const { createSession } = await import("../app/models/session.server");
  const { SESSION_ID_KEY } = await import("../app/features/account/auth.server");
  const { adminSessionStorage, authSessionStorage } = await import("../app/lib/session.server");
  const { createShareLink } = await import("../app/models/share-link.server");
  const { createNewsletter } = await import("../app/features/newsletters/newsletters.server");
  const schema = await import("../db/schema");
  const { eq } = await import("drizzle-orm");
  try {
    const db = getDb();
    migrateDatabase(db);
    await seedDemoData(db);
    const user = (email: string) => db.select().from(schema.users).where(eq(schema.users.email, email)).get()!;
    const owner = user(DEMO_OWNER.email);
    const admin = user(DEMO_ADMIN.email);
    const campaign = db.select().from(schema.campaigns).where(eq(schema.campaigns.title, "Summers at the Lake")).get()!;
    const podcast = db
      .insert(schema.podcasts)
      .values({
        ownerId: owner.id,
        campaignId: campaign.id,
        title: "Bench episode",
        status: "complete",
        duration: 612,
        audioKey: "podcasts/bench.mp3",
        transcript: "Summers at the lake.",
      })
      .returning()
      .get();
    const share = await createShareLink(owner.id, podcast.id, { expiration: 30 });
    if (!("token" in share) || !share.token) throw new Error("the benchmark share link was not created");
    const newsletter = createNewsletter(owner.id, campaign.id);
    if (!newsletter.ok) throw new Error(`the benchmark newsletter was not created: ${newsletter.reason}`);
    const cookie = async (storage: typeof authSessionStorage, id: string) => {
      const session = await storage().getSession();
      session.set(SESSION_ID_KEY, id);
      return (await storage().commitSession(session)).split(";")[0]!;
    };
    const cookies: Record<Who, string | null> = {
      owner: await cookie(authSessionStorage, createSession(owner.id).id),
      admin: await cookie(adminSessionStorage, createSession(admin.id, "admin").id),
      anonymous: null,
    };
    const ids: Ids = {
      campaign: campaign.id,
      storiesCampaign: campaign.id,
      publicId: campaign.publicId,
      podcast: podcast.id,
      newsletter: newsletter.newsletter.publicId,
      share: share.token,
    };
    return { ownerId: owner.id, ids, cookies };
  } finally {
    closeDb();
  }
}

export default async function pagesBench(ctx: BenchContext): Promise<Figures> {
  const seconds = Number(process.env.BENCH_PAGE_SECONDS ?? 1);
  const rounds = Number(process.env.BENCH_PAGE_ROUNDS ?? 3);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "storyhearth-bench-pages-"));
  const servers: RunningServer[] = [];
  try {
    const started = performance.now();
    const baselineBuild = buildBaseline(ctx.buildDir);
    console.log(`  built the bare Remix baseline in ${Math.round(performance.now() - started)} ms`);

    const dirs = Object.fromEntries(ALL_DATASETS.map((d) => [d, path.join(root, d)])) as Record<Dataset, string>;
    for (const d of ALL_DATASETS) fs.mkdirSync(dirs[d], { recursive: true });
    const { ownerId, ids: demoIds, cookies } = await seedDemo(dirs.demo, ctx.buildDir);
    const ids: Record<Dataset, Ids> = { demo: demoIds, "1x": demoIds, "10x": demoIds };
    for (const d of (["1x", "10x"] as const).filter((x) => DATASETS.includes(x))) {
      const t0 = performance.now();
      const file = path.join(dirs[d], "bench.db");
      fs.copyFileSync(path.join(dirs.demo, "bench.db"), file);
      const sqlite = new Database(file);
      const collections = seedOwnerData(sqlite, ownerId, SIZES[d]);
      sqlite.close();
      // The stories page of a seeded collection (50 stories) rather than the demo's three.
      ids[d] = { ...demoIds, storiesCampaign: collections[0]! };
      console.log(
        `  ${d}: ${SIZES[d].collections} collections, ${SIZES[d].stories} stories in ${Math.round(performance.now() - t0)} ms`,
      );
    }

    const profileDir = process.env.BENCH_CPU_PROF;
    const app: Partial<Record<Dataset, RunningServer>> = {};
    for (const d of DATASETS) {
      const nodeArgs =
        profileDir && d === (process.env.BENCH_CPU_PROF_SET ?? "demo")
          ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`]
          : [];
      app[d] = await startServer(benchAppEnv(dirs[d], ctx.buildDir, { JOBS_DISABLED: "true" }), {
        nodeArgs,
        script: process.env.BENCH_APP_SCRIPT,
      });
      servers.push(app[d]);
    }
    const baseline = await startServer(
      { BASELINE_BUILD_DIR: baselineBuild },
      { script: path.join(baselineBuild, "server.mjs") },
    );
    servers.push(baseline);

    const headersFor = (who: Who) => ({
      Accept: "text/html",
      "Accept-Encoding": "gzip",
      ...(cookies[who] ? { Cookie: cookies[who]! } : {}),
    });
    const baseHeaders = headersFor("anonymous");
    const check = async (url: string, headers: Record<string, string>, expect: string) => {
      const res = await fetch(url, { headers, redirect: "manual" });
      const html = await res.text();
      const heading = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? /<title>(.*?)<\/title>/.exec(html)?.[1];
      if (process.env.BENCH_DUMP_HTML)
        fs.writeFileSync(
          path.join(process.env.BENCH_DUMP_HTML, `${new URL(url).pathname.replace(/\W+/g, "_")}.html`),
          html,
        );
      if (res.status !== 200 || !html.includes(expect))
        throw new Error(`GET ${url} answered ${res.status} without "${expect}" (heading: ${heading})`);
    };
    await check(`${baseline.url}/`, baseHeaders, "Baseline");
    for (const d of DATASETS)
      for (const page of PAGES) await check(`${app[d]!.url}${page.path(ids[d])}`, headersFor(page.who), page.expect);

    const opts = (headers: Record<string, string>, s = seconds) => ({
      seconds: s,
      concurrency: ctx.concurrency,
      headers,
    });
    await measure(`${baseline.url}/`, opts(baseHeaders, 1)); // warm-up
    // Server CPU per request as well as throughput: the load of other processes on this machine moves
    // req/s, but hardly the CPU time the server spends on a request.
    const samples = new Map<string, { page: LoadResult[]; base: LoadResult[]; pageCpu: number; baseCpu: number }>();
    const sample = async (server: RunningServer, url: string, headers: Record<string, string>) => {
      const cpu0 = server.cpuMs();
      const result = await measure(url, opts(headers));
      return { result, cpu: server.cpuMs() - cpu0 };
    };
    for (const d of DATASETS)
      for (const page of PAGES) {
        await measure(`${app[d]!.url}${page.path(ids[d])}`, opts(headersFor(page.who), Math.min(0.5, seconds))); // warm-up
        samples.set(`${d}.${page.key}`, { page: [], base: [], pageCpu: 0, baseCpu: 0 });
      }
    for (let round = 0; round < rounds; round++) {
      for (const d of DATASETS)
        for (const page of PAGES) {
          const entry = samples.get(`${d}.${page.key}`)!;
          const runPage = async () => {
            const { result, cpu } = await sample(app[d]!, `${app[d]!.url}${page.path(ids[d])}`, headersFor(page.who));
            entry.page.push(result);
            entry.pageCpu += cpu;
          };
          const runBase = async () => {
            const { result, cpu } = await sample(baseline, `${baseline.url}/`, baseHeaders);
            entry.base.push(result);
            entry.baseCpu += cpu;
          };
          // Alternate which side goes first, so neither always runs on a just-warmed machine.
          if (round % 2 === 0) await runBase().then(runPage);
          else await runPage().then(runBase);
        }
      console.log(`  round ${round + 1}/${rounds} done`);
    }

    const figures: Figures = {};
    const put = (name: string, value: number, unit: string, base: number | null, goal: string) =>
      (figures[name] = {
        value,
        unit,
        baseline: base,
        ratio: base ? value / base : null,
        goal,
        machine: ctx.machine,
      } satisfies Figure);
    const table: string[] = [];
    const results = new Map<string, { page: LoadResult; base: LoadResult; pageCpu: number; baseCpu: number }>();
    const perRequest = (cpu: number, r: LoadResult) => cpu / (r.requests + r.errors);
    for (const [key, s] of samples) {
      const page = pooled(s.page);
      const base = pooled(s.base);
      results.set(key, { page, base, pageCpu: perRequest(s.pageCpu, page), baseCpu: perRequest(s.baseCpu, base) });
    }
    for (const d of DATASETS)
      for (const page of PAGES) {
        const { page: r, base, pageCpu, baseCpu } = results.get(`${d}.${page.key}`)!;
        if (r.errors) console.log(`  ${d} ${page.key}: ${r.errors} non-200 answers ${JSON.stringify(r.statuses)}`);
        put(
          `pages.${d}.${page.key}.rps`,
          r.rps,
          "req/s",
          base.rps,
          "≥ 0.5 of the bare Remix app's req/s (same run, alternating rounds)",
        );
        put(`pages.${d}.${page.key}.p99`, r.p99, "ms", base.p99, "informational: p99 against the bare Remix app's");
        put(
          `pages.${d}.${page.key}.cpu_per_request`,
          pageCpu,
          "ms",
          baseCpu,
          "≤ 2× the bare Remix app's server CPU per request (the same goal as ≥ 0.5 of its req/s on an idle machine)",
        );
        table.push(
          `  ${d.padEnd(5)} ${page.key.padEnd(19)} ${r.rps.toFixed(0).padStart(5)} req/s  bare ${base.rps.toFixed(0).padStart(5)}  ratio ${(r.rps / base.rps).toFixed(2)}  p99 ${r.p99.toFixed(1)} ms  CPU ${pageCpu.toFixed(2)} ms/req, bare ${baseCpu.toFixed(2)}, bare/page ${(baseCpu / pageCpu).toFixed(2)}`,
        );
      }
    for (const page of DATASETS.includes("1x") && DATASETS.includes("10x") ? PAGES : []) {
      const one = results.get(`1x.${page.key}`)!.page;
      const ten = results.get(`10x.${page.key}`)!.page;
      put(
        `pages.p99_10x_vs_1x.${page.key}`,
        ten.p99,
        "ms",
        one.p99,
        "p99 at 1,000 collections / 50,000 stories ≤ 1.5× p99 at 100 / 5,000",
      );
    }
    console.log(table.join("\n"));
    return figures;
  } finally {
    for (const server of servers) await server.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
