// Issue 22, item 2 (decision 0142): a decompression bomb and a 50,000-page PDF are refused within
// seconds with the wizard's message for a PDF that cannot be read; a real story still reads.
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { createTestUser } from "../../../tests/utils/auth";
import { PodcastRequestError } from "./errors";
import { podcastMessages } from "./messages";
import { extractPdfText } from "./pdf-text.server";
import { createPdfStory } from "./stories.server";

const MB = 1024 * 1024;

/** A PDF from its objects' bodies (object n is objects[n - 1]), with a correct cross-reference table. */
function pdfOf(objects: Array<string | Buffer>): Uint8Array {
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let offset = parts[0]!.byteLength;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.isBuffer(body) ? body : Buffer.from(body, "latin1"), Buffer.from("\nendobj\n")]);
    parts.push(part);
    offset += part.byteLength;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, "0000000000 65535 f \n", ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`)].join("");
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(parts));
}

const stream = (dict: string, data: Buffer) => Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.byteLength} >>\nstream\n`), data, Buffer.from("\nendstream")]);

const FONT = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";

/** One page showing `text`. */
function onePage(content: Buffer) {
  return pdfOf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    stream("/Filter /FlateDecode", content),
    FONT,
  ]);
}

/** ~1 GB of zeros deflated, made 1 MB at a time so the test never holds the inflated bytes. */
async function zerosDeflated(bytes: number): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => deflate.on("end", resolve));
  const block = Buffer.alloc(MB);
  for (let sent = 0; sent < bytes; sent += MB) if (!deflate.write(block)) await new Promise((r) => deflate.once("drain", r));
  deflate.end();
  await done;
  return Buffer.concat(out);
}

function manyPages(count: number) {
  const kids = Array.from({ length: count }, (_, i) => `${i + 3} 0 R`).join(" ");
  const pages = Array.from({ length: count }, () => "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>");
  return pdfOf(["<< /Type /Catalog /Pages 2 0 R >>", `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`, ...pages]);
}

async function refusal(bytes: Uint8Array) {
  const user = await createTestUser();
  const started = performance.now();
  const error = await createPdfStory(user.id, { bytes, name: "story.pdf" }).then(
    () => null,
    (e: unknown) => e,
  );
  return { error, ms: performance.now() - started };
}

describe("PDF caps", () => {
  it("refuses a decompression bomb (1 MB that inflates to 1 GB) in under 5 s with the unreadable-PDF message", async () => {
    const bomb = onePage(await zerosDeflated(1024 * MB));
    expect(bomb.byteLength).toBeLessThan(1.5 * MB);
    const { error, ms } = await refusal(bomb);
    expect(error).toBeInstanceOf(PodcastRequestError);
    expect((error as PodcastRequestError).status).toBe(422);
    expect((error as PodcastRequestError).message).toBe(podcastMessages.upload.unreadablePdf.description);
    console.log(`PDF bomb refused in ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(5_000);
    await expect(extractPdfText(bomb)).rejects.toThrow(/inflates to more than/);
  }, 60_000);

  it("refuses a 50,000-page PDF in under 5 s with the unreadable-PDF message", async () => {
    const pdf = manyPages(50_000);
    const { error, ms } = await refusal(pdf);
    expect(error).toBeInstanceOf(PodcastRequestError);
    expect((error as PodcastRequestError).message).toBe(podcastMessages.upload.unreadablePdf.description);
    console.log(`50,000-page PDF (${(pdf.byteLength / MB).toFixed(1)} MB) refused in ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(5_000);
    await expect(extractPdfText(pdf)).rejects.toThrow(/50000 pages, more than 1000/);
  }, 60_000);

  it("still reads an ordinary compressed story", async () => {
    const text = zlib.deflateSync(Buffer.from("BT /F1 12 Tf 72 720 Td (Grandma crossed the ocean in 1952.) Tj ET"));
    const read = await extractPdfText(onePage(text));
    expect(read.text).toBe("Grandma crossed the ocean in 1952.");
    expect(read.pages).toBe(1);
  });
});
