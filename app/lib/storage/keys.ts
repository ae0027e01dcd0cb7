// What every storage driver is, and the keys it accepts; the drivers import this, not each other.
import type { Readable } from "node:stream";

export type StoredFile = { size: number };
export type ByteRange = { start: number; end: number };

export interface Storage {
  put(key: string, body: Buffer | Uint8Array | Readable): Promise<StoredFile>;
  /** A stream of the file (or of `range`, inclusive), or null when there is no such file. */
  read(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null>;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** Every finished file whose key starts with `prefix` (a folder such as "backups/"); never a half-written one. */
  list(prefix: string): Promise<Array<{ key: string; size: number }>>;
}

/** Keys are app-made paths like "attachments/<id>/<name>"; anything that could escape the root is refused. */
export function assertSafeKey(key: string) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key) || key.split("/").some((part) => part === ".." || part === "." || part === "")) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}
