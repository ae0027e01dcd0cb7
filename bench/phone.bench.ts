// What a relative's phone gets: Lighthouse's mobile profile (simulated slow 4G, 4x CPU
// slowdown, a Moto G-sized screen) on the pages relatives, listeners and a new owner open, in Debian's
// Chromium, each page twice in the same run: as served, and with every script blocked, the design's
// floor (the page as plain HTML; the inline bootstrap still runs, its imports are blocked). Figures per
// page: performance, accessibility and best-practices scores, LCP, TBT, CLS, bytes by type, and the
// gap to the floor; the three byte goals with pass/fail. The demo family (bench/pages.bench.ts's
// seed) with a real 10-minute episode on disk, so a player that preloads shows as media bytes, grown to
// what the goals name (phoneFamily below): nine finished podcasts with their own covers, a story with ten
// photos, and a recorded story's family-book link. `npm run bench -- phone`;
// BENCH_PHONE_PAGES=share,login narrows the run; BENCH_PHONE_RUNS sets the runs per page (median kept);
// BENCH_PHONE_CHROME picks another Chromium; BENCH_PHONE_PIN=0 leaves the page's renderer without a core of its own;
// BENCH_PHONE_LHR_DIR keeps each Lighthouse report and trace there, as <page>-<run>[-floor].json, for profiling.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import sharp from "sharp";

import { benchAppEnv, startServer, type RunningServer } from "./lib/server";
import type { BenchContext, Figures } from "./lib/types";
import { seedDemo } from "./pages.bench";

// Debian's headless shell (the same Blink as /usr/bin/chromium, without the browser's own UI): the full
// browser, headless, builds its omnibox pop-up (a Lit WebUI app, 150-290 ms of script) in a second
// renderer during every measured load, on the same two cores as the page (decision 0186).
const CHROME = process.env.BENCH_PHONE_CHROME ?? "/usr/bin/chromium-headless-shell";
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
type Ids = Awaited<ReturnType<typeof seedDemo>>["ids"] & { book: string };
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
  { key: "book_listen", path: (ids) => `/b/${ids.book}`, who: "anonymous" },
];
const wanted = process.env.BENCH_PHONE_PAGES ? new Set(process.env.BENCH_PHONE_PAGES.split(",")) : null;
const PAGES = ALL_PAGES.filter((p) => wanted?.has(p.key) ?? true);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const BYTE_TYPES = ["total", "document", "script", "stylesheet", "image", "media", "font", "other"] as const;
/** What these pages may transfer before anything is pressed, scripts on. */
const BYTE_GOALS: Record<string, { kb: number; what: string }> = {
  share: { kb: 150, what: "share page, before play" },
  my_podcasts: { kb: 250, what: "library, nine podcasts" },
  stories: { kb: 400, what: "stories page, ten photos" },
};
const LIBRARY_PODCASTS = 9;
const STORY_PHOTOS = 10;

/**
 * The page's renderer gets a core of its own, and everything else (the browser and GPU processes, the
 * server, Lighthouse) the other cores. Unpinned on two cores, the page's main thread ran for 2-36 ms
 * of tasks that took 26-84 ms: the trace's screenshots (software compositing) and the browser took
 * the core, and Lighthouse multiplies a task's wall time by four (decision 0188).
 * BENCH_PHONE_PIN=0 measures unpinned; one core or no `taskset` leaves it unpinned too.
 */
const PIN = (() => {
  const cores = os.availableParallelism();
  if (process.env.BENCH_PHONE_PIN === "0" || cores < 2) return null;
  try {
    execFileSync("taskset", ["-V"], { stdio: "ignore" });
  } catch {
    return null;
  }
  return { page: String(cores - 1), rest: cores === 2 ? "0" : `0-${cores - 2}` };
})();

/** Moves a process, every thread of it, to the given cores (`taskset -a -p`). */
function pinProcess(pid: number, cores: string) {
  execFileSync("taskset", ["-a", "-p", "-c", cores, String(pid)], { stdio: "ignore" });
}

/** Chromium with a DevTools port; answers the port and the browser's WebSocket once it listens. */
async function launchChrome(profile: string): Promise<{ port: number; ws: string; child: ChildProcess }> {
  const args = [...CHROME_FLAGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"];
  // Its own process group: Debian's /usr/bin/chromium-headless-shell is a shell script that starts the
  // browser as its child, which a kill of the script alone would leave running.
  const [command, argv] = PIN
    ? ["taskset", ["-c", PIN.rest, CHROME, `--renderer-cmd-prefix=taskset -c ${PIN.page}`, ...args]]
    : [CHROME, args];
  const child = spawn(command, argv, { stdio: ["ignore", "ignore", "pipe"], detached: true });
  return new Promise((resolve, reject) => {
    let err = "";
    const timer = setTimeout(
      () => reject(new Error(`Chromium did not open a DevTools port: ${err.slice(-1000)}`)),
      30_000,
    );
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
    socket.onopen = () =>
      socket.send(
        JSON.stringify({
          id: 1,
          method: "Storage.setCookies",
          params: { cookies: [{ name, value: value.join("="), url }] },
        }),
      );
    socket.onmessage = (event) => {
      const reply = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
      if (reply.id !== 1) return;
      socket.close();
      if (reply.error) reject(new Error(reply.error.message));
      else resolve();
    };
  });
}

type Result = {
  scores: Record<string, number>;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: Record<string, number>;
  consoleErrors: string[];
  failed: string[];
};

/**
 * Each run in a fresh Chromium profile (an empty cache, as a relative's first tap), with the session
 * cookie set in the browser: Lighthouse's storage reset would drop it, and a Cookie among its extra
 * headers does not reach the page. Lighthouse now and then loses the trace on a loaded machine
 * (NO_NAVSTART): up to three tries.
 */
async function audit(
  dir: string,
  url: string,
  cookie: string | null,
  blockScripts: boolean,
  label: string,
): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const profile = fs.mkdtempSync(path.join(dir, "chrome-"));
    const chrome = await launchChrome(profile);
    try {
      if (cookie) await setCookie(chrome.ws, url, cookie);
      return await auditOnce(chrome.port, url, blockScripts, label);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(
        `  retrying ${url}${blockScripts ? " (scripts blocked)" : ""}: ${(error as Error).message.slice(0, 200)}`,
      );
    } finally {
      // Chromium writes its profile until it has exited.
      const exited =
        chrome.child.exitCode !== null || chrome.child.signalCode !== null
          ? null
          : new Promise((resolve) => chrome.child.once("exit", resolve));
      try {
        process.kill(-chrome.child.pid!, "SIGKILL");
      } catch {
        // The whole group has already exited.
      }
      await exited;
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
    }
  }
}

/**
 * Lighthouse's advice for a score that moves between runs: run it several times and keep the median
 * run (here by performance score, then blocking time). BENCH_PHONE_RUNS, default 3; the page and its
 * floor alternate, so a busy moment of the machine does not land on one of them only.
 */
const RUNS = Math.max(1, Number(process.env.BENCH_PHONE_RUNS ?? 3));
async function medianAudits(
  dir: string,
  url: string,
  cookie: string | null,
  key: string,
): Promise<{ full: Result; floor: Result }> {
  const full: Result[] = [];
  const floor: Result[] = [];
  for (let i = 0; i < RUNS; i++) {
    full.push(await audit(dir, url, cookie, false, `${key}-${i + 1}`));
    floor.push(await audit(dir, url, cookie, true, `${key}-${i + 1}`));
  }
  const median = (runs: Result[], what: string) => {
    runs.sort((a, b) => a.scores.performance! - b.scores.performance! || b.tbt - a.tbt);
    if (RUNS > 1) console.log(`  ${url}${what}: performance ${runs.map((r) => r.scores.performance).join(", ")}`);
    return runs[Math.floor(runs.length / 2)]!;
  };
  return { full: median(full, ""), floor: median(floor, " (scripts blocked)") };
}

/** `label` names the kept report: the page's key and the run (landing and dashboard share a URL). */
async function auditOnce(port: number, url: string, blockScripts: boolean, label: string): Promise<Result> {
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
  if (process.env.BENCH_PHONE_LHR_DIR) {
    const name = `${label}${blockScripts ? "-floor" : ""}.json`;
    fs.writeFileSync(path.join(process.env.BENCH_PHONE_LHR_DIR, name), JSON.stringify(lhr));
    const trace = (run.artifacts as { Trace?: unknown }).Trace;
    if (trace)
      fs.writeFileSync(
        path.join(process.env.BENCH_PHONE_LHR_DIR, name.replace(/\.json$/, ".trace.json")),
        JSON.stringify(trace),
      );
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const audits = lhr.audits;
  // A page that redirected (a signed-in page that lost its session goes to /login) measured another page.
  if (lhr.finalDisplayedUrl !== url) throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}`);
  const items = (id: string) =>
    (audits[id]?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
  const bytes = Object.fromEntries(
    BYTE_TYPES.map((t) => [t, Number(items("resource-summary").find((i) => i.resourceType === t)?.transferSize ?? 0)]),
  );
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  const failed = Object.values(lhr.categories)
    .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0 || c.id === "best-practices").map((r) => audits[r.id]!))
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== "informative" &&
        a.scoreDisplayMode !== "notApplicable",
    )
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
  execFileSync("ffmpeg", [
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=220:duration=612",
    "-ac",
    "1",
    "-b:a",
    "64k",
    "-y",
    file,
  ]);
}

/** A tiny deterministic PRNG (mulberry32), so every run stores the same pictures. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A stand-in for a phone's photo (there is none on this machine): soft colour fields (blurred noise
 * scaled up), a few large shapes, and a fine grain, as a camera JPEG at quality 92. Grain costs more
 * bytes than a real photo's texture at every size, so the figures lean heavy, not light.
 */
async function fakePhoto(seed: number, width: number, height: number): Promise<Buffer> {
  const rnd = random(seed);
  const field = Buffer.alloc(16 * 12 * 3);
  for (let i = 0; i < field.length; i++) field[i] = 40 + Math.floor(rnd() * 180);
  const shapes = Array.from({ length: 6 }, () => {
    const [x, y, r] = [rnd() * width, rnd() * height, (0.08 + rnd() * 0.2) * width];
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="rgb(${[0, 0, 0].map(() => Math.floor(rnd() * 255)).join(",")})" fill-opacity="0.55"/>`;
  });
  const grain = Buffer.alloc(width * height);
  for (let i = 0; i < grain.length; i++) grain[i] = 120 + Math.floor(rnd() * 16);
  const base = await sharp(field, { raw: { width: 16, height: 12, channels: 3 } })
    .resize(width, height, { kernel: "cubic" })
    .blur(8)
    .png()
    .toBuffer();
  const grainPng = await sharp(grain, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  return sharp(base)
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes.join("")}</svg>`,
        ),
      },
      { input: grainPng, blend: "overlay" },
    ])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/**
 * What the page goals name, through the app's own code: nine finished podcasts in the library, five with a
 * family photo as cover (setCoverPhoto, as the cover page's upload) and four drawn (ensurePodcastCover),
 * the shared episode among the photo ones, the heavier case; a story with ten 3200 px photos received
 * as an e-mail reply's are (receivePhoto re-encodes, storeStoryPhotos stores); and a recorded story's
 * family-book link (ensureBookLink, what the book's QR code prints). Sized copies of every picture are
 * made the app's way, on their first request (warmUp below), not here.
 */
export async function phoneFamily(dataDir: string, ownerId: string, ids: Awaited<ReturnType<typeof seedDemo>>["ids"]) {
  const { closeDb, db } = await import("../app/lib/db.server");
  const { listLibrary } = await import("../app/features/podcasts/library/library.server");
  const { ensurePodcastCover, setCoverPhoto } = await import("../app/features/podcasts/covers/covers.server");
  const { receivePhoto, storeStoryPhotos } = await import("../app/features/contributions/photos.server");
  const { insertRecording } = await import("../app/models/contribution-recording.server");
  const { ensureBookLink } = await import("../app/models/book.server");
  const schema = await import("../db/schema");
  const { asc, eq } = await import("drizzle-orm");
  try {
    // Nine finished ones, each card with its cover; the demo's episode still being made (no cover on its card) comes on top.
    const have = listLibrary(ownerId).filter((p) => p.status === "complete").length;
    const titles = [
      "The blue truck",
      "Grandma's kitchen",
      "Winters on the farm",
      "The lake house",
      "Dad's first job",
      "Aunt June's wedding",
      "Moving west",
      "The old piano",
      "Sunday suppers",
    ];
    for (let i = 0; have + i < LIBRARY_PODCASTS; i++) {
      const created = new Date(Date.now() - (i + 1) * 86_400_000);
      db.insert(schema.podcasts)
        .values({
          ownerId,
          campaignId: i % 2 ? ids.campaign : null,
          title: titles[i]!,
          status: "complete",
          duration: 300 + 60 * i,
          transcript: "Family stories.",
          createdAt: created,
          updatedAt: created,
        })
        .run();
    }
    const library = listLibrary(ownerId).filter((p) => p.status === "complete");
    if (library.length !== LIBRARY_PODCASTS)
      throw new Error(`the library holds ${library.length} finished podcasts, not ${LIBRARY_PODCASTS}`);
    // The shared episode first, so its cover is a photo.
    const ordered = [...library].sort((a, b) => Number(b.id === ids.podcast) - Number(a.id === ids.podcast));
    for (const [i, podcast] of ordered.entries()) {
      if (i < 5) {
        if (!(await setCoverPhoto(ownerId, podcast.id, await fakePhoto(100 + i, 2000, 1500))))
          throw new Error(`no cover photo for ${podcast.title}`);
      } else await ensurePodcastCover({ ...podcast, ownerId });
    }

    const stories = db
      .select()
      .from(schema.contributions)
      .where(eq(schema.contributions.campaignId, ids.storiesCampaign))
      .orderBy(asc(schema.contributions.submittedAt))
      .all();
    if (stories.length < 2) throw new Error("the stories page's collection has fewer than two stories");
    const photos = [];
    for (let i = 0; i < STORY_PHOTOS; i++) {
      const received = await receivePhoto(await fakePhoto(200 + i, 3200, 2400), `IMG_${2040 + i}.JPG`);
      if (!received) throw new Error("a bench photo was not taken as a photo");
      photos.push(received);
    }
    await storeStoryPhotos(stories[0]!.id, photos);

    // A relative's 90-second voice answer, ready as the recording pipeline leaves one.
    const memoKey = `recordings/${stories[1]!.id}/bench.mp3`;
    const memo = path.join(dataDir, "files", memoKey);
    fs.mkdirSync(path.dirname(memo), { recursive: true });
    execFileSync("ffmpeg", [
      "-loglevel",
      "error",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=180:duration=90",
      "-ac",
      "1",
      "-b:a",
      "64k",
      "-y",
      memo,
    ]);
    insertRecording({
      contributionId: stories[1]!.id,
      status: "ready",
      originalKey: memoKey,
      normalizedKey: memoKey,
      originalFileName: "voice-memo.m4a",
      originalFormat: "mp3",
      durationSeconds: 90,
      transcript: stories[1]!.storyContent,
    });
    return { ...ids, book: ensureBookLink(stories[1]!.id) };
  } finally {
    closeDb();
  }
}

/**
 * One load of the page and of every picture it shows, as a browser asks for them (WebP accepted):
 * a cold server and disk are not measured, and each sized copy is made then, the app's way, on its
 * first request. Answers how many pictures the page shows, so the figures are known to measure it.
 */
async function warmUp(url: string, cookie: string | null) {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const html = await (await fetch(url, { headers })).text();
  const images = new Set<string>();
  for (const [, attr, value] of html.matchAll(/<img\b[^>]*?\b(src|srcSet|srcset)="([^"]+)"/g)) {
    for (const candidate of attr === "src" ? [value!] : value!.split(",").map((c) => c.trim().split(/\s+/)[0]!))
      images.add(candidate.replaceAll("&amp;", "&"));
  }
  const shown = new Set<string>();
  for (const src of images) {
    const response = await fetch(new URL(src, url), {
      headers: { ...headers, Accept: "image/avif,image/webp,image/apng,image/*,*/*;q=0.8" },
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${src} on ${url}: ${response.status}`);
    shown.add(new URL(src, url).pathname);
  }
  return shown.size;
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

export default async function phoneBench(ctx: BenchContext): Promise<Figures> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "storyhearth-bench-phone-"));
  let server: RunningServer | null = null;
  try {
    const demo = await seedDemo(root, ctx.buildDir);
    const { cookies } = demo;
    // Before the covers: a new cover photo re-tags the shared episode's MP3, as in production.
    writeEpisode(root);
    const ids = await phoneFamily(root, demo.ownerId, demo.ids);
    server = await startServer(benchAppEnv(root, ctx.buildDir, { JOBS_DISABLED: "true" }));
    if (PIN) {
      pinProcess(server.pid!, PIN.rest);
      pinProcess(process.pid, PIN.rest);
      console.log(
        `  the page's renderer on core ${PIN.page}, the rest on ${PIN.rest} (BENCH_PHONE_PIN=0 to measure unpinned)`,
      );
    }
    const figures: Figures = {};
    const put = (name: string, value: number, unit: string, goal: string, baseline: number | null = null) =>
      (figures[name] = {
        value,
        unit,
        baseline,
        ratio: baseline ? value / baseline : null,
        goal,
        machine: ctx.machine,
      });
    const table: string[] = [];
    const goals: string[] = [];
    for (const page of PAGES) {
      const first = table.length;
      const url = `${server.url}${page.path(ids)}`;
      const cookie = page.who === "owner" ? cookies.owner : null;
      const pictures = await warmUp(url, cookie);
      let full: Result, floor: Result;
      try {
        ({ full, floor } = await medianAudits(root, url, cookie, page.key));
      } catch (error) {
        console.log(`  ${page.key}: no figures (${(error as Error).message.slice(0, 300)})`);
        continue;
      }
      const p = `phone.${page.key}`;
      put(
        `${p}.performance`,
        full.scores.performance!,
        "score",
        "≥ 95, within 3 points of the script-blocked floor",
        floor.scores.performance!,
      );
      put(`${p}.floor_performance`, floor.scores.performance!, "score", "informational: every script blocked");
      put(`${p}.accessibility`, full.scores.accessibility!, "score", "100");
      put(`${p}.best_practices`, full.scores["best-practices"]!, "score", "100");
      put(`${p}.seo`, full.scores.seo!, "score", "informational");
      put(`${p}.lcp`, full.lcp, "ms", "≤ 2000 ms", floor.lcp);
      put(`${p}.tbt`, full.tbt, "ms", "informational (overstated on a busy 2-core machine)", floor.tbt);
      put(`${p}.cls`, full.cls, "score", "≤ 0.02", floor.cls);
      for (const type of BYTE_TYPES)
        put(
          `${p}.bytes.${type}`,
          full.bytes[type]!,
          "bytes",
          "informational: transferred before any interaction",
          floor.bytes[type]!,
        );
      table.push(
        `  ${page.key.padEnd(12)} perf ${String(full.scores.performance).padStart(3)} (floor ${String(floor.scores.performance).padStart(3)})  a11y ${full.scores.accessibility}  bp ${full.scores["best-practices"]}  seo ${full.scores.seo}` +
          `  LCP ${(full.lcp / 1000).toFixed(1)} s (floor ${(floor.lcp / 1000).toFixed(1)})  TBT ${full.tbt.toFixed(0)} ms  CLS ${full.cls.toFixed(3)}` +
          `  total ${kb(full.bytes.total!)} = doc ${kb(full.bytes.document!)} js ${kb(full.bytes.script!)} css ${kb(full.bytes.stylesheet!)} img ${kb(full.bytes.image!)} media ${kb(full.bytes.media!)} font ${kb(full.bytes.font!)} other ${kb(full.bytes.other!)}` +
          ` (floor total ${kb(floor.bytes.total!)}: img ${kb(floor.bytes.image!)} media ${kb(floor.bytes.media!)})  pictures ${pictures}`,
      );
      const goal = BYTE_GOALS[page.key];
      if (goal) {
        put(
          `${p}.bytes_goal_met`,
          full.bytes.total! <= goal.kb * 1024 ? 1 : 0,
          "pass",
          `1: total transferred ≤ ${goal.kb} KB (${goal.what})`,
        );
        goals.push(
          `  ${goal.what.padEnd(26)} ${kb(full.bytes.total!).padStart(7)}  ≤ ${String(goal.kb).padStart(3)} KB  ${full.bytes.total! <= goal.kb * 1024 ? "pass" : "FAIL"}  (${pictures} pictures; scripts blocked: ${kb(floor.bytes.total!)})`,
        );
      }
      if (full.consoleErrors.length)
        table.push(`    console errors and DevTools issues: ${full.consoleErrors.join(" | ")}`);
      if (full.failed.length) table.push(`    flagged: ${full.failed.join(", ")}`);
      console.log(table.slice(first).join("\n"));
    }
    console.log(`\nphone bench summary\n${table.join("\n")}`);
    console.log(
      `\nbyte goals (transferred before any interaction, scripts on)\n  ${"page".padEnd(26)} ${"bytes".padStart(7)}  goal     result\n${goals.join("\n")}`,
    );
    return figures;
  } finally {
    // The benches after this one run in this process, on every core.
    if (PIN) pinProcess(process.pid, `0-${os.availableParallelism() - 1}`);
    await server?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
