// Media files (attachments, audio, PDFs, videos) go through this one interface. The local-disk
// driver keeps them under DATA_DIR; an S3-compatible driver can stand in for multi-node deployments.
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { env } from "./env.server";

export type StoredFile = { size: number };
export type ByteRange = { start: number; end: number };

export interface Storage {
  put(key: string, body: Buffer | Uint8Array | Readable): Promise<StoredFile>;
  /** A stream of the file (or of `range`, inclusive), or null when there is no such file. */
  read(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null>;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
}

/** Keys are app-made paths like "attachments/<id>/<name>"; anything that could escape the root is refused. */
export function assertSafeKey(key: string) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key) || key.split("/").some((part) => part === ".." || part === "")) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

export function localDiskStorage(root: string): Storage {
  const fileFor = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = fileFor(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write beside, then rename: a reader never sees half a file.
      const partial = `${file}.partial-${process.pid}`;
      await pipeline(body instanceof Readable ? body : Readable.from([body]), createWriteStream(partial));
      await fs.rename(partial, file);
      return { size: (await fs.stat(file)).size };
    },
    async read(key, range) {
      const size = await this.size(key);
      if (size === null) return null;
      return { stream: createReadStream(fileFor(key), range ? { start: range.start, end: range.end } : undefined), size };
    },
    async size(key) {
      try {
        return (await fs.stat(fileFor(key))).size;
      } catch {
        return null;
      }
    },
    async remove(key) {
      await fs.rm(fileFor(key), { force: true });
    },
  };
}

let storage: Storage | undefined;
export function getStorage(): Storage {
  storage ??= localDiskStorage(path.resolve(env().DATA_DIR));
  return storage;
}
