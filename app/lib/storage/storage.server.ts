// Callers never know which driver they use (decision 0110).
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

import { env, type Env } from "~/lib/env.server";
import { processGone, processTag } from "~/lib/process-owner.server";

import { assertSafeKey, type Storage } from "./keys";
import { createS3Client, s3DirectUploads, s3Storage, type DirectUploads } from "./s3.server";

export type { ByteRange, Storage, StoredFile } from "./keys";
export { assertSafeKey } from "./keys";

const PARTIAL = ".partial-";
const partialOwner = (name: string) => name.slice(name.indexOf(PARTIAL) + PARTIAL.length).split("-", 1)[0] ?? "";

export function localDiskStorage(root: string): Storage {
  const fileFor = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  const storage: Storage = {
    async put(key, body) {
      const file = fileFor(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write beside, then rename: a reader never sees half a file, and a failed write leaves none.
      const partial = `${file}${PARTIAL}${processTag}-${randomUUID()}`;
      try {
        await pipeline(body instanceof Readable ? body : Readable.from([body]), createWriteStream(partial));
        await fs.rename(partial, file);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
      return { size: (await fs.stat(file)).size };
    },
    async read(key, range) {
      const file = fileFor(key);
      const size = await storage.size(key);
      if (size === null) return null;
      return { stream: createReadStream(file, range ? { start: range.start, end: range.end } : undefined), size };
    },
    async size(key) {
      const file = fileFor(key);
      try {
        return (await fs.stat(file)).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR")
          return null;
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(fileFor(key), { force: true });
    },
    async list(prefix) {
      if (prefix !== "" && !prefix.endsWith("/")) {
        const cut = prefix.lastIndexOf("/") + 1;
        const names = await fs.readdir(path.join(root, prefix.slice(0, cut))).catch(() => [] as string[]);
        const listed = await Promise.all(
          names
            .filter((name) => name.startsWith(prefix.slice(cut)))
            .map((name) => storage.list(`${prefix.slice(0, cut)}${name}/`)),
        );
        const files = await Promise.all(
          names
            .filter((name) => name.startsWith(prefix.slice(cut)) && !name.includes(PARTIAL))
            .map(async (name) => {
              const stat = await fs.stat(path.join(root, prefix.slice(0, cut), name)).catch(() => null);
              return stat?.isFile() ? [{ key: `${prefix.slice(0, cut)}${name}`, size: stat.size }] : [];
            }),
        );
        return [...files.flat(), ...listed.flat()];
      }
      const dir = path.join(root, prefix);
      const entries = await fs
        .readdir(dir, { recursive: true, withFileTypes: true })
        .catch((error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT" || error.code === "ENOTDIR") return [];
          throw error;
        });
      const partials = entries.filter((entry) => entry.isFile() && entry.name.includes(PARTIAL));
      await Promise.all(
        partials
          .filter((entry) => processGone(partialOwner(entry.name)))
          .map((entry) => fs.rm(path.join(entry.parentPath, entry.name), { force: true })),
      );
      const files = entries.filter((entry) => entry.isFile() && !entry.name.includes(PARTIAL));
      return Promise.all(
        files.map(async (entry) => {
          const file = path.join(entry.parentPath, entry.name);
          return { key: path.relative(root, file).split(path.sep).join("/"), size: (await fs.stat(file)).size };
        }),
      );
    },
  };
  return storage;
}

export type { DirectUploads, UploadedPart } from "./s3.server";

const s3ClientFromEnv = (config: Env) =>
  createS3Client({
    endpoint: config.AWS_ENDPOINT_URL_S3,
    region: config.AWS_REGION,
    accessKeyId: config.AWS_ACCESS_KEY_ID,
    secretAccessKey: config.AWS_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });

export function storageFromEnv(config: Env): Storage {
  if (config.STORAGE_DRIVER === "local") return localDiskStorage(path.resolve(config.DATA_DIR));
  return s3Storage({ client: s3ClientFromEnv(config), bucket: config.BUCKET_NAME! });
}

export function directUploadsFromEnv(config: Env): DirectUploads | null {
  if (config.STORAGE_DRIVER === "local") return null;
  return s3DirectUploads({ client: s3ClientFromEnv(config), bucket: config.BUCKET_NAME! });
}

let storage: Storage | undefined;
export function getStorage(): Storage {
  storage ??= storageFromEnv(env());
  return storage;
}

let directUploads: DirectUploads | null | undefined;
export function getDirectUploads(): DirectUploads | null {
  if (directUploads === undefined) directUploads = directUploadsFromEnv(env());
  return directUploads;
}
