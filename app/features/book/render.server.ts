// The family book's pages (decision 0160): pdfkit, DejaVu embedded as the covers use it (decision 0133),
// pages kept in memory only as drawing commands (bufferPages) so the contents and page numbers are
// written last; photos are read one at a time and go to the output as they are placed.
import type { Writable } from "node:stream";
import PDFDocument from "pdfkit";
import { encode } from "uqr";
import { formatDay } from "~/lib/format-date";
import { BookLayoutError } from "./layout-failure";
import { bookMessages } from "./messages";

const m = bookMessages.pdf;
const DEJAVU = "/usr/share/fonts/truetype/dejavu";
const FONTS = { serif: "DejaVuSerif.ttf", bold: "DejaVuSerif-Bold.ttf", italic: "DejaVuSerif-Italic.ttf", sans: "DejaVuSans.ttf" } as const;

const INCH = 72;
/** Points, trim only. A5 is 148 × 210 mm. */
export const TRIM_SIZES = { "6x9": [6 * INCH, 9 * INCH], letter: [8.5 * INCH, 11 * INCH], a5: [(148 / 25.4) * INCH, (210 / 25.4) * INCH] } as const;
export const BLEED = (3 / 25.4) * INCH;
/** A photo is printed no larger than this many pixels per inch allows: never upscaled. */
export const PRINT_DPI = 300;
const QR_SIDE = 1.1 * INCH;
/** A voice-only story without a transcript has nothing else on its page: its code is larger. */
const INVITE_QR_SIDE = 1.8 * INCH;
const OUTPUT_SLACK = 4 * 1024 * 1024;
const INK = "#2b2118";
const MUTED = "#5f5245";

export type BookStory = {
  contributorName: string | null;
  submittedAt: Date;
  /** The owner's title, or one made from the story. */
  title: string;
  /** The text under the title (a voice-only story's transcript, if any). */
  text: string;
  /** "7 sec listen" for a story told by voice alone; null otherwise. */
  lengthLabel?: string | null;
  /** Told by voice alone: its QR code invites the reader to hear the teller (with the transcript, if any, above it). */
  voiceOnly?: boolean;
  photoKeys: string[];
  /** The short link its QR code carries, when it has something to play. */
  listenUrl: string | null;
  /** In a book of several collections, the collection it belongs to: each opens with its own title page. */
  part?: string;
};

/** A photo with too few pixels to fill its box at PRINT_DPI: printed smaller, never blurred (decision 0170). */
export type SmallPhoto = { key: string; story: number; width: number; height: number; printedInches: number };

export type BookInput = {
  trim: keyof typeof TRIM_SIZES;
  bleed: boolean;
  title: string;
  familyName: string | null;
  description: string | null;
  madeOn: Date;
  cover: Buffer | null;
  /** The owner's words for the book, each on its own page after the title page; blank prints nothing. */
  dedication?: string | null;
  foreword?: string | null;
  /** Set when the cover is a story photo the owner chose: it is then held to PRINT_DPI like any photo. */
  coverPhotoKey?: string | null;
  stories: BookStory[];
  loadPhoto: (key: string) => Promise<Buffer | null>;
  onStory?: (done: number) => void | Promise<void>;
  /** Told of each photo printed smaller than its box for want of pixels (story -1 is the cover). */
  onSmallPhoto?: (photo: SmallPhoto) => void;
};

// Emoji and joiners have no glyph in DejaVu; they would print as empty boxes.
const printable = (s: string) => s.replace(/\r\n?/g, "\n").replace(/\p{Extended_Pictographic}|\u200d|\ufe0f/gu, "");

/**
 * A story's text in the book is bounded (about 25 pages at 6 × 9 in); the rest stays on the stories
 * page and in the archive. A few megabytes of text would otherwise hold the layout thread's heap.
 */
export const BOOK_STORY_MAX_CHARS = 60_000;
/** Letters in a row beyond which soft hyphens are put in: pdfkit then breaks there, not letter by letter. */
const LONG_WORD = 24;
const SOFT_HYPHEN = "\u00ad";

/**
 * A story's paragraphs as the book prints them: bounded, cut at a word, with every very long word
 * given places to break (pdfkit measures an unbreakable word letter by letter, which for 20,000
 * letters ran the layout thread out of memory).
 */
export function bookParagraphs(text: string): { paragraphs: string[]; cut: boolean } {
  let body = printable(text);
  const cut = body.length > BOOK_STORY_MAX_CHARS;
  if (cut) {
    body = body.slice(0, BOOK_STORY_MAX_CHARS);
    const lastSpace = body.search(/\s\S*$/);
    if (lastSpace > BOOK_STORY_MAX_CHARS / 2) body = body.slice(0, lastSpace);
  }
  const breakable = body.replace(new RegExp(`\\S{${LONG_WORD + 1},}`, "g"), (word) => word.match(/[\s\S]{1,12}/g)!.join(SOFT_HYPHEN));
  return { paragraphs: breakable.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean), cut };
}

/** Below half its box's width and height, a photo printed at PRINT_DPI looks small enough to mention. */
const SMALL_SHARE = 0.5;
/** A photo is shrunk to this share of its size, at most, to stay on the page its story's words end on. */
const PHOTO_SHRINK = 0.6;
/** Photos sharing a page each get at least this share of its height (four to a page); more run on. */
const MIN_PHOTO_SHARE = 0.22;

const embeddable = (bytes: Buffer) => (bytes[0] === 0xff && bytes[1] === 0xd8) || bytes.subarray(1, 4).toString("latin1") === "PNG";

/** Lays the book out into `out`; resolves with the number of pages once every byte is written. */
export async function renderBook(input: BookInput, out: Writable): Promise<number> {
  const [trimW, trimH] = TRIM_SIZES[input.trim];
  const bleed = input.bleed ? BLEED : 0;
  const margin = bleed + (input.trim === "letter" ? 0.9 : 0.7) * INCH;
  const size: [number, number] = [trimW + 2 * bleed, trimH + 2 * bleed];
  const doc = new PDFDocument({
    size,
    margins: { top: margin, bottom: margin + 14, left: margin, right: margin },
    bufferPages: true,
    autoFirstPage: false,
    info: { Title: printable(input.title), Creator: "Storyhearth" },
  });
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, `${DEJAVU}/${file}`);
  // Printers read the finished size from TrimBox; the bleed is what lies outside it.
  doc.on("pageAdded", () => {
    const page = doc.page.dictionary.data as Record<string, unknown>;
    page.TrimBox = [bleed, bleed, bleed + trimW, bleed + trimH];
    page.BleedBox = [0, 0, trimW + 2 * bleed, trimH + 2 * bleed];
  });
  const finished = new Promise<void>((resolve, reject) => {
    out.on("finish", resolve);
    out.on("error", reject);
    doc.on("error", reject);
  });
  doc.pipe(out);

  // pdfkit pushes what it writes whatever the reader can take: after each photo the layout waits
  // until the output has taken all but a few MB, so a 300-photo book never sits in memory.
  const drained = async () => {
    do await new Promise((resolve) => setImmediate(resolve));
    while (doc.readableLength > OUTPUT_SLACK);
  };
  const width = () => doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const byline = input.familyName ? m.byline(input.familyName) : null;

  /**
   * A story's photos, read one at a time, go directly after its words: on the page the words end
   * on while they fit (shrunk a little if need be), else from the top of the next page, where the
   * photos still to come share the page, so none is printed further than the page after the words.
   */
  const placePhotos = async (keys: string[], story: number) => {
    const room = () => bottom() - doc.page.margins.top;
    const gap = 8;
    // A lone photo may take most of a page; several share one, and once they start a page of their
    // own, the photos still to come are sized to share it.
    let share = keys.length === 1 ? 0.6 : 0.45;
    for (const [n, key] of keys.entries()) {
      const bytes = await input.loadPhoto(key);
      if (!bytes || !embeddable(bytes)) continue;
      const image = readableImage(doc, bytes);
      const box = room() * share;
      const fill = Math.min(width() / image.width, box / image.height);
      // Printed at most at PRINT_DPI: a small photo stays small rather than blurred, and the owner is told.
      let scale = Math.min(INCH / PRINT_DPI, fill);
      if (scale < fill * SMALL_SHARE) input.onSmallPhoto?.({ key, story, width: image.width, height: image.height, printedInches: (image.width * scale) / INCH });
      const space = bottom() - doc.y - gap;
      if (image.height * scale > space) {
        const shrunk = space / (image.height * scale);
        if (shrunk >= PHOTO_SHRINK && space >= INCH) scale *= shrunk;
        else {
          doc.addPage();
          share = Math.min(share, Math.max(MIN_PHOTO_SHARE, 0.95 / (keys.length - n) - gap / room()));
          scale = Math.min(scale, (room() * share) / image.height);
        }
      }
      if (doc.y > doc.page.margins.top) doc.y += gap;
      const [w, h] = [image.width * scale, image.height * scale];
      doc.image(image as unknown as Buffer, doc.page.margins.left + (width() - w) / 2, doc.y, { width: w, height: h });
      doc.y += h;
      await drained();
    }
    doc.x = doc.page.margins.left;
  };

  /** A voice-only story with no transcript: its page is the invitation to hear the teller, with its length. */
  const inviteToListen = (story: BookStory, teller: string | null) => {
    const url = story.listenUrl!;
    if (doc.y + INVITE_QR_SIDE + 110 > bottom()) doc.addPage();
    else doc.moveDown(1.5);
    doc.font("bold").fontSize(16).fillColor(INK).text(printable(m.listenVoice(teller)), doc.page.margins.left, doc.y, { width: width(), align: "center" });
    doc.moveDown(0.8);
    const top = doc.y;
    drawQr(doc, url, doc.page.margins.left + (width() - INVITE_QR_SIDE) / 2, top, INVITE_QR_SIDE);
    doc.y = top + INVITE_QR_SIDE + 10;
    doc.font("serif").fontSize(11).fillColor(INK).text(m.scanToListen(story.lengthLabel ?? null), doc.page.margins.left, doc.y, { width: width(), align: "center" });
    doc.font("sans").fontSize(8.5).fillColor(MUTED).text(url, { width: width(), align: "center" });
    doc.x = doc.page.margins.left;
  };

  // Cover: the collection's cover art over the whole trim (and bleed), title and family under it.
  // addPage's options replace the document's, so the size is given again.
  doc.addPage({ size, margin: 0 });
  doc.rect(0, 0, doc.page.width, doc.page.height).fill("#f6efe6");
  const art = Math.min(doc.page.width, doc.page.height * 0.62);
  if (input.cover && embeddable(input.cover)) {
    const image = openImage(doc, input.cover);
    // Cover art is drawn to fill its square; a chosen photo is never enlarged past PRINT_DPI.
    const fill = Math.min(art / image.width, art / image.height);
    const scale = input.coverPhotoKey ? Math.min(fill, INCH / PRINT_DPI) : fill;
    if (input.coverPhotoKey && scale < fill * SMALL_SHARE) input.onSmallPhoto?.({ key: input.coverPhotoKey, story: -1, width: image.width, height: image.height, printedInches: (image.width * scale) / INCH });
    const [w, h] = [image.width * scale, image.height * scale];
    doc.image(image as unknown as Buffer, (doc.page.width - w) / 2, (art - h) / 2, { width: w, height: h });
  }
  doc.font("bold").fontSize(26).fillColor(INK).text(printable(input.title), margin, art + 28, { width: doc.page.width - 2 * margin, align: "center" });
  if (byline) doc.moveDown(0.4).font("italic").fontSize(15).fillColor(MUTED).text(byline, { width: doc.page.width - 2 * margin, align: "center" });

  // Title page.
  doc.addPage();
  doc.y = doc.page.height * 0.3;
  doc.font("bold").fontSize(24).fillColor(INK).text(printable(input.title), { align: "center" });
  if (byline) doc.moveDown(0.5).font("italic").fontSize(14).fillColor(MUTED).text(byline, { align: "center" });
  if (input.description) doc.moveDown(1.5).font("serif").fontSize(11).fillColor(MUTED).text(printable(input.description), { align: "center" });
  doc.moveDown(3).font("sans").fontSize(9).fillColor(MUTED).text(m.madeWith(formatDay(input.madeOn)), { align: "center" });

  const dedication = printable(input.dedication ?? "").trim();
  if (dedication) {
    doc.addPage();
    doc.y = doc.page.height * 0.3;
    doc.font("italic").fontSize(14).fillColor(INK).text(dedication, { align: "center", lineGap: 4 });
  }
  const foreword = bookParagraphs(input.foreword ?? "").paragraphs;
  if (foreword.length) {
    doc.addPage();
    doc.font("bold").fontSize(18).fillColor(INK).text(m.foreword).moveDown(1);
    for (const paragraph of foreword) doc.font("serif").fontSize(11.5).fillColor(INK).text(paragraph, { lineGap: 3, paragraphGap: 8 });
  }

  const tellers = input.stories.map((s) => s.contributorName?.trim() || null);
  // Contents lines, in order: in a book of several collections, each one's title before its stories.
  const lines: Array<{ text: string; part: boolean; story: number }> = [];
  for (const [i, story] of input.stories.entries()) {
    if (story.part !== undefined && story.part !== input.stories[i - 1]?.part) lines.push({ text: printable(story.part), part: true, story: i });
    lines.push({ text: printable(m.contentsLine(story.title, tellers[i]!)), part: false, story: i });
  }

  // Contents: its pages are kept now and written once the chapters' pages are known. A line as long
  // as a title wraps, so each line is measured here and the pages are cut from the measures.
  const tocFont = (part: boolean) => doc.font(part ? "bold" : "serif").fontSize(11).fillColor(INK);
  const tocGap = 6;
  const tocFirst = doc.bufferedPageRange().count;
  doc.addPage();
  const tocText = width() - doc.font("serif").fontSize(11).widthOfString("0000") - 16;
  const tocRoom = bottom() - doc.page.margins.top;
  const tocHeading = 40;
  const tocPagesOf: Array<typeof lines> = [[]];
  let used = tocHeading;
  for (const line of lines) {
    const h = tocFont(line.part).heightOfString(line.text, { width: tocText }) + tocGap;
    if (used + h > tocRoom && tocPagesOf.at(-1)!.length) {
      tocPagesOf.push([]);
      used = 0;
    }
    tocPagesOf.at(-1)!.push(line);
    used += h;
  }
  const tocPages = tocPagesOf.length;
  for (let i = 1; i < tocPages; i++) doc.addPage();

  const starts: number[] = [];
  const partStarts = new Map<number, number>();
  for (const [i, story] of input.stories.entries()) {
    if (lines.some((line) => line.part && line.story === i)) {
      // A collection's own title page, so a book of several reads as parts.
      doc.addPage();
      partStarts.set(i, doc.bufferedPageRange().count);
      doc.y = doc.page.height * 0.35;
      doc.font("bold").fontSize(22).fillColor(INK).text(printable(story.part ?? ""), { align: "center" });
    }
    doc.addPage();
    starts.push(doc.bufferedPageRange().count);
    // A chapter starts a page, so its heading is never left alone at a page's foot.
    doc.font("bold").fontSize(20).fillColor(INK).text(printable(story.title));
    if (tellers[i]) doc.font("serif").fontSize(14).fillColor(INK).text(printable(m.from(tellers[i]!)));
    doc.font("italic").fontSize(11).fillColor(MUTED).text([formatDay(story.submittedAt), story.lengthLabel].filter(Boolean).join("  ·  "));
    doc.moveDown(1);
    const { paragraphs, cut } = bookParagraphs(story.text);
    for (const paragraph of paragraphs) {
      doc.font("serif").fontSize(11.5).fillColor(INK).text(paragraph, { align: "left", lineGap: 3, paragraphGap: 8 });
    }
    if (cut) doc.font("italic").fontSize(10.5).fillColor(MUTED).text(printable(m.rest(tellers[i]!)), { lineGap: 2, paragraphGap: 8 });
    await placePhotos(story.photoKeys, i);
    if (story.listenUrl && story.voiceOnly && paragraphs.length === 0) inviteToListen(story, tellers[i]!);
    else if (story.listenUrl) {
      // The QR code, its caption and its link stay together on one page.
      if (doc.y + 18 + QR_SIDE + 40 > bottom()) doc.addPage();
      else doc.moveDown(1);
      const top = doc.y;
      drawQr(doc, story.listenUrl, doc.page.margins.left, top, QR_SIDE);
      const textX = doc.page.margins.left + QR_SIDE + 14;
      doc.font("bold").fontSize(11).fillColor(INK).text(printable(story.voiceOnly ? m.listenVoice(tellers[i]!) : m.listen), textX, top + 18, { width: width() - QR_SIDE - 14 });
      doc.font("sans").fontSize(8.5).fillColor(MUTED).text(story.listenUrl, { width: width() - QR_SIDE - 14 });
      doc.x = doc.page.margins.left;
      doc.y = top + QR_SIDE + 6;
    }
    await input.onStory?.(i + 1);
    // The job shares the server's process: after each story the layout lets requests in.
    await drained();
  }

  for (let p = 0; p < tocPages; p++) {
    doc.switchToPage(tocFirst + p);
    doc.y = doc.page.margins.top;
    if (p === 0) {
      doc.font("bold").fontSize(18).fillColor(INK).text(m.contents);
      doc.y = doc.page.margins.top + tocHeading;
    }
    for (const line of tocPagesOf[p]!) {
      const y = doc.y;
      const number = String(line.part ? partStarts.get(line.story) : starts[line.story]);
      tocFont(line.part);
      const h = doc.heightOfString(line.text, { width: tocText });
      doc.text(line.text, doc.page.margins.left, y, { width: tocText });
      // The page number stands level with the line's last row, as in a printed contents.
      doc.text(number, doc.page.margins.left + width() - doc.widthOfString(number), y + h - doc.currentLineHeight(), { lineBreak: false });
      doc.x = doc.page.margins.left;
      doc.y = y + h + tocGap;
    }
  }

  // Page numbers: every page after the cover, at the foot of the trim.
  const { count } = doc.bufferedPageRange();
  for (let p = 1; p < count; p++) {
    // 600 pages take a few hundred ms here on a busy machine: requests get a turn every 25.
    if (p % 25 === 0) await new Promise((resolve) => setImmediate(resolve));
    doc.switchToPage(p);
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font("sans").fontSize(9).fillColor(MUTED).text(String(p + 1), 0, doc.page.height - bleed - 0.45 * INCH, { width: doc.page.width, align: "center", lineBreak: false });
    doc.page.margins.bottom = saved;
  }
  doc.end();
  await finished;
  return count;
}

/** A story photo pdfkit cannot decode stops the book with a reason the owner can act on. */
function readableImage(doc: PDFKit.PDFDocument, bytes: Buffer) {
  try {
    return openImage(doc, bytes);
  } catch {
    throw new BookLayoutError("photo");
  }
}

// openImage is pdfkit's, missing from its types: it reads the size without placing the image.
const openImage = (doc: PDFKit.PDFDocument, bytes: Buffer) => (doc as unknown as { openImage(src: Buffer): { width: number; height: number } }).openImage(bytes);

/** The QR code as vector squares, one rectangle per run of dark modules. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, side: number) {
  const { size, data } = encode(text, { border: 2 });
  const cell = side / size;
  doc.rect(x, y, side, side).fill("white");
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!data[row]![col]) continue;
      const start = col;
      while (col + 1 < size && data[row]![col + 1]) col++;
      doc.rect(x + start * cell, y + row * cell, (col - start + 1) * cell, cell);
    }
  }
  doc.fill("black");
}
