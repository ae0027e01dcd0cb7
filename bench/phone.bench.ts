// What a relative's phone gets (issue 33): Lighthouse's mobile profile (simulated slow 4G, 4x CPU
// slowdown, a Moto G-sized screen) on the pages relatives, listeners and a new owner open, in Debian's
// Chromium, each page twice in the same run: as served, and with every script blocked, the design's
// floor (the page as plain HTML; the inline bootstrap still runs, its imports are blocked). Figures per
// page: performance, accessibility and best-practices scores, LCP, TBT, CLS, bytes by type, and the
// gap to the floor. The demo family (bench/pages.bench.ts's seed) with a real 10-minute episode on disk,
// so a player that preloads shows as media bytes. `npm run bench -- phone`;
// BENCH_PHONE_PAGES=share,login narrows the run; BENCH_PHONE_CHROME picks another Chromium.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { seedDemo } from "./pages.bench";
import { benchAppEnv, startServer, type RunningServer } from "./lib/server";
import type { BenchContext, Figures } from "./lib/types";

const CHROME = process.env.BENCH_PHONE_CHROME ?? "/usr/bin/chromium";
// Headless and quiet: no background traffic (updates, sync, field trials) inside the measured loads.
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-background-timer-throttling",
  "--disable-backgrounding-occluded-windows",
  "--disable-renderer-backgrounding",
  "--disable-component-update",
  "--disable-default-apps",
  "--disable-sync",
  "--disable-extensions",
  "--disable-field-trial-config",
  "--metrics-recording-only",
  "--no-first-run",
  "--no-default-browser-check",
  "--mute-audio",
];
type Ids = Awaited<ReturnType<typeof seedDemo>>["ids"];
type Who = "owner" | "anonymous";
type Page = { key: string; path: (ids: Ids) => string; who: Who };
const ALL_PAGES: Page[] = [
  { key: "share", path: (ids) => `/s/${ids.share}`, who: "anonymous" },
  { key: "stories", path: (ids) => `/campaigns/${ids.storiesCampaign}/stories`, who: "owner" },
  { key: "landing", path: () => "/", who: "anonymous" },
  { key: "dashboard", path: () => "/", who: "owner" },
  { key: "podcast", path: (ids) => `/podcast/${ids.podcast}`, who: "owner" },
  { key: "newsletter", path: (ids) => `/newsletter/${ids.newsletter}`, who: "anonymous" },
  { key: "login", path: () => "/login", who: "anonymous" },
  { key: "my_podcasts", path: () => "/my-podcasts", who: "owner" },
  { key: "answer_form", path: (ids) => `/contribute/${ids.publicId}`, who: "anonymous" },
];
const wanted = process.env.BENCH_PHONE_PAGES ? new Set(process.env.BENCH_PHONE_PAGES.split(",")) : null;
const PAGES = ALL_PAGES.filter((p) => wanted?.has(p.key) ?? true);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const BYTE_TYPES = ["total", "document", "script", "stylesheet", "image", "media", "font", "other"] as const;

/** Chromium with a DevTools port; answers the port and the browser's WebSocket once it listens. */
async function launchChrome(profile: string): Promise<{ port: number; ws: string; child: ChildProcess }> {
  const child = spawn(CHROME, [...CHROME_FLAGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"], { stdio: ["ignore", "ignore", "pipe"] });
  return new Promise((resolve, reject) => {
    let err = "";
    const timer = setTimeout(() => reject(new Error(`Chromium did not open a DevTools port: ${err.slice(-1000)}`)), 30_000);
    child.stderr!.on("data", (chunk: Buffer) => {
      err += chunk;
      const found = /DevTools listening on (ws:\/\/[^:]+:(\d+)\/\S+)/.exec(err);
      if (found) {
        clearTimeout(timer);
        resolve({ port: Number(found[2]), ws: found[1]!, child });
      }
    });
    child.once("exit", (code) => reject(new Error(`Chromium exited (${code}): ${err.slice(-1000)}`)));
  });
}

/** Puts the session cookie into the browser (Storage.setCookies over the DevTools WebSocket). */
async function setCookie(ws: string, url: string, cookie: string) {
  const [name, ...value] = cookie.split("=");
  const socket = new WebSocket(ws);
  await new Promise<void>((resolve, reject) => {
    socket.onerror = () => reject(new Error("no DevTools WebSocket"));
    socket.onopen = () => socket.send(JSON.stringify({ id: 1, method: "Storage.setCookies", params: { cookies: [{ name, value: value.join("="), url }] } }));
    socket.onmessage = (event) => {
      const reply = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
      if (reply.id !== 1) return;
      socket.close();
      if (reply.error) reject(new Error(reply.error.message));
      else resolve();
    };
  });
}

type Result = { scores: Record<string, number>; lcp: number; tbt: number; cls: number; bytes: Record<string, number>; consoleErrors: string[]; failed: string[] };

/**
 * Each run in a fresh Chromium profile (an empty cache, as a relative's first tap), with the session
 * cookie set in the browser: Lighthouse's storage reset would drop it, and a Cookie among its extra
 * headers does not reach the page. Lighthouse now and then loses the trace on a loaded machine
 * (NO_NAVSTART): up to three tries.
 */
async function audit(dir: string, url: string, cookie: string | null, blockScripts: boolean): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const profile = fs.mkdtempSync(path.join(dir, "chrome-"));
    const chrome = await launchChrome(profile);
    try {
      if (cookie) await setCookie(chrome.ws, url, cookie);
      return await auditOnce(chrome.port, url, blockScripts);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  retrying ${url}${blockScripts ? " (scripts blocked)" : ""}: ${(error as Error).message.slice(0, 200)}`);
    } finally {
      // Chromium writes its profile until it has exited.
      const exited = chrome.child.exitCode !== null || chrome.child.signalCode !== null ? null : new Promise((resolve) => chrome.child.once("exit", resolve));
      chrome.child.kill("SIGKILL");
      await exited;
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
    }
  }
}

async function auditOnce(port: number, url: string, blockScripts: boolean): Promise<Result> {
  const run = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: CATEGORIES,
    disableStorageReset: true,
    ...(blockScripts ? { blockedUrlPatterns: ["*.js", "*.mjs"] } : {}),
  });
  if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = run;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const audits = lhr.audits;
  // A page that redirected (a signed-in page that lost its session goes to /login) measured another page.
  if (lhr.finalDisplayedUrl !== url) throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}`);
  const items = (id: string) => ((audits[id]?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? []);
  const bytes = Object.fromEntries(BYTE_TYPES.map((t) => [t, Number(items("resource-summary").find((i) => i.resourceType === t)?.transferSize ?? 0)]));
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  const failed = Object.values(lhr.categories)
    .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0 || c.id === "best-practices").map((r) => audits[r.id]!))
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable")
    .map((a) => a.id);
  return {
    scores,
    lcp: audits["largest-contentful-paint"]?.numericValue ?? NaN,
    tbt: audits["total-blocking-time"]?.numericValue ?? NaN,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    bytes,
    consoleErrors: [
      ...items("errors-in-console").map((i) => String(i.description ?? "").slice(0, 160)),
      ...items("inspector-issues").map((i) => `issue: ${String(i.issueType ?? "")}`),
    ],
    failed: [...new Set(failed)],
  };
}

/** A 10-minute mono MP3 (~5 MB) where the bench podcast's audio key points, so a preloading player shows. */
function writeEpisode(dataDir: string) {
  const file = path.join(dataDir, "files", "podcasts", "bench.mp3");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync("ffmpeg", ["-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=220:duration=612", "-ac", "1", "-b:a", "64k", "-y", file]);
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

export default async function phoneBench(ctx: BenchContext): Promise<Figures> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "storyhearth-bench-phone-"));
  let server: RunningServer | null = null;
  try {
    const { ids, cookies } = await seedDemo(root, ctx.buildDir);
    writeEpisode(root);
    server = await startServer(benchAppEnv(root, ctx.buildDir, { JOBS_DISABLED: "true" }));
    const figures: Figures = {};
    const put = (name: string, value: number, unit: string, goal: string, baseline: number | null = null) =>
      (figures[name] = { value, unit, baseline, ratio: baseline ? value / baseline : null, goal, machine: ctx.machine });
    const table: string[] = [];
    for (const page of PAGES) {
      const first = table.length;
      const url = `${server.url}${page.path(ids)}`;
      const cookie = page.who === "owner" ? cookies.owner : null;
      // One warm-up load, so the first page measured does not pay for a cold server and disk.
      await fetch(url, { headers: cookie ? { Cookie: cookie } : {} }).then((r) => r.arrayBuffer());
      let full: Result, floor: Result;
      try {
        full = await audit(root, url, cookie, false);
        floor = await audit(root, url, cookie, true);
      } catch (error) {
        console.log(`  ${page.key}: no figures (${(error as Error).message.slice(0, 300)})`);
        continue;
      }
      const p = `phone.${page.key}`;
      put(`${p}.performance`, full.scores.performance!, "score", "≥ 95, within 3 points of the script-blocked floor", floor.scores.performance!);
      put(`${p}.floor_performance`, floor.scores.performance!, "score", "informational: every script blocked");
      put(`${p}.accessibility`, full.scores.accessibility!, "score", "100");
      put(`${p}.best_practices`, full.scores["best-practices"]!, "score", "100");
      put(`${p}.seo`, full.scores.seo!, "score", "informational");
      put(`${p}.lcp`, full.lcp, "ms", "≤ 2000 ms", floor.lcp);
      put(`${p}.tbt`, full.tbt, "ms", "informational (overstated on a busy 2-core machine)", floor.tbt);
      put(`${p}.cls`, full.cls, "score", "≤ 0.02", floor.cls);
      for (const type of BYTE_TYPES) put(`${p}.bytes.${type}`, full.bytes[type]!, "bytes", "informational: transferred before any interaction", floor.bytes[type]!);
      table.push(
        `  ${page.key.padEnd(12)} perf ${String(full.scores.performance).padStart(3)} (floor ${String(floor.scores.performance).padStart(3)})  a11y ${full.scores.accessibility}  bp ${full.scores["best-practices"]}  seo ${full.scores.seo}` +
          `  LCP ${(full.lcp / 1000).toFixed(1)} s (floor ${(floor.lcp / 1000).toFixed(1)})  TBT ${full.tbt.toFixed(0)} ms  CLS ${full.cls.toFixed(3)}` +
          `  total ${kb(full.bytes.total!)} = doc ${kb(full.bytes.document!)} js ${kb(full.bytes.script!)} css ${kb(full.bytes.stylesheet!)} img ${kb(full.bytes.image!)} media ${kb(full.bytes.media!)} font ${kb(full.bytes.font!)} other ${kb(full.bytes.other!)}` +
          ` (floor total ${kb(floor.bytes.total!)}: img ${kb(floor.bytes.image!)} media ${kb(floor.bytes.media!)})`,
      );
      if (full.consoleErrors.length) table.push(`    console errors and DevTools issues: ${full.consoleErrors.join(" | ")}`);
      if (full.failed.length) table.push(`    flagged: ${full.failed.join(", ")}`);
      console.log(table.slice(first).join("\n"));
    }
    console.log(`\nphone bench summary\n${table.join("\n")}`);
    return figures;
  } finally {
    await server?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
