// The family book (issue 32, decision 0160): renderBook laying out a 200-story, 300-photo book
// (6×9 in with bleed, a QR code on every other story) into a sink that only counts bytes, against
// the baseline of the same PDF library (pdfkit, same fonts) laying out the same stories as plain
// text. Figures: pages per second of each, and the peak RSS rise while the book is made (goal:
// under +200 MB, photos read one at a time and never all held).
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { renderBook, type BookStory } from "~/features/book/render.server";
import { byteCounter } from "./lib/byte-counter";
import { figureFor, type BenchContext, type Figures } from "./lib/types";

const STORIES = 200;
const PHOTOS = 300;
const paragraph = "Grandpa let everyone steer the blue truck on the gravel road to the lake, and we sang all the way home. ";

const stories: BookStory[] = Array.from({ length: STORIES }, (_, i) => ({
  contributorName: `Relative ${i + 1}`,
  submittedAt: new Date(Date.UTC(2026, 0, 1 + (i % 28))),
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

async function measure(make: () => Promise<number>) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  const pages = await make();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { pages, pagesPerSecond: pages / seconds, peakRiseMb: (peak - before) / 1024 / 1024 };
}

export default async function bookBench(ctx: BenchContext): Promise<Figures> {
  // Three phone-sized photos (2400 × 1600, noisy so they compress as photos do), handed out as fresh
  // copies as storage would read them.
  const photos = await Promise.all(
    [0, 1, 2].map((n) => sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 90 + n * 40, g: 120, b: 140 }, noise: { type: "gaussian", mean: 0, sigma: 30 } } }).jpeg({ quality: 85 }).toBuffer()),
  );
  const book = () => {
    const { sink } = byteCounter();
    let n = 0;
    return renderBook(
      { trim: "6x9", bleed: true, title: "Summers at the Lake", familyName: "Lake", description: null, madeOn: new Date(), cover: photos[0]!, stories, loadPhoto: async () => Buffer.from(photos[n++ % 3]!) },
      sink,
    );
  };
  await plainText(); // warm-up: fonts parsed, code compiled
  const baseline = await measure(plainText);
  const made = await measure(book);
  const figure = figureFor(ctx);
  return {
    "book.pages_per_s": figure(made.pagesPerSecond, "pages/s", baseline.pagesPerSecond, `a ${made.pages}-page book of ${STORIES} stories and ${PHOTOS} photos, against pdfkit laying out the same text alone (baseline, ${baseline.pages} pages)`),
    "book.peak_rss_rise_mb": figure(made.peakRiseMb, "MB", baseline.peakRiseMb, "under +200 MB while the 200-story book is made; plain text's rise is the baseline"),
  };
}
