// Hand-made PDFs for the caps' tests and for `npm run bench -- bounds` (one home for both).
import zlib from "node:zlib";

const MB = 1024 * 1024;

/** A PDF from its objects' bodies (object n is objects[n - 1]), with a correct cross-reference table. */
export function pdfOf(objects: Array<string | Buffer>): Uint8Array {
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let offset = parts[0]!.byteLength;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const part = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      Buffer.isBuffer(body) ? body : Buffer.from(body, "latin1"),
      Buffer.from("\nendobj\n"),
    ]);
    parts.push(part);
    offset += part.byteLength;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n`,
    "0000000000 65535 f \n",
    ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`),
  ].join("");
  parts.push(
    Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`),
  );
  return new Uint8Array(Buffer.concat(parts));
}

const stream = (dict: string, data: Buffer) =>
  Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.byteLength} >>\nstream\n`), data, Buffer.from("\nendstream")]);

const FONT = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";

/** One page showing `text`. */
export function onePage(content: Buffer) {
  return pdfOf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    stream("/Filter /FlateDecode", content),
    FONT,
  ]);
}

/** ~1 GB of zeros deflated, made 1 MB at a time so the test never holds the inflated bytes. */
export async function zerosDeflated(bytes: number): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => deflate.on("end", resolve));
  const block = Buffer.alloc(MB);
  for (let sent = 0; sent < bytes; sent += MB)
    if (!deflate.write(block)) await new Promise((r) => deflate.once("drain", r));
  deflate.end();
  await done;
  return Buffer.concat(out);
}

export function manyPages(count: number) {
  const kids = Array.from({ length: count }, (_, i) => `${i + 3} 0 R`).join(" ");
  const pages = Array.from({ length: count }, () => "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>");
  return pdfOf(["<< /Type /Catalog /Pages 2 0 R >>", `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`, ...pages]);
}
