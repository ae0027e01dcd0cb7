// Liberation Sans (shipped with pdfjs-dist) so accented names print right.
import fs from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";

import type { NewsletterView } from "~/features/newsletters/newsletters.server";
import { sniffImageType } from "~/lib/image-type";

import { categoryLabel } from "./category";
import { contributorCountLabel, familyBadge, formatPublishDate, storyLengthText, storyParagraphs } from "./content";
import { newsletterMessages } from "./messages";

const INK = "#2b2118";
const MUTED = "#5f5245";
const ACCENT = "#9a3f12";

type Fonts = { regular: string; bold: string; italic: string; unicode: boolean };

let fonts: Fonts | undefined;
function pickFonts(): Fonts {
  if (fonts) return fonts;
  try {
    const require = createRequire(import.meta.url);
    const file = (name: string) => require.resolve(`pdfjs-dist/standard_fonts/LiberationSans-${name}.ttf`);
    const found = { regular: file("Regular"), bold: file("Bold"), italic: file("Italic") };
    if (Object.values(found).every((f) => fs.existsSync(f))) fonts = { ...found, unicode: true };
  } catch {
    // Not installed: Helvetica below.
  }
  fonts ??= { regular: "Helvetica", bold: "Helvetica-Bold", italic: "Helvetica-Oblique", unicode: false };
  return fonts;
}

// Characters the font cannot draw would print as a wrong glyph, so they are replaced.
const LIBERATION = /[\u0020-\u007e\u00a0-\u024f\u0370-\u03ff\u0400-\u04ff\u2010-\u2027\u2030-\u203a\u20ac\u2122\n]/u;
const WINANSI =
  /[\u0020-\u007e\u00a0-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201a\u201c-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122\n]/u;

export function printable(text: string, unicode = pickFonts().unicode): string {
  const allowed = unicode ? LIBERATION : WINANSI;
  let out = "";
  for (const ch of text.replace(/\r\n?/g, "\n").replace(/\t/g, " ")) {
    if (allowed.test(ch)) out += ch;
    else if (/\p{Extended_Pictographic}/u.test(ch) || ch === "\u200d" || ch === "\ufe0f") continue;
    else {
      const plain = ch.normalize("NFKD").replace(/\p{M}/gu, "");
      out += plain && [...plain].every((c) => allowed.test(c)) ? plain : "?";
    }
  }
  return out;
}

export type PdfOptions = {
  origin: string;
  loadImage: (url: string) => Promise<Buffer | null>;
};

const embeddable = (bytes: Buffer | null): bytes is Buffer => {
  const type = bytes ? sniffImageType(bytes)?.type : undefined;
  return type === "image/jpeg" || type === "image/png";
};

export async function renderNewsletterPdf(view: NewsletterView, { origin, loadImage }: PdfOptions): Promise<Buffer> {
  const f = pickFonts();
  const t = (s: string) => printable(s, f.unicode);
  const doc = new PDFDocument({
    size: "LETTER",
    margins: { top: 56, bottom: 56, left: 64, right: 64 },
    info: { Title: t(view.title), Author: t(familyBadge(view.familyName)), Creator: "Storyhearth" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const pageUrl = `${origin}/newsletter/${view.publicId}`;

  doc
    .font(f.bold)
    .fontSize(10)
    .fillColor(ACCENT)
    .text(t(`${newsletterMessages.page.header}  ·  ${newsletterMessages.page.edition(view.edition)}`));
  doc.moveDown(0.6);
  doc
    .font(f.regular)
    .fontSize(11)
    .fillColor(MUTED)
    .text(t(familyBadge(view.familyName)));
  doc.moveDown(0.3);
  doc.font(f.bold).fontSize(26).fillColor(INK).text(t(view.title));
  if (view.subtitle) doc.font(f.italic).fontSize(14).fillColor(MUTED).text(t(view.subtitle));
  doc.moveDown(0.4);
  doc
    .font(f.regular)
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      t(
        [
          formatPublishDate(view.publishedAt),
          contributorCountLabel(view.totalContributors),
          newsletterMessages.page.readingTotal(view.totalReadingMinutes),
        ].join("  ·  "),
      ),
    );

  if (view.podcast) {
    doc.moveDown(0.8);
    doc.font(f.bold).fontSize(12).fillColor(INK).text(t(newsletterMessages.page.listen));
    doc
      .font(f.regular)
      .fontSize(10)
      .fillColor(MUTED)
      .text(
        t(
          view.podcast.durationText
            ? newsletterMessages.page.duration(view.podcast.durationText)
            : newsletterMessages.page.durationUnknown,
        ),
      );
    if (view.podcast.audioUrl)
      doc.fillColor(ACCENT).text(`${pageUrl}#listen`, { link: `${pageUrl}#listen`, underline: true });
  }

  if (view.coverImage) {
    const cover = await loadImage(view.coverImage);
    if (embeddable(cover)) {
      doc.moveDown(0.8);
      doc.image(cover, { fit: [width, 260], align: "center" });
      doc.moveDown(0.5);
    }
  }

  for (const story of view.stories) {
    doc.moveDown(1.2);
    doc
      .moveTo(doc.page.margins.left, doc.y)
      .lineTo(doc.page.margins.left + width, doc.y)
      .strokeColor("#e3d9cc")
      .stroke();
    doc.moveDown(0.6);
    doc
      .font(f.bold)
      .fontSize(9)
      .fillColor(ACCENT)
      .text(t(`${categoryLabel(story.category).toUpperCase()}  ·  ${storyLengthText(story)}`));
    doc.moveDown(0.2);
    doc.font(f.bold).fontSize(17).fillColor(INK).text(t(story.title));
    const name = story.author ?? story.contributedBy;
    if (name) doc.font(f.italic).fontSize(10).fillColor(MUTED).text(t(name));
    doc.moveDown(0.4);
    for (const url of story.images) {
      const bytes = await loadImage(url);
      if (!embeddable(bytes)) continue;
      doc.image(bytes, { fit: [width, 240], align: "center" });
      doc.moveDown(0.4);
    }
    doc.font(f.regular).fontSize(12).fillColor(INK);
    for (const paragraph of storyParagraphs(story.content))
      doc.text(t(paragraph), { align: "left", lineGap: 2, paragraphGap: 6 });
  }

  doc.moveDown(1.5);
  doc
    .font(f.regular)
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      t(`${newsletterMessages.page.createdWith} Storyhearth. ${newsletterMessages.page.craftedNote(view.familyName)}`),
      { align: "center" },
    );
  doc.text(pageUrl, { align: "center", link: pageUrl });
  doc.end();
  return done;
}
