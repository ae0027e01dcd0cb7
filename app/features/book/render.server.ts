// The family book's pages (decision 0160): pages are kept as drawing commands (bufferPages) so the
// contents and page numbers are written last; photos are read one at a time.
import type { Writable } from "node:stream";
import PDFDocument from "pdfkit";
import { encode } from "uqr";

import { formatDay } from "~/lib/format-date";

import { BookLayoutError } from "./layout-failure";
import { bookMessages } from "./messages";

const DEJAVU = "/usr/share/fonts/truetype/dejavu";
const FONTS = {
  serif: "DejaVuSerif.ttf",
  bold: "DejaVuSerif-Bold.ttf",
  italic: "DejaVuSerif-Italic.ttf",
  sans: "DejaVuSans.ttf",
} as const;

const INCH = 72;
export const TRIM_SIZES = {
  "6x9": [6 * INCH, 9 * INCH],
  letter: [8.5 * INCH, 11 * INCH],
  a5: [(148 / 25.4) * INCH, (210 / 25.4) * INCH],
} as const;
export const BLEED = (3 / 25.4) * INCH;
export const PRINT_DPI = 300;
const QR_SIDE = 1.1 * INCH;
const INVITE_QR_SIDE = 1.8 * INCH;
const OUTPUT_SLACK = 4 * 1024 * 1024;
const INK = "#2b2118";
const MUTED = "#5f5245";

export type BookStory = {
  contributorName: string | null;
  submittedAt: Date;
  title: string;
  text: string;
  lengthLabel?: string | null;
  voiceOnly?: boolean;
  photoKeys: string[];
  listenUrl: string | null;
  part?: string;
};

export type SmallPhoto = { key: string; story: number; width: number; height: number; printedInches: number };

export type BookInput = {
  trim: keyof typeof TRIM_SIZES;
  bleed: boolean;
  title: string;
  familyName: string | null;
  description: string | null;
  madeOn: Date;
  cover: Buffer | null;
  dedication?: string | null;
  foreword?: string | null;
  coverPhotoKey?: string | null;
  stories: BookStory[];
  loadPhoto: (key: string) => Promise<Buffer | null>;
  onStory?: (done: number) => void | Promise<void>;
  onSmallPhoto?: (photo: SmallPhoto) => void;
};

// Emoji and joiners have no glyph in DejaVu; they would print as empty boxes.
const printable = (s: string) => s.replace(/\r\n?/g, "\n").replace(/\p{Extended_Pictographic}|\u200d|\ufe0f/gu, "");

// Bounded, or a few megabytes of text would hold the layout thread's heap.
export const BOOK_STORY_MAX_CHARS = 60_000;
// pdfkit measures an unbreakable word letter by letter; soft hyphens give it places to break.
const LONG_WORD = 24;
const SOFT_HYPHEN = "\u00ad";

export function bookParagraphs(text: string): { paragraphs: string[]; cut: boolean } {
  let body = printable(text);
  const cut = body.length > BOOK_STORY_MAX_CHARS;
  if (cut) {
    body = body.slice(0, BOOK_STORY_MAX_CHARS);
    const lastSpace = body.search(/\s\S*$/);
    if (lastSpace > BOOK_STORY_MAX_CHARS / 2) body = body.slice(0, lastSpace);
  }
  const breakable = body.replace(new RegExp(`\\S{${LONG_WORD + 1},}`, "g"), (word) =>
    word.match(/[\s\S]{1,12}/g)!.join(SOFT_HYPHEN),
  );
  return {
    paragraphs: breakable
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean),
    cut,
  };
}

const SMALL_SHARE = 0.5;
const PHOTO_SHRINK = 0.6;
const MIN_PHOTO_SHARE = 0.22;

const embeddable = (bytes: Buffer) =>
  (bytes[0] === 0xff && bytes[1] === 0xd8) || bytes.subarray(1, 4).toString("latin1") === "PNG";

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

  // pdfkit pushes output whatever the reader can take, so the layout waits for it to drain after each photo.
  const drained = async () => {
    do await new Promise((resolve) => setImmediate(resolve));
    while (doc.readableLength > OUTPUT_SLACK);
  };
  const width = () => doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const byline = input.familyName ? bookMessages.pdf.byline(input.familyName) : null;

  const placePhotos = async (keys: string[], story: number) => {
    const room = () => bottom() - doc.page.margins.top;
    const gap = 8;
    let share = keys.length === 1 ? 0.6 : 0.45;
    for (const [n, key] of keys.entries()) {
      const bytes = await input.loadPhoto(key);
      if (!bytes || !embeddable(bytes)) continue;
      const image = readableImage(doc, bytes);
      const box = room() * share;
      const fill = Math.min(width() / image.width, box / image.height);
      let scale = Math.min(INCH / PRINT_DPI, fill);
      if (scale < fill * SMALL_SHARE)
        input.onSmallPhoto?.({
          key,
          story,
          width: image.width,
          height: image.height,
          printedInches: (image.width * scale) / INCH,
        });
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

  const inviteToListen = (story: BookStory, teller: string | null) => {
    const url = story.listenUrl!;
    if (doc.y + INVITE_QR_SIDE + 110 > bottom()) doc.addPage();
    else doc.moveDown(1.5);
    doc
      .font("bold")
      .fontSize(16)
      .fillColor(INK)
      .text(printable(bookMessages.pdf.listenVoice(teller)), doc.page.margins.left, doc.y, {
        width: width(),
        align: "center",
      });
    doc.moveDown(0.8);
    const top = doc.y;
    drawQr(doc, url, doc.page.margins.left + (width() - INVITE_QR_SIDE) / 2, top, INVITE_QR_SIDE);
    doc.y = top + INVITE_QR_SIDE + 10;
    doc
      .font("serif")
      .fontSize(11)
      .fillColor(INK)
      .text(bookMessages.pdf.scanToListen(story.lengthLabel ?? null), doc.page.margins.left, doc.y, {
        width: width(),
        align: "center",
      });
    doc.font("sans").fontSize(8.5).fillColor(MUTED).text(url, { width: width(), align: "center" });
    doc.x = doc.page.margins.left;
  };

  doc.addPage({ size, margin: 0 });
  doc.rect(0, 0, doc.page.width, doc.page.height).fill("#f6efe6");
  const art = Math.min(doc.page.width, doc.page.height * 0.62);
  if (input.cover && embeddable(input.cover)) {
    const image = openImage(doc, input.cover);
    const fill = Math.min(art / image.width, art / image.height);
    const scale = input.coverPhotoKey ? Math.min(fill, INCH / PRINT_DPI) : fill;
    if (input.coverPhotoKey && scale < fill * SMALL_SHARE)
      input.onSmallPhoto?.({
        key: input.coverPhotoKey,
        story: -1,
        width: image.width,
        height: image.height,
        printedInches: (image.width * scale) / INCH,
      });
    const [w, h] = [image.width * scale, image.height * scale];
    doc.image(image as unknown as Buffer, (doc.page.width - w) / 2, (art - h) / 2, { width: w, height: h });
  }
  doc
    .font("bold")
    .fontSize(26)
    .fillColor(INK)
    .text(printable(input.title), margin, art + 28, { width: doc.page.width - 2 * margin, align: "center" });
  if (byline)
    doc
      .moveDown(0.4)
      .font("italic")
      .fontSize(15)
      .fillColor(MUTED)
      .text(byline, { width: doc.page.width - 2 * margin, align: "center" });

  doc.addPage();
  doc.y = doc.page.height * 0.3;
  doc.font("bold").fontSize(24).fillColor(INK).text(printable(input.title), { align: "center" });
  if (byline) doc.moveDown(0.5).font("italic").fontSize(14).fillColor(MUTED).text(byline, { align: "center" });
  if (input.description)
    doc
      .moveDown(1.5)
      .font("serif")
      .fontSize(11)
      .fillColor(MUTED)
      .text(printable(input.description), { align: "center" });
  doc
    .moveDown(3)
    .font("sans")
    .fontSize(9)
    .fillColor(MUTED)
    .text(bookMessages.pdf.madeWith(formatDay(input.madeOn)), { align: "center" });

  const dedication = printable(input.dedication ?? "").trim();
  if (dedication) {
    doc.addPage();
    doc.y = doc.page.height * 0.3;
    doc.font("italic").fontSize(14).fillColor(INK).text(dedication, { align: "center", lineGap: 4 });
  }
  const foreword = bookParagraphs(input.foreword ?? "").paragraphs;
  if (foreword.length) {
    doc.addPage();
    doc.font("bold").fontSize(18).fillColor(INK).text(bookMessages.pdf.foreword).moveDown(1);
    for (const paragraph of foreword)
      doc.font("serif").fontSize(11.5).fillColor(INK).text(paragraph, { lineGap: 3, paragraphGap: 8 });
  }

  const tellers = input.stories.map((s) => s.contributorName?.trim() || null);
  const lines: Array<{ text: string; part: boolean; story: number }> = [];
  for (const [i, story] of input.stories.entries()) {
    if (story.part !== undefined && story.part !== input.stories[i - 1]?.part)
      lines.push({ text: printable(story.part), part: true, story: i });
    lines.push({ text: printable(bookMessages.pdf.contentsLine(story.title, tellers[i]!)), part: false, story: i });
  }

  const tocFont = (part: boolean) =>
    doc
      .font(part ? "bold" : "serif")
      .fontSize(11)
      .fillColor(INK);
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
      doc.addPage();
      partStarts.set(i, doc.bufferedPageRange().count);
      doc.y = doc.page.height * 0.35;
      doc
        .font("bold")
        .fontSize(22)
        .fillColor(INK)
        .text(printable(story.part ?? ""), { align: "center" });
    }
    doc.addPage();
    starts.push(doc.bufferedPageRange().count);
    doc.font("bold").fontSize(20).fillColor(INK).text(printable(story.title));
    if (tellers[i])
      doc
        .font("serif")
        .fontSize(14)
        .fillColor(INK)
        .text(printable(bookMessages.pdf.from(tellers[i]!)));
    doc
      .font("italic")
      .fontSize(11)
      .fillColor(MUTED)
      .text([formatDay(story.submittedAt), story.lengthLabel].filter(Boolean).join("  ·  "));
    doc.moveDown(1);
    const { paragraphs, cut } = bookParagraphs(story.text);
    for (const paragraph of paragraphs) {
      doc.font("serif").fontSize(11.5).fillColor(INK).text(paragraph, { align: "left", lineGap: 3, paragraphGap: 8 });
    }
    if (cut)
      doc
        .font("italic")
        .fontSize(10.5)
        .fillColor(MUTED)
        .text(printable(bookMessages.pdf.rest(tellers[i]!)), { lineGap: 2, paragraphGap: 8 });
    await placePhotos(story.photoKeys, i);
    if (story.listenUrl && story.voiceOnly && paragraphs.length === 0) inviteToListen(story, tellers[i]!);
    else if (story.listenUrl) {
      if (doc.y + 18 + QR_SIDE + 40 > bottom()) doc.addPage();
      else doc.moveDown(1);
      const top = doc.y;
      drawQr(doc, story.listenUrl, doc.page.margins.left, top, QR_SIDE);
      const textX = doc.page.margins.left + QR_SIDE + 14;
      doc
        .font("bold")
        .fontSize(11)
        .fillColor(INK)
        .text(
          printable(story.voiceOnly ? bookMessages.pdf.listenVoice(tellers[i]!) : bookMessages.pdf.listen),
          textX,
          top + 18,
          { width: width() - QR_SIDE - 14 },
        );
      doc
        .font("sans")
        .fontSize(8.5)
        .fillColor(MUTED)
        .text(story.listenUrl, { width: width() - QR_SIDE - 14 });
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
      doc.font("bold").fontSize(18).fillColor(INK).text(bookMessages.pdf.contents);
      doc.y = doc.page.margins.top + tocHeading;
    }
    for (const line of tocPagesOf[p]!) {
      const y = doc.y;
      const number = String(line.part ? partStarts.get(line.story) : starts[line.story]);
      tocFont(line.part);
      const h = doc.heightOfString(line.text, { width: tocText });
      doc.text(line.text, doc.page.margins.left, y, { width: tocText });
      doc.text(number, doc.page.margins.left + width() - doc.widthOfString(number), y + h - doc.currentLineHeight(), {
        lineBreak: false,
      });
      doc.x = doc.page.margins.left;
      doc.y = y + h + tocGap;
    }
  }

  const { count } = doc.bufferedPageRange();
  for (let p = 1; p < count; p++) {
    if (p % 25 === 0) await new Promise((resolve) => setImmediate(resolve));
    doc.switchToPage(p);
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("sans")
      .fontSize(9)
      .fillColor(MUTED)
      .text(String(p + 1), 0, doc.page.height - bleed - 0.45 * INCH, {
        width: doc.page.width,
        align: "center",
        lineBreak: false,
      });
    doc.page.margins.bottom = saved;
  }
  doc.end();
  await finished;
  return count;
}

function readableImage(doc: PDFKit.PDFDocument, bytes: Buffer) {
  try {
    return openImage(doc, bytes);
  } catch {
    throw new BookLayoutError("photo");
  }
}

// openImage is pdfkit's, missing from its types: it reads the size without placing the image.
const openImage = (doc: PDFKit.PDFDocument, bytes: Buffer) =>
  (doc as unknown as { openImage(src: Buffer): { width: number; height: number } }).openImage(bytes);

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
