import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

import { MultipartError, readMultipartForm, readMultipartToDisk } from "./multipart.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storyhearth-multipart-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let temps = 0;
const tempPath = () => path.join(dir, `part-${++temps}`);
const leftovers = () => fs.readdirSync(dir).filter((name) => name.startsWith("part-"));

const BOUNDARY = "----storyhearth-test";
const TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
type Part = { name: string; value: string | Buffer; fileName?: string; type?: string };

const partHead = ({ name, fileName, type }: Omit<Part, "value">) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${fileName === undefined ? "" : `; filename="${fileName}"`}\r\n` +
  (type ? `Content-Type: ${type}\r\n` : "") +
  "\r\n";

const encode = (parts: Part[]) =>
  Buffer.concat([
    ...parts.flatMap((part) => [Buffer.from(partHead(part)), Buffer.from(part.value), Buffer.from("\r\n")]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);

const post = (body: Buffer | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  new Request("http://127.0.0.1/upload", {
    method: "POST",
    body,
    headers: { "Content-Type": TYPE, ...headers },
    duplex: "half",
  } as RequestInit);

// A body made while it is read, as a chunked upload without Content-Length arrives.
function streamedBody(fields: Part[], fileBytes: number, fill = 7, onPull?: (sent: number) => void) {
  const head = Buffer.concat([
    ...fields.flatMap((part) => [Buffer.from(partHead(part)), Buffer.from(part.value), Buffer.from("\r\n")]),
    Buffer.from(partHead({ name: "file", fileName: "big.bin", type: "application/octet-stream" })),
  ]);
  const block = Buffer.alloc(1024 * 1024, fill);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(head));
    },
    pull(controller) {
      onPull?.(sent);
      if (sent >= fileBytes) {
        controller.enqueue(new Uint8Array(Buffer.from(`\r\n--${BOUNDARY}--\r\n`)));
        controller.close();
        return;
      }
      const size = Math.min(block.length, fileBytes - sent);
      controller.enqueue(new Uint8Array(block.subarray(0, size)));
      sent += size;
    },
  });
  return { stream, pulled: () => sent };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: unknown) => error as MultipartError,
  );

describe("readMultipartToDisk", () => {
  it("writes the file part to a temporary file and keeps the text fields", async () => {
    const bytes = randomBytes(300_000);
    const { fields, file } = await readMultipartToDisk(
      post(
        encode([
          { name: "title", value: "Summer" },
          { name: "video", value: bytes, fileName: "clip.webm", type: "video/webm" },
        ]),
      ),
      {
        fileField: "video",
        maxFileBytes: 300_000,
        maxBodyBytes: 400_000,
        tempPath,
      },
    );
    expect(fields).toEqual({ title: "Summer" });
    expect(file).toMatchObject({ size: 300_000, fileName: "clip.webm", mimeType: "video/webm", placed: false });
    expect(fs.readFileSync(file!.path).equals(bytes)).toBe(true);
    fs.rmSync(file!.path);
  });

  it("refuses a file one byte over its cap (the whole form in one piece), removes the temporary file and keeps the fields read before", async () => {
    const error = await refusal(
      readMultipartToDisk(
        post(
          encode([
            { name: "title", value: "Summer" },
            { name: "video", value: Buffer.alloc(100_001), fileName: "clip.webm" },
          ]),
        ),
        {
          fileField: "video",
          maxFileBytes: 100_000,
          maxBodyBytes: 1_000_000,
          tempPath,
        },
      ),
    );
    expect(error).toBeInstanceOf(MultipartError);
    expect(error).toMatchObject({ status: 413, reason: "file-too-large", part: "video", fields: { title: "Summer" } });
    expect(leftovers()).toEqual([]);
  });

  it("writes a placed part into its region only: a part over its cap never reaches the neighbour's bytes", async () => {
    const target = path.join(dir, "placed.bin");
    fs.writeFileSync(target, Buffer.alloc(30, 0xee));
    const placeFile = async (fields: Record<string, string>) => ({ file: target, start: Number(fields.index) * 10 });
    const options = { fileField: "chunk", maxFileBytes: 10, maxBodyBytes: 10_000, tempPath, placeFile };
    const ok = await readMultipartToDisk(
      post(
        encode([
          { name: "index", value: "1" },
          { name: "chunk", value: Buffer.alloc(10, 1), fileName: "c" },
        ]),
      ),
      options,
    );
    expect(ok.file).toMatchObject({ path: target, placed: true, size: 10 });
    const long = await refusal(
      readMultipartToDisk(
        post(
          encode([
            { name: "index", value: "0" },
            { name: "chunk", value: Buffer.alloc(11, 2), fileName: "c" },
          ]),
        ),
        options,
      ),
    );
    expect(long.reason).toBe("file-too-large");
    const bytes = fs.readFileSync(target);
    expect(bytes).toHaveLength(30);
    expect([...bytes.subarray(10)]).toEqual([...Array(10).fill(1), ...Array(10).fill(0xee)]);
  });

  it("passes what placeFile throws on unchanged", async () => {
    const mine = new Error("upload mismatch");
    const error = await refusal(
      readMultipartToDisk(post(encode([{ name: "chunk", value: "abc", fileName: "c" }])), {
        fileField: "chunk",
        maxFileBytes: 10,
        maxBodyBytes: 10_000,
        tempPath,
        placeFile: () => Promise.reject(mine),
      }),
    );
    expect(error).toBe(mine);
  });

  it("counts a chunked body without Content-Length and stops reading soon after the total cap", async () => {
    const body = streamedBody([{ name: "title", value: "x" }], 200 * 1024 * 1024);
    const error = await refusal(
      readMultipartToDisk(post(body.stream), {
        fileField: "other",
        maxFileBytes: 1024,
        maxBodyBytes: 8 * 1024 * 1024,
        tempPath,
      }),
    );
    expect(error).toMatchObject({ status: 413, reason: "body-too-large" });
    expect(body.pulled()).toBeLessThan(12 * 1024 * 1024);
  });

  it("refuses a declared Content-Length over the total cap without reading the body", async () => {
    const body = streamedBody([], 50 * 1024 * 1024);
    const error = await refusal(
      readMultipartToDisk(post(body.stream, { "Content-Length": String(50 * 1024 * 1024) }), {
        fileField: "file",
        maxFileBytes: 100 * 1024 * 1024,
        maxBodyBytes: 1024 * 1024,
        tempPath,
      }),
    );
    expect(error).toMatchObject({ status: 413, reason: "body-too-large" });
    expect(body.pulled()).toBeLessThanOrEqual(1024 * 1024);
  });

  it("bounds text fields: their length and their number", async () => {
    const options = {
      fileField: "file",
      maxFileBytes: 10,
      maxBodyBytes: 1_000_000,
      maxFieldBytes: 100,
      maxFields: 3,
      tempPath,
    };
    const exact = await readMultipartToDisk(post(encode([{ name: "note", value: "n".repeat(100) }])), options);
    expect(exact.fields.note).toHaveLength(100);
    const long = await refusal(
      readMultipartToDisk(
        post(
          encode([
            { name: "a", value: "1" },
            { name: "note", value: "n".repeat(101) },
          ]),
        ),
        options,
      ),
    );
    expect(long).toMatchObject({ status: 413, reason: "field-too-long", part: "note", fields: { a: "1" } });
    const many = await refusal(
      readMultipartToDisk(post(encode(["a", "b", "c", "d"].map((name) => ({ name, value: "1" })))), options),
    );
    expect(many).toMatchObject({ status: 413, reason: "too-many-fields" });
  });

  // Counted in bytes rather than read from the heap, which the garbage collector makes noisy.
  it("streams a large file to disk without holding it in memory", async () => {
    const fileBytes = 256 * 1024 * 1024;
    let written: string | null = null;
    let mostHeld = 0;
    const onDisk = () => (written && fs.existsSync(written) ? fs.statSync(written).size : 0);
    const body = streamedBody([], fileBytes, 7, (sent) => (mostHeld = Math.max(mostHeld, sent - onDisk())));
    const { file } = await readMultipartToDisk(post(body.stream), {
      fileField: "file",
      maxFileBytes: fileBytes,
      maxBodyBytes: fileBytes + 4096,
      tempPath: () => (written = tempPath()),
    });
    expect(file!.size).toBe(fileBytes);
    expect(fs.statSync(file!.path).size).toBe(fileBytes);
    fs.rmSync(file!.path);
    expect(mostHeld).toBeLessThan(32 * 1024 * 1024);
  }, 120_000);

  it("answers a form cut off inside an ignored file part with 400, and the cut never escapes uncaught", async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", record);
    try {
      const body = Buffer.from(
        partHead({ name: "other", fileName: "x.bin", type: "application/octet-stream" }) + "x".repeat(5000),
      );
      const error = await refusal(
        readMultipartToDisk(post(body), {
          fileField: "chunk",
          maxFileBytes: 1024 * 1024,
          maxBodyBytes: 2 * 1024 * 1024,
          tempPath,
        }),
      );
      expect(error).toMatchObject({ status: 400, reason: "malformed" });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", record);
    }
  });

  it("refuses a body that is not multipart (415) or has no boundary (400)", async () => {
    const options = { fileField: "file", maxFileBytes: 10, maxBodyBytes: 1000, tempPath };
    const json = new Request("http://127.0.0.1/", {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect(await refusal(readMultipartToDisk(json, options))).toMatchObject({ status: 415, reason: "not-multipart" });
    const noBoundary = new Request("http://127.0.0.1/", {
      method: "POST",
      body: "x",
      headers: { "Content-Type": "multipart/form-data" },
    });
    expect(await refusal(readMultipartToDisk(noBoundary, options))).toMatchObject({ status: 400, reason: "malformed" });
  });

  it("gives no file for an empty file input, and reads UTF-8 file names", async () => {
    const empty = await readMultipartToDisk(post(encode([{ name: "file", value: "", fileName: "" }])), {
      fileField: "file",
      maxFileBytes: 10,
      maxBodyBytes: 1000,
      tempPath,
    });
    expect(empty.file).toBeNull();
    expect(leftovers()).toEqual([]);
    const named = await readMultipartToDisk(
      post(encode([{ name: "file", value: "abc", fileName: "Großmutter – 祖母.webm" }])),
      { fileField: "file", maxFileBytes: 10, maxBodyBytes: 1000, tempPath },
    );
    expect(named.file!.fileName).toBe("Großmutter – 祖母.webm");
    fs.rmSync(named.file!.path);
  });
});

describe("control bytes in a part's header", () => {
  const content = Buffer.concat([
    Buffer.from([...Array(256).keys()]),
    Buffer.from(`\r\n--${BOUNDARY.slice(0, -1)}x\r\n\r\n\x01`),
    randomBytes(4096),
  ]);
  const body = encode([
    { name: "note", value: "kept\x01as sent" },
    { name: "file", value: content, fileName: "voice\x01me\x7fmo\x1b.m4a", type: "audio/mp4" },
  ]);
  const inPieces = (size: number) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < body.length; at += size) controller.enqueue(new Uint8Array(body.subarray(at, at + size)));
        controller.close();
      },
    });

  it("become spaces, the form is read and the bodies are byte for byte as sent, however the body is cut", async () => {
    for (const size of [body.length, 1, 2, 3, 7, 31, 64, 1000]) {
      const { form } = await readMultipartForm(post(inPieces(size)), { maxBodyBytes: 100_000, maxFileBytes: 100_000 });
      const file = form.get("file") as File;
      expect({ size, name: file.name, note: form.get("note") }).toEqual({
        size,
        name: "voice me mo .m4a",
        note: "kept\x01as sent",
      });
      expect(Buffer.from(await file.arrayBuffer()).equals(content)).toBe(true);
    }
  });
});

describe("readMultipartForm", () => {
  const pdf = Buffer.from("%PDF-1.4 a small file");

  it("holds text fields and files as a FormData", async () => {
    const { form, oversized } = await readMultipartForm(
      post(
        encode([
          { name: "title", value: "Bees" },
          { name: "tag", value: "a" },
          { name: "tag", value: "b" },
          { name: "doc", value: pdf, fileName: "bees.pdf", type: "application/pdf" },
        ]),
      ),
      {
        maxBodyBytes: 10_000,
        maxFileBytes: 1000,
      },
    );
    expect(form.get("title")).toBe("Bees");
    expect(form.getAll("tag")).toEqual(["a", "b"]);
    const doc = form.get("doc") as File;
    expect(doc).toBeInstanceOf(File);
    expect(doc).toMatchObject({ name: "bees.pdf", type: "application/pdf", size: pdf.length });
    expect(Buffer.from(await doc.arrayBuffer()).equals(pdf)).toBe(true);
    expect(oversized).toEqual([]);
  });

  it("with a temporary path, keeps files on disk (read back through the File) and cleans up a refused read", async () => {
    const before = leftovers().length;
    const { form, files } = await readMultipartForm(
      post(
        encode([
          { name: "doc", value: pdf, fileName: "bees.pdf", type: "application/pdf" },
          { name: "title", value: "Bees" },
        ]),
      ),
      {
        maxBodyBytes: 10_000,
        maxFileBytes: 1000,
        tempPath,
      },
    );
    expect(files).toHaveLength(1);
    expect(fs.readFileSync(files[0]!).equals(pdf)).toBe(true);
    expect(Buffer.from(await (form.get("doc") as File).arrayBuffer()).equals(pdf)).toBe(true);
    expect(form.get("title")).toBe("Bees");
    fs.rmSync(files[0]!);

    const text = "t".repeat(40);
    const error = await refusal(
      readMultipartForm(
        post(
          encode([
            { name: "doc", value: pdf, fileName: "bees.pdf" },
            { name: "a", value: text },
            { name: "b", value: text },
          ]),
        ),
        { maxBodyBytes: 10_000, maxFileBytes: 1000, maxTextBytes: 60, tempPath },
      ),
    );
    expect(error).toMatchObject({ reason: "body-too-large", status: 413 });
    expect(leftovers()).toHaveLength(before);
  });

  it("refuses the first part over its cap by default", async () => {
    const big = await refusal(
      readMultipartForm(post(encode([{ name: "doc", value: Buffer.alloc(1001), fileName: "a.pdf" }])), {
        maxBodyBytes: 10_000,
        maxFileBytes: 1000,
      }),
    );
    expect(big).toMatchObject({ status: 413, reason: "file-too-large", part: "doc" });
    const long = await refusal(
      readMultipartForm(post(encode([{ name: "title", value: "t".repeat(51) }])), {
        maxBodyBytes: 10_000,
        maxFileBytes: 1000,
        maxFieldBytes: 50,
      }),
    );
    expect(long).toMatchObject({ status: 413, reason: "field-too-long", part: "title" });
  });

  it("with oversized 'drop', reads on, holds nothing of a part over its cap and names it", async () => {
    const parts: Part[] = [
      { name: "doc", value: Buffer.alloc(1001), fileName: "a.pdf" },
      { name: "title", value: "t".repeat(51) },
      { name: "story", value: "kept" },
    ];
    const { form, oversized } = await readMultipartForm(post(encode(parts)), {
      maxBodyBytes: 10_000,
      maxFileBytes: 1000,
      maxFieldBytes: 50,
      oversized: "drop",
    });
    expect(oversized).toEqual(["doc", "title"]);
    expect([...form.keys()]).toEqual(["story"]);
  });

  it("holds only the parts asked for, and at most maxFiles files", async () => {
    const parts: Part[] = [
      { name: "doc", value: pdf, fileName: "1.pdf" },
      { name: "doc", value: pdf, fileName: "2.pdf" },
      { name: "noise", value: "x" },
      { name: "noise-file", value: pdf, fileName: "n.bin" },
      { name: "title", value: "Bees" },
    ];
    const { form } = await readMultipartForm(post(encode(parts)), {
      maxBodyBytes: 10_000,
      maxFileBytes: 1000,
      maxFiles: 1,
      keep: (name) => name === "doc" || name === "title",
    });
    expect([...form.keys()]).toEqual(["doc", "title"]);
    expect((form.get("doc") as File).name).toBe("1.pdf");
  });

  it("counts a chunked body without Content-Length against the total cap", async () => {
    const body = streamedBody([{ name: "title", value: "x" }], 64 * 1024 * 1024);
    const error = await refusal(
      readMultipartForm(post(body.stream), {
        maxBodyBytes: 2 * 1024 * 1024,
        maxFileBytes: 100 * 1024 * 1024,
        oversized: "drop",
      }),
    );
    expect(error).toMatchObject({ status: 413, reason: "body-too-large" });
    expect(body.pulled()).toBeLessThan(6 * 1024 * 1024);
  });

  it("reads a part sent as application/octet-stream without a file name as text, under the field cap", async () => {
    const { form } = await readMultipartForm(
      post(encode([{ name: "note", value: "plain words", type: "application/octet-stream" }])),
      { maxBodyBytes: 10_000, maxFileBytes: 5 },
    );
    expect(form.get("note")).toBe("plain words");
  });
});
