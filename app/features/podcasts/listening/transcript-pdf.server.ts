import PDFDocument from "pdfkit";

import { formatDay } from "~/lib/format-date";
import { PRODUCT_NAME } from "~/lib/messages";
import { formatDuration } from "~/lib/text-format";

import { hostLabel } from "../podcast-view";
import { parseTranscript } from "./transcript";

type TranscriptSource = {
  title: string;
  transcript: string;
  createdAt: Date;
  duration: number | null;
  hostCount: number;
};

// The standard PDF fonts speak WinAnsi only; anything else would print as garbage.
const WIN_ANSI_EXTRAS = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
const isControl = (c: string) => c !== "\n" && /\p{Cc}/u.test(c);
export function toWinAnsi(text: string) {
  const plain = text.normalize("NFC").replace(/\r\n?/g, "\n").replace(/\t/g, " ");
  return [...plain].map((c) => (!isControl(c) && (c <= "\u00ff" || WIN_ANSI_EXTRAS.includes(c)) ? c : "?")).join("");
}

export function renderTranscriptPdf(source: TranscriptSource): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 72,
    info: { Title: toWinAnsi(`${source.title} — Transcript`), Creator: PRODUCT_NAME },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.font("Helvetica-Bold").fontSize(20).text(toWinAnsi(source.title));
  doc.moveDown(0.3);
  const facts = [
    `Transcript`,
    formatDay(source.createdAt),
    formatDuration(source.duration),
    hostLabel(source.hostCount),
  ];
  doc.font("Helvetica").fontSize(10).fillColor("#555555").text(facts.join("  ·  "));
  doc.moveDown(1.2).fillColor("#000000");

  for (const turn of parseTranscript(source.transcript)) {
    if (turn.speaker) {
      doc
        .font("Helvetica-Bold")
        .fontSize(12)
        .text(`${toWinAnsi(turn.speaker)}: `, { continued: true });
    }
    doc.font("Helvetica").fontSize(12).text(toWinAnsi(turn.text), { lineGap: 2 });
    doc.moveDown(0.8);
  }
  doc.end();
  return done;
}
