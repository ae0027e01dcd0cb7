// Public family newsletter benchmark: a newsletter of 6 stories (about 400 words each, with a podcast),
// opened signed out as a relative would from the delivery e-mail. Measures the HTML's gzipped size
// (goal: the first flight of ≤ 14 KB), the total bytes a first visit downloads with and without
// JavaScript (HTML, stylesheet, scripts; photos are lazy and left out), and requests/s and latency of
// GET /newsletter/:id against the bare route GET /healthz measured in the same run. The public share
// page of the newsletter's podcast (/s/:token) is measured the same way.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

import { measure, type LoadResult } from "./lib/load";
import { benchAppEnv, startServer } from "./lib/server";
import type { BenchContext, Figures } from "./lib/types";

const STORIES = 6;
const WORDS_PER_STORY = 400;
const FIRST_FLIGHT = 14 * 1024;

const gz = (text: string | Uint8Array) => gzipSync(text).byteLength;

export default async function newsletterBench(ctx: BenchContext): Promise<Figures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storyhearth-bench-newsletter-"));
  const env = benchAppEnv(dir, ctx.buildDir);
  // The app's modules read these on first use, so set them before importing any.
  Object.assign(process.env, env);
  const { closeDb, getDb, migrateDatabase } = await import("../app/lib/db.server");
  const { createUser } = await import("../app/models/user.server");
  const { createNewsletter } = await import("../app/features/newsletters/newsletters.server");
  const { createShareLink, sharePath } = await import("../app/models/share-link.server");
  const schema = await import("../db/schema");

  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    migrateDatabase(getDb());
    const db = getDb();
    const owner = await createUser({
      email: "bench-newsletter@example.com",
      firstName: "Bench",
      lastName: "Whitfield",
    });
    const campaign = db
      .insert(schema.campaigns)
      .values({
        ownerId: owner.id,
        publicId: "bench-collection",
        title: "Summers at the Lake",
        prompt: "What do you remember about summer?",
        status: "active",
      })
      .returning()
      .get();
    const words = (n: number, seed: number) =>
      Array.from(
        { length: n },
        (_, i) => ["lake", "summer", "cabin", "grandma", "boat", "pine", "evening", "stories"][(i + seed) % 8],
      ).join(" ");
    for (let i = 0; i < STORIES; i++) {
      const text = `Story ${i + 1} of the lake\n${Array.from({ length: 8 }, (_, p) => `${words(WORDS_PER_STORY / 8, i + p)}.`).join("\n\n")}`;
      db.insert(schema.contributions)
        .values({
          campaignId: campaign.id,
          contributorName: `Relative ${i + 1}`,
          storyContent: text,
          submissionMethod: "web",
        })
        .run();
    }
    const podcast = db
      .insert(schema.podcasts)
      .values({
        ownerId: owner.id,
        campaignId: campaign.id,
        title: "Summers",
        status: "complete",
        duration: 612,
        audioKey: "podcasts/bench.mp3",
        transcript: words(300, 1),
      })
      .returning()
      .get();
    const share = await createShareLink(owner.id, podcast.id, { expiration: 30 });
    if (!("token" in share) || !share.token) throw new Error("the benchmark share link was not created");
    const made = createNewsletter(owner.id, campaign.id);
    if (!made.ok) throw new Error("the benchmark newsletter was not created");
    closeDb();

    server = await startServer(env);
    const route = `/newsletter/${made.newsletter.publicId}`;
    const page = await fetch(`${server.url}${route}`, { headers: { Accept: "text/html" } });
    const html = await page.text();
    if (page.status !== 200 || !html.includes("Family Newsletter"))
      throw new Error(`GET ${route} did not render the newsletter (status ${page.status})`);

    // What a first visit downloads besides the HTML: the stylesheet, and with JavaScript the modules.
    const hrefs = (pattern: RegExp) => [...new Set([...html.matchAll(pattern)].map((m) => m[1]!))];
    const css = hrefs(/<link rel="stylesheet" href="([^"]+)"/g);
    const scripts = hrefs(/<link rel="modulepreload" href="([^"]+)"/g);
    const sizeOf = async (href: string) =>
      gz(new Uint8Array(await (await fetch(`${server!.url}${href}`)).arrayBuffer()));
    const cssBytes = (await Promise.all(css.map(sizeOf))).reduce((a, b) => a + b, 0);
    const jsBytes = (await Promise.all(scripts.map(sizeOf))).reduce((a, b) => a + b, 0);
    const htmlBytes = gz(html);
    console.log(`  ${route}: HTML ${htmlBytes} B gzipped, CSS ${cssBytes} B, ${scripts.length} scripts ${jsBytes} B`);

    const headers = { Accept: "text/html", "Accept-Encoding": "gzip" };
    const run = async (url: string): Promise<LoadResult> => {
      await measure(`${server!.url}${url}`, {
        seconds: Math.min(2, ctx.seconds),
        concurrency: ctx.concurrency,
        headers,
      }); // warm-up
      const result = await measure(`${server!.url}${url}`, {
        seconds: ctx.seconds,
        concurrency: ctx.concurrency,
        headers,
      });
      console.log(
        `  GET ${url}: ${result.requests} requests in ${result.seconds.toFixed(1)} s, ${result.errors} errors`,
      );
      if (result.requests === 0) throw new Error(`GET ${url} answered no 200s: ${JSON.stringify(result.statuses)}`);
      return result;
    };
    const bare = await run("/healthz");
    const plain = await run("/login");
    const newsletter = await run(route);
    const shareRoute = sharePath(share.token);
    const sharePage = await fetch(`${server.url}${shareRoute}`, { headers: { Accept: "text/html" } });
    const shareHtmlBytes = gz(await sharePage.text());
    if (sharePage.status !== 200) throw new Error(`GET ${shareRoute} answered ${sharePage.status}`);
    const shared = await run(shareRoute);

    const figure = (value: number, unit: string, baseline: number | null, goal: string) => ({
      value,
      unit,
      baseline,
      ratio: baseline ? value / baseline : null,
      goal,
      machine: ctx.machine,
    });
    return {
      "newsletter.page.html_gzip": figure(
        htmlBytes,
        "bytes",
        FIRST_FLIGHT,
        "≤ 14 KB gzipped (the first flight); baseline is 14 KB",
      ),
      "newsletter.page.total_bytes_no_js": figure(
        htmlBytes + cssBytes,
        "bytes",
        null,
        "informational: HTML + stylesheet, gzipped (what a visitor without JavaScript downloads)",
      ),
      "newsletter.page.total_bytes_js": figure(
        htmlBytes + cssBytes + jsBytes,
        "bytes",
        null,
        "informational: HTML + stylesheet + scripts, gzipped",
      ),
      "newsletter.bare_route.rps": figure(bare.rps, "req/s", bare.rps, "baseline (GET /healthz, no Remix)"),
      "newsletter.plain_page.rps": figure(
        plain.rps,
        "req/s",
        bare.rps,
        "informational: a minimal signed-out Remix page (GET /login)",
      ),
      "newsletter.page.rps": figure(newsletter.rps, "req/s", bare.rps, "≥ 25% of the bare route's requests/s"),
      "newsletter.page.rps_vs_plain_page": figure(
        newsletter.rps,
        "req/s",
        plain.rps,
        "≥ 50% of a minimal Remix page's requests/s",
      ),
      "newsletter.page.p50": figure(
        newsletter.p50,
        "ms",
        bare.p50,
        "informational: p50 latency against the bare route's",
      ),
      "newsletter.page.p99": figure(
        newsletter.p99,
        "ms",
        bare.p99,
        "informational: p99 latency against the bare route's",
      ),
      "share.page.html_gzip": figure(
        shareHtmlBytes,
        "bytes",
        FIRST_FLIGHT,
        "≤ 14 KB gzipped (the first flight); baseline is 14 KB",
      ),
      "share.page.total_bytes_no_js": figure(
        shareHtmlBytes + cssBytes,
        "bytes",
        null,
        "informational: HTML + stylesheet, gzipped",
      ),
      "share.page.total_bytes_js": figure(
        shareHtmlBytes + cssBytes + jsBytes,
        "bytes",
        null,
        "informational: HTML + stylesheet + the same scripts, gzipped",
      ),
      "share.page.rps": figure(shared.rps, "req/s", bare.rps, "informational: against the bare route"),
      "share.page.rps_vs_plain_page": figure(
        shared.rps,
        "req/s",
        plain.rps,
        "≥ 50% of a minimal Remix page's requests/s",
      ),
    };
  } finally {
    await server?.stop();
    closeDb();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
