// The one reader of multipart/form-data bodies (decision 0117): every body is bounded as it is read, chunked ones too.
import { openAsBlob } from "node:fs";
import fs from "node:fs/promises";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";

import { FileRegionWriter } from "./file-region-writer.server";

export type MultipartFailure =
  | "not-multipart"
  | "malformed"
  | "body-too-large"
  | "file-too-large"
  | "field-too-long"
  | "too-many-fields"
  | "too-many-parts";

const STATUS: Record<MultipartFailure, 400 | 413 | 415> = {
  "not-multipart": 415,
  malformed: 400,
  "body-too-large": 413,
  "file-too-large": 413,
  "field-too-long": 413,
  "too-many-fields": 413,
  "too-many-parts": 413,
};

export class MultipartError extends Error {
  readonly status: 400 | 413 | 415;
  fields: Record<string, string> = {};
  constructor(
    readonly reason: MultipartFailure,
    readonly part?: string,
  ) {
    super(`${reason}${part ? ` (${part})` : ""}`);
    this.name = "MultipartError";
    this.status = STATUS[reason];
  }
}

export const isMultipart = (request: Request) =>
  (request.headers.get("content-type") ?? "").trimStart().toLowerCase().startsWith("multipart/form-data");

export type BodyLimits = {
  maxBodyBytes: number;
  maxFieldBytes?: number;
  maxFields?: number;
  maxParts?: number;
};

const DEFAULTS = { maxFieldBytes: 200_000, maxFields: 60, maxParts: 70 };

type Part = { name: string; fileName: string | undefined; mimeType: string; stream: Readable };
type Control = { stop: (error: Error) => void; stopped: () => boolean; declaredTooLarge: boolean };
type Reader = {
  field: (name: string, value: string, truncated: boolean) => void;
  file: (part: Part) => Promise<void>;
};

const isHeaderControl = (byte: number) =>
  (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) || byte === 0x7f;

// Blanks control bytes in part headers, so one in a file name (Mailgun passes them on raw) costs a character, not the form.
class PartHeaderCleaner {
  private readonly delimiter: Buffer;
  private held = Buffer.from("\r\n");
  private skip = 2;
  private inHeaders = false;
  private ending = 0;

  constructor(boundary: string) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
  }

  clean(input: Buffer): Buffer[] {
    const out: Buffer[] = [];
    let chunk = input;
    let at = 0;
    if (chunk.length < 2 * this.delimiter.length) {
      chunk = Buffer.concat([this.held, chunk]);
      this.held = Buffer.alloc(0);
    } else if (this.held.length > 0) {
      const heldLength = this.held.length;
      const found = Buffer.concat([this.held, chunk.subarray(0, this.delimiter.length - 1)]).indexOf(this.delimiter);
      out.push(this.held);
      this.held = Buffer.alloc(0);
      if (found !== -1 && found < heldLength) {
        at = found + this.delimiter.length - heldLength;
        out.push(chunk.subarray(0, at));
        this.startHeaders();
      }
    }
    while (at < chunk.length) {
      if (this.inHeaders) {
        let end = at;
        let dirty = false;
        for (; end < chunk.length && this.inHeaders; end++) {
          const byte = chunk[end]!;
          if (isHeaderControl(byte)) dirty = true;
          this.ending = byte === (this.ending % 2 === 0 ? 0x0d : 0x0a) ? this.ending + 1 : byte === 0x0d ? 1 : 0;
          if (this.ending === 4) this.inHeaders = false;
        }
        const part = dirty ? Buffer.from(chunk.subarray(at, end)) : chunk.subarray(at, end);
        if (dirty) for (let i = 0; i < part.length; i++) if (isHeaderControl(part[i]!)) part[i] = 0x20;
        out.push(part);
        at = end;
      } else {
        const found = chunk.indexOf(this.delimiter, at);
        if (found === -1) {
          const keep = Math.min(chunk.length - at, this.delimiter.length - 1);
          out.push(chunk.subarray(at, chunk.length - keep));
          this.held = Buffer.from(chunk.subarray(chunk.length - keep));
          at = chunk.length;
        } else {
          out.push(chunk.subarray(at, found + this.delimiter.length));
          at = found + this.delimiter.length;
          this.startHeaders();
        }
      }
    }
    return this.dropSupplied(out);
  }

  flush(): Buffer[] {
    const rest = this.dropSupplied([this.held]);
    this.held = Buffer.alloc(0);
    return rest;
  }

  private startHeaders() {
    this.inHeaders = true;
    this.ending = 0;
  }

  private dropSupplied(parts: Buffer[]) {
    const out: Buffer[] = [];
    for (const part of parts) {
      const cut = Math.min(this.skip, part.length);
      this.skip -= cut;
      if (part.length > cut) out.push(part.subarray(cut));
    }
    return out;
  }
}

const boundaryOf = (contentType: string) =>
  /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)?.slice(1).find(Boolean);

function parse(
  request: Request,
  limits: Required<BodyLimits>,
  fileSizeLimit: number,
  makeReader: (control: Control) => Reader,
  fieldsFirst = false,
): Promise<void> {
  if (!isMultipart(request) || !request.body) return Promise.reject(new MultipartError("not-multipart"));
  const declaredTooLarge = Number(request.headers.get("content-length") ?? 0) > limits.maxBodyBytes;
  // Refused unread and not cancelled: cancelling would destroy the socket before the answer is sent.
  if (declaredTooLarge && !fieldsFirst) return Promise.reject(new MultipartError("body-too-large"));
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("content-type")! },
      // Browsers send file names as raw UTF-8 (busboy's default would read them as Latin-1).
      defParamCharset: "utf8",
      limits: {
        fieldSize: limits.maxFieldBytes + 1,
        fields: limits.maxFields,
        parts: limits.maxParts,
        fileSize: fileSizeLimit,
      },
    });
  } catch {
    return Promise.reject(new MultipartError("malformed"));
  }
  const source = Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>);
  const boundary = boundaryOf(request.headers.get("content-type")!);
  const cleaner = boundary ? new PartHeaderCleaner(boundary) : null;
  return new Promise<void>((resolve, reject) => {
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.byteLength;
        if (received > limits.maxBodyBytes) return done(new MultipartError("body-too-large"));
        if (!cleaner) return done(null, chunk);
        for (const part of cleaner.clean(chunk)) this.push(part);
        done();
      },
      flush(done) {
        for (const part of cleaner?.flush() ?? []) this.push(part);
        done();
      },
    });
    const streams: Readable[] = [];
    const consumed: Promise<void>[] = [];
    let settled = false;
    const stop = (error: Error) => {
      if (settled) return;
      settled = true;
      source.unpipe(counter);
      counter.unpipe(parser);
      source.destroy();
      for (const stream of streams) stream.destroy(error);
      void Promise.allSettled(consumed).then(() => reject(error));
    };
    const reader = makeReader({ stop, stopped: () => settled, declaredTooLarge });

    parser.on("field", (name, value, info) => {
      if (!settled) reader.field(name, value, info.valueTruncated);
    });
    parser.on("file", (name, stream, info) => {
      streams.push(stream);
      // A form cut off inside a part errors its stream too; unheard, that error would end the process.
      stream.on("error", () => {});
      if (settled) return void stream.resume();
      const part = { name, fileName: info.filename, mimeType: info.mimeType || "application/octet-stream", stream };
      consumed.push(
        reader
          .file(part)
          .catch((error: unknown) =>
            stop(error instanceof MultipartError ? error : new MultipartError("malformed", name)),
          ),
      );
    });
    parser.on("error", () => stop(new MultipartError("malformed")));
    parser.on("partsLimit", () => stop(new MultipartError("too-many-parts")));
    parser.on("fieldsLimit", () => stop(new MultipartError("too-many-fields")));
    parser.on("close", () => {
      void Promise.all(consumed).then(() => {
        if (settled) return;
        settled = true;
        resolve();
      });
    });
    source.on("error", () => stop(new MultipartError("malformed")));
    counter.on("error", (error) => stop(error instanceof MultipartError ? error : new MultipartError("malformed")));
    source.pipe(counter).pipe(parser);
  });
}

const drain = (stream: Readable) =>
  new Promise<void>((resolve) => {
    stream.on("end", resolve).on("close", resolve).resume();
  });

export type IncomingFile = { path: string; size: number; fileName: string; mimeType: string; placed: boolean };

export type FilePlacement = { file: string; start: number };

export type ToDiskOptions = BodyLimits & {
  fileField: string;
  maxFileBytes: number;
  tempPath: () => string;
  placeFile?: (fields: Record<string, string>, fileName: string) => Promise<FilePlacement | null>;
  fieldsFirst?: boolean;
};

export async function readMultipartToDisk(
  request: Request,
  options: ToDiskOptions,
): Promise<{ fields: Record<string, string>; file: IncomingFile | null }> {
  const limits = { ...DEFAULTS, ...options };
  const fields: Record<string, string> = {};
  let file: IncomingFile | null = null;
  let temp: string | null = null;
  try {
    const reader = ({ stop, stopped, declaredTooLarge }: Control): Reader => ({
      field(name, value, truncated) {
        if (truncated) stop(new MultipartError("field-too-long", name));
        else fields[name] = value;
      },
      async file({ name, fileName = "", mimeType, stream }) {
        if (declaredTooLarge) return stop(new MultipartError("body-too-large", name));
        if (name !== options.fileField || file) return drain(stream);
        const entry: IncomingFile = { path: "", size: 0, fileName, mimeType, placed: false };
        file = entry;
        stream.on("limit", () => stop(new MultipartError("file-too-large", name)));
        let placement: FilePlacement | null = null;
        try {
          placement = options.placeFile ? await options.placeFile({ ...fields }, fileName) : null;
        } catch (error) {
          stop(error instanceof Error ? error : new Error(String(error)));
        }
        if (stopped()) return;
        if (placement) Object.assign(entry, { path: placement.file, placed: true });
        else entry.path = temp = options.tempPath();
        const writer = new FileRegionWriter(entry.path, {
          start: placement?.start ?? 0,
          maxBytes: options.maxFileBytes,
        });
        await pipeline(stream, writer);
        entry.size = writer.received;
      },
    });
    await parse(request, limits, options.maxFileBytes + 1, reader, options.fieldsFirst);
  } catch (error) {
    if (temp) await fs.rm(temp, { force: true }).catch(() => {});
    if (error instanceof MultipartError) error.fields = { ...fields };
    throw error;
  }
  const chosen = file as IncomingFile | null;
  if (chosen && chosen.size === 0 && !chosen.fileName) {
    if (!chosen.placed) await fs.rm(chosen.path, { force: true }).catch(() => {});
    return { fields, file: null };
  }
  return { fields, file: chosen };
}

export type InMemoryOptions = BodyLimits & {
  maxFileBytes: number;
  maxFiles?: number;
  keep?: (name: string) => boolean;
  oversized?: "refuse" | "drop";
  tempPath?: () => string;
  maxTextBytes?: number;
};

export async function readMultipartForm(
  request: Request,
  options: InMemoryOptions,
): Promise<{ form: FormData; oversized: string[]; files: string[] }> {
  const limits = { ...DEFAULTS, ...options };
  const keep = options.keep ?? (() => true);
  const slots: Array<{ name: string; value?: string | File; oversized?: boolean }> = [];
  const written: string[] = [];
  let files = 0;
  let textBytes = 0;
  try {
    await parse(request, limits, Infinity, ({ stop }) => {
      const tooBig = (slot: { name: string; oversized?: boolean }, reason: "file-too-large" | "field-too-long") => {
        if (options.oversized === "drop") slot.oversized = true;
        else stop(new MultipartError(reason, slot.name));
      };
      const holdText = (bytes: number) => {
        textBytes += bytes;
        if (textBytes > (options.maxTextBytes ?? Infinity)) stop(new MultipartError("body-too-large"));
      };
      return {
        field(name, value, truncated) {
          const slot = { name, value: keep(name) && !truncated ? value : undefined };
          slots.push(slot);
          if (truncated) tooBig(slot, "field-too-long");
          else if (slot.value !== undefined) holdText(Buffer.byteLength(value));
        },
        async file({ name, fileName, mimeType, stream }) {
          const slot: (typeof slots)[number] = { name };
          slots.push(slot);
          const isText = fileName === undefined;
          const cap = isText ? limits.maxFieldBytes : options.maxFileBytes;
          const held = keep(name) && (isText || files++ < (options.maxFiles ?? Infinity));
          const toDisk = held && !isText && options.tempPath ? options.tempPath() : null;
          const disk = toDisk ? await fs.open(toDisk, "w") : null;
          if (toDisk) written.push(toDisk);
          const chunks: Buffer[] = [];
          let size = 0;
          try {
            // Read to the part's end even past its cap: busboy stalls on a part whose stream is left early.
            for await (const chunk of stream as AsyncIterable<Buffer>) {
              size += chunk.byteLength;
              if (size > cap && size - chunk.byteLength <= cap) {
                tooBig(slot, isText ? "field-too-long" : "file-too-large");
                chunks.length = 0;
              }
              if (!held || size > cap) continue;
              if (disk) await disk.write(chunk);
              else chunks.push(chunk);
            }
          } finally {
            await disk?.close();
          }
          if (!held || size > cap) return;
          if (isText) {
            slot.value = Buffer.concat(chunks).toString("utf8");
            holdText(size);
          } else
            slot.value = new File(
              toDisk ? [await openAsBlob(toDisk)] : (chunks as Uint8Array<ArrayBuffer>[]),
              fileName,
              { type: mimeType },
            );
        },
      };
    });
  } catch (error) {
    await Promise.all(written.map((file) => fs.rm(file, { force: true }).catch(() => {})));
    throw error;
  }
  const form = new FormData();
  for (const { name, value, oversized } of slots) if (value !== undefined && !oversized) form.append(name, value);
  return { form, oversized: slots.filter((slot) => slot.oversized).map((slot) => slot.name), files: written };
}
