// The family book (decision 0160): renderBook laying out a 200-story, 300-photo book
// (6×9 in with bleed, a QR code on every other story) into a sink that only counts bytes, against
// the baseline of the same PDF library (pdfkit, same fonts) laying out the same stories as plain
// text. Figures: pages per second of each, and the peak RSS rise while the book is made (goal:
// under +200 MB, photos read one at a time and never all held).
//
// Then the same size of family through the app: 200 stories, 300 stored photos and 100 recordings in
// a fresh database and storage, made by the build-book job itself. Its PDF is read as a printer and a
// reader would: pdfinfo (trim size with bleed), pdffonts (every font embedded), and every QR code
// decoded with zbarimg and opened on the running production server (page and audio must answer 200).
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import PDFDocument from "pdfkit";
import sharp from "sharp";

import { renderBook, type BookStory } from "~/features/book/render.server";

import { byteCounter } from "./lib/byte-counter";
import { benchAppEnv, startServer } from "./lib/server";
import { figureFor, type BenchContext, type Figures } from "./lib/types";

const STORIES = 200;
const PHOTOS = 300;
const paragraph =
  "Grandpa let everyone steer the blue truck on the gravel road to the lake, and we sang all the way home. ";

const stories: BookStory[] = Array.from({ length: STORIES }, (_, i) => ({
  contributorName: `Relative ${i + 1}`,
  submittedAt: new Date(Date.UTC(2026, 0, 1 + (i % 28))),
  title: `Summer at the lake, part ${i + 1}`,
  text: Array.from({ length: 2 + (i % 5) }, () => paragraph.repeat(4 + (i % 3))).join("\n\n"),
  // 300 photos over 200 stories: one each, a second on every other story.
  photoKeys: Array.from({ length: i % 2 === 0 ? 2 : 1 }, (_, n) => `photos/${i}-${n}.jpg`).slice(0, PHOTOS),
  listenUrl: i % 2 === 0 ? `https://storyhearth.example/b/${String(i).padStart(16, "x")}` : null,
}));

/** The baseline: pdfkit, the same trim and body font, the stories' text only. */
async function plainText() {
  const { sink } = byteCounter();
  const doc = new PDFDocument({ size: [449.008, 665.008], margins: { top: 59, bottom: 73, left: 59, right: 59 } });
  doc.registerFont("serif", "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf");
  let pages = 0;
  doc.on("pageAdded", () => pages++);
  const done = new Promise((resolve) => sink.on("finish", resolve));
  doc.pipe(sink);
  for (const story of stories) {
    doc.addPage();
    doc.font("serif").fontSize(11.5).text(story.text, { lineGap: 3, paragraphGap: 8 });
  }
  doc.end();
  await done;
  return pages;
}

/** This thread's CPU time in ms (process.cpuUsage would add the layout thread's). Node 23.9+, not yet in @types/node. */
const threadCpuMs = () => {
  const { user, system } = (process as unknown as { threadCpuUsage(): NodeJS.CpuUsage }).threadCpuUsage();
  return (user + system) / 1000;
};

/**
 * The event loop's longest delay while `seconds` pass with nothing to do: what the machine alone
 * costs a timer (on a shared 2-core machine other processes' threads take the cores for hundreds of ms).
 */
async function idleStallMs(seconds: number) {
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  stalls.disable();
  return stalls.max / 1e6;
}

async function measure(make: () => Promise<number>) {
  global.gc?.();
  // The job runs in the server's process: its longest hold on the event loop is how long a request waits.
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  const before = process.memoryUsage().rss;
  let peak = before;
  // The longest CPU time this thread spent between two turns of a 1 ms timer: what the loop was held
  // by our own code (and its garbage collection), whatever the other processes on the machine do.
  let lastCpu = threadCpuMs();
  let longestHeldMs = 0;
  const held = setInterval(() => {
    const cpu = threadCpuMs();
    longestHeldMs = Math.max(longestHeldMs, cpu - lastCpu);
    lastCpu = cpu;
  }, 1);
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  const pages = await make();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  clearInterval(held);
  peak = Math.max(peak, process.memoryUsage().rss);
  stalls.disable();
  return {
    pages,
    seconds,
    pagesPerSecond: pages / seconds,
    peakRiseMb: (peak - before) / 1024 / 1024,
    longestStallMs: stalls.max / 1e6,
    longestHeldMs,
  };
}

const run = promisify(execFile);
const tool = async (name: string, ...args: string[]) => (await run(name, args, { maxBuffer: 64 * 1024 * 1024 })).stdout;

/** The 200-story family stored as the app stores it, made into a book by the build-book job. */
async function familyThroughTheJob(ctx: BenchContext, photos: Buffer[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storyhearth-bench-book-"));
  const env = benchAppEnv(dir, ctx.buildDir);
  // The app's modules read these on first use, so set them before importing any.
  Object.assign(process.env, env);
  const { closeDb, getDb, migrateDatabase } = await import("../app/lib/db.server");
  const { createUser } = await import("../app/models/user.server");
  const { createBook, getBook } = await import("../app/models/book.server");
  const { buildBookJob } = await import("../app/features/book/build.server");
  const { getStorage } = await import("../app/lib/storage/storage.server");
  const schema = await import("../db/schema");
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    migrateDatabase(getDb());
    const db = getDb();
    const owner = await createUser({ email: "bench-book@example.com", firstName: "Bench", lastName: "Lake" });
    const campaign = db
      .insert(schema.campaigns)
      .values({
        ownerId: owner.id,
        publicId: "bench-book",
        title: "Summers at the Lake",
        prompt: "What do you remember?",
        status: "active",
      })
      .returning()
      .get();
    // One second of tone as a relative's recording, stored once per recorded story.
    const mp3File = path.join(dir, "tone.mp3");
    await run("ffmpeg", [
      "-v",
      "error",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440:duration=1",
      "-ac",
      "1",
      "-b:a",
      "64k",
      mp3File,
    ]);
    const mp3 = fs.readFileSync(mp3File);
    for (const [i, story] of stories.entries()) {
      const row = db
        .insert(schema.contributions)
        .values({
          campaignId: campaign.id,
          contributorName: story.contributorName,
          contributorEmail: `r${i}@example.com`,
          storyContent: story.text,
          submissionMethod: "web",
          wordCount: 100,
          submittedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
        })
        .returning()
        .get();
      for (const [n] of story.photoKeys.entries()) {
        const key = `photos/${row.id}/${n}.jpg`;
        const bytes = photos[(i + n) % photos.length]!;
        await getStorage().put(key, bytes);
        db.insert(schema.contributionAttachments)
          .values({
            contributionId: row.id,
            storageKey: key,
            fileName: `${n}.jpg`,
            contentType: "image/jpeg",
            size: bytes.length,
          })
          .run();
      }
      if (story.listenUrl) {
        const key = `recordings/${row.id}/tone.mp3`;
        await getStorage().put(key, mp3);
        db.insert(schema.contributionRecordings)
          .values({ contributionId: row.id, status: "ready", normalizedKey: key, durationSeconds: 1 })
          .run();
      }
    }
    const book = createBook({
      ownerId: owner.id,
      campaignId: campaign.id,
      trim: "6x9",
      bleed: true,
      storyCount: STORIES,
    });
    const idle = await idleStallMs(10);
    const made = await measure(async () => {
      await buildBookJob({ bookId: book.id });
      return getBook(book.id)?.pageCount ?? 0;
    });
    // A second book while the layout thread is still alive (decision 0180): its code and fonts are loaded.
    const again = createBook({
      ownerId: owner.id,
      campaignId: campaign.id,
      trim: "6x9",
      bleed: true,
      storyCount: STORIES,
    });
    const warm = await measure(async () => {
      await buildBookJob({ bookId: again.id });
      return getBook(again.id)?.pageCount ?? 0;
    });

    // The stored PDF, read as a printer and a reader would.
    const file = path.join(dir, "book.pdf");
    const stored = await getStorage().read(getBook(book.id)!.fileKey!);
    await pipeline(stored!.stream, fs.createWriteStream(file));
    const size = /Page size:\s+(.*)/.exec(await tool("pdfinfo", file))?.[1] ?? "?";
    const fonts = (await tool("pdffonts", file)).trim().split("\n").slice(2);
    const unembedded = fonts.filter((row) => !/\s+yes\s+yes\s+(yes|no)\s+\d+\s+\d+\s*$/.test(row)).length;
    const pngs = path.join(dir, "pages");
    fs.mkdirSync(pngs);
    // Only the pages that print a short link are drawn for zbarimg (a QR code is never printed without one).
    const pagesWithLinks = (await tool("pdftotext", file, "-"))
      .split("\f")
      .flatMap((text, i) => (/\/b\/[\w-]+/.test(text) ? [i + 1] : []));
    for (const n of pagesWithLinks)
      await tool(
        "pdftoppm",
        "-r",
        "110",
        "-gray",
        "-png",
        "-f",
        String(n),
        "-l",
        String(n),
        file,
        path.join(pngs, `p${n}`),
      );
    const decoded = await run(
      "zbarimg",
      ["--raw", "-q", "-Sdisable", "-Sqrcode.enable", ...fs.readdirSync(pngs).map((f) => path.join(pngs, f))],
      { maxBuffer: 8 * 1024 * 1024 },
    ).then(
      (r) => r.stdout,
      (error: { stdout: string }) => error.stdout,
    );
    const links = [...new Set(decoded.trim().split("\n").filter(Boolean))];
    // Each link on the production server: the listening page and its audio (the stored bytes).
    server = await startServer(env);
    let playing = 0;
    for (const link of links) {
      const where = `${server.url}${new URL(link).pathname}`;
      const pageOk = (await fetch(where)).status === 200;
      const audio = await fetch(`${where}/audio`);
      const bytes = Buffer.from(await audio.arrayBuffer());
      if (pageOk && audio.status === 200 && audio.headers.get("Content-Type") === "audio/mpeg" && bytes.equals(mp3))
        playing++;
    }
    console.log(
      `book (job): ${made.pages} pages in ${made.seconds.toFixed(1)} s, page size ${size}, ${fonts.length} fonts (${unembedded} not embedded), ${links.length} QR codes decoded, ${playing} play`,
    );
    return {
      ...made,
      idleStallMs: idle,
      warm,
      recorded: stories.filter((s) => s.listenUrl).length,
      decoded: links.length,
      playing,
      unembedded,
    };
  } finally {
    await server?.stop();
    closeDb();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export default async function bookBench(ctx: BenchContext): Promise<Figures> {
  // Three phone-sized photos (2400 × 1600, noisy so they compress as photos do), handed out as fresh
  // copies as storage would read them.
  const photos = await Promise.all(
    [0, 1, 2].map((n) =>
      sharp({
        create: {
          width: 2400,
          height: 1600,
          channels: 3,
          background: { r: 90 + n * 40, g: 120, b: 140 },
          noise: { type: "gaussian", mean: 0, sigma: 30 },
        },
      })
        .jpeg({ quality: 85 })
        .toBuffer(),
    ),
  );
  const book = () => {
    const { sink } = byteCounter();
    let n = 0;
    return renderBook(
      {
        trim: "6x9",
        bleed: true,
        title: "Summers at the Lake",
        familyName: "Lake",
        description: null,
        madeOn: new Date(),
        cover: photos[0]!,
        stories,
        loadPhoto: async () => Buffer.from(photos[n++ % 3]!),
      },
      sink,
    );
  };
  await plainText(); // warm-up: fonts parsed, code compiled
  const baseline = await measure(plainText);
  // The job first, so its memory rise is not hidden by a heap the in-memory book already grew.
  const family = await familyThroughTheJob(ctx, photos);
  const made = await measure(book);
  const figure = figureFor(ctx);
  return {
    "book.job_pages_per_s": figure(
      family.pagesPerSecond,
      "pages/s",
      baseline.pagesPerSecond,
      `the build-book job on a stored ${STORIES}-story family (${family.pages} pages, photos and recordings read from storage), against pdfkit's plain text`,
    ),
    "book.job_peak_rss_rise_mb": figure(
      family.peakRiseMb,
      "MB",
      baseline.peakRiseMb,
      "under +200 MB while the job makes the stored family's book; plain text's rise is the baseline",
    ),
    "book.job_qr_playing": figure(
      family.playing,
      "links",
      family.recorded,
      `every QR code decodes (zbarimg; ${family.decoded} decoded) to a link whose page and audio answer 200 on the production server: all ${family.recorded}`,
    ),
    "book.job_longest_stall_ms": figure(
      family.longestStallMs,
      "ms",
      family.idleStallMs,
      "well under 100 ms: the event loop's longest delay while the job runs (the layout is in its own thread); baseline: the same measure over 10 s with nothing to do, the machine's own noise",
    ),
    "book.job_longest_held_ms": figure(
      family.longestHeldMs,
      "ms",
      null,
      "the longest CPU time the server's thread spent between two turns of its event loop during the job: the stall the job itself causes, whatever the machine's load",
    ),
    "book.job_warm_peak_rss_rise_mb": figure(
      family.warm.peakRiseMb,
      "MB",
      family.peakRiseMb,
      "a second book on the layout thread the first one started (baseline: the first book's rise)",
    ),
    "book.job_warm_longest_held_ms": figure(
      family.warm.longestHeldMs,
      "ms",
      null,
      "the same held time for the second book",
    ),
    "book.job_fonts_not_embedded": figure(family.unembedded, "fonts", null, "0: pdffonts shows every font embedded"),
    "book.pages_per_s": figure(
      made.pagesPerSecond,
      "pages/s",
      baseline.pagesPerSecond,
      `a ${made.pages}-page book of ${STORIES} stories and ${PHOTOS} photos, against pdfkit laying out the same text alone (baseline, ${baseline.pages} pages)`,
    ),
    "book.peak_rss_rise_mb": figure(
      made.peakRiseMb,
      "MB",
      baseline.peakRiseMb,
      "under +200 MB while the 200-story book is made; plain text's rise is the baseline",
    ),
  };
}
