// An entry is read only after it is claimed: its inflated size checked against its limit and the total,
// and no two entries sharing bytes (the overlap bomb). Decision 0198.
import { createWriteStream } from "node:fs";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";

import { inMegabytes, MAX_INFLATED_BYTES } from "./import-limits";

export class ArchiveImportError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
    this.name = "ArchiveImportError";
  }
}

export type ArchiveZip = {
  claim: (entries: Array<{ name: string; limit: number }>) => Promise<void>;
  readBytes: (name: string) => Promise<Buffer>;
  readToFile: (name: string, file: string) => Promise<number>;
  close: () => void;
};

const LONGER_THAN_SAID = /too many bytes in the stream/;

export function openArchiveZip(file: string): Promise<ArchiveZip> {
  return new Promise((resolve, reject) => {
    // The limits rely on yauzl validating sizes while inflating, so that default is pinned here.
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true },
      (error, zip) => {
        if (error) return reject(new ArchiveImportError(`Not a zip archive: ${error.message}`));
        const entries = new Map<string, yauzl.Entry>();
        let failed = false;
        const fail = (message: string) => {
          if (failed) return;
          failed = true;
          zip.close();
          reject(new ArchiveImportError(message));
        };
        zip.on("entry", (entry: yauzl.Entry) => {
          if (entries.has(entry.fileName)) return fail(`The archive holds ${entry.fileName} twice`);
          entries.set(entry.fileName, entry);
          zip.readEntry();
        });
        zip.on("error", (err: Error) => fail(`The archive cannot be read: ${err.message}`));
        zip.on("end", () => {
          if (!failed) resolve(reader(zip, entries));
        });
        zip.readEntry();
      },
    );
  });
}

function reader(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>): ArchiveZip {
  const claimed = new Map<string, { start: number; end: number }>();
  let inflated = 0;
  const entryOf = (name: string) => {
    const entry = entries.get(name);
    if (!entry) throw new ArchiveImportError(`The archive lacks ${name}`);
    return entry;
  };
  const open = async (name: string): Promise<Readable> => {
    if (!claimed.has(name)) throw new Error(`Archive: ${name} is read before it is claimed`);
    try {
      return await zip.openReadStreamPromise(entryOf(name));
    } catch (error) {
      throw new ArchiveImportError(`${name} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const streamError = (name: string, error: unknown) => {
    if (error instanceof ArchiveImportError) return error;
    const message = error instanceof Error ? error.message : String(error);
    return new ArchiveImportError(
      LONGER_THAN_SAID.test(message)
        ? `${name} inflates to more than its zip directory says`
        : `${name} cannot be read: ${message}`,
    );
  };
  return {
    async claim(wanted) {
      for (const { name, limit } of wanted) {
        const entry = entryOf(name);
        if (claimed.has(name)) throw new ArchiveImportError(`data.json names ${name} twice`);
        if (entry.uncompressedSize > limit)
          throw new ArchiveImportError(`${name} is larger than ${inMegabytes(limit)}`, 413);
        inflated += entry.uncompressedSize;
        if (inflated > MAX_INFLATED_BYTES)
          throw new ArchiveImportError(
            `The archive's files add up to more than ${inMegabytes(MAX_INFLATED_BYTES)}`,
            413,
          );
        let start: number;
        try {
          start = (await zip.readLocalFileHeaderPromise(entry, { minimal: true })).fileDataStart;
        } catch (error) {
          throw streamError(name, error);
        }
        claimed.set(name, { start: entry.relativeOffsetOfLocalHeader, end: start + entry.compressedSize });
      }
      const ranges = [...claimed].sort(([, a], [, b]) => a.start - b.start);
      for (let i = 1; i < ranges.length; i++)
        if (ranges[i]![1].start < ranges[i - 1]![1].end)
          throw new ArchiveImportError(
            `The archive's entries overlap (${ranges[i - 1]![0]} and ${ranges[i]![0]}): it inflates to more than it holds`,
          );
    },
    async readBytes(name) {
      const parts: Buffer[] = [];
      try {
        for await (const chunk of await open(name)) parts.push(chunk as Buffer);
      } catch (error) {
        throw streamError(name, error);
      }
      return Buffer.concat(parts);
    },
    async readToFile(name, file) {
      const out = createWriteStream(file);
      try {
        await pipeline(await open(name), out);
      } catch (error) {
        throw streamError(name, error);
      }
      return out.bytesWritten;
    },
    close: () => zip.close(),
  };
}
