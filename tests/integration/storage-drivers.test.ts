// One storage contract, run against every driver: the local disk, and the S3 driver talking to a
// real S3-compatible server (s3rver) on 127.0.0.1. Callers must not be able to tell them apart.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { parseEnv } from "~/lib/env.server";
import { createS3Client, s3Storage } from "~/lib/storage/s3.server";
import { localDiskStorage, storageFromEnv, type Storage } from "~/lib/storage/storage.server";

import { s3Variables } from "../support/app-on-s3";
import { S3RVER_KEYS, startS3Server } from "../support/s3-server";

const LARGE_FILE_MB = 100;
const MB = 1024 * 1024;

type Harness = {
  storage: Storage;
  /** S3 only: the SDK commands sent, to see that a large file really went up in parts. */
  commands?: string[];
  /** Local only: the folder, to see that no partial file is left behind. */
  root?: string;
  teardown(): Promise<void>;
};

async function readAll(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

function storageContract(name: string, setup: () => Promise<Harness>) {
  describe(`${name} storage`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await setup();
    });
    afterAll(() => h.teardown());

    it("puts bytes and reads them back with their size", async () => {
      const bytes = Buffer.from("Grandma's first story, as bytes.");
      expect(await h.storage.put("stories/s1/story.txt", bytes)).toEqual({ size: bytes.length });
      expect(await h.storage.size("stories/s1/story.txt")).toBe(bytes.length);
      const file = await h.storage.read("stories/s1/story.txt");
      expect(file?.size).toBe(bytes.length);
      expect(await readAll(file!.stream)).toEqual(bytes);
    });

    it("puts a stream of unknown length", async () => {
      const parts = ["one ", "two ", "three"];
      expect(await h.storage.put("podcasts/p1/audio.mp3", Readable.from(parts.map((p) => Buffer.from(p))))).toEqual({
        size: 13,
      });
      expect((await readAll((await h.storage.read("podcasts/p1/audio.mp3"))!.stream)).toString()).toBe("one two three");
    });

    it("reads an inclusive byte range, and reports the whole file's size", async () => {
      const bytes = Buffer.from("0123456789abcdef");
      await h.storage.put("ranges/r.bin", bytes);
      const middle = await h.storage.read("ranges/r.bin", { start: 3, end: 7 });
      expect(middle?.size).toBe(16);
      expect((await readAll(middle!.stream)).toString()).toBe("34567");
      const last = await h.storage.read("ranges/r.bin", { start: 15, end: 15 });
      expect((await readAll(last!.stream)).toString()).toBe("f");
      // An end past the file stops at its last byte; a start past it reads nothing.
      expect((await readAll((await h.storage.read("ranges/r.bin", { start: 12, end: 99 }))!.stream)).toString()).toBe(
        "cdef",
      );
      const beyond = await h.storage.read("ranges/r.bin", { start: 16, end: 20 });
      expect(beyond?.size).toBe(16);
      expect((await readAll(beyond!.stream)).length).toBe(0);
    });

    it("lists the files under a folder with their sizes, and nothing for an empty one", async () => {
      await h.storage.put("listing/a.gz", Buffer.from("aa"));
      await h.storage.put("listing/deeper/b.gz", Buffer.from("bbb"));
      await h.storage.put("listing-not/c.gz", Buffer.from("c"));
      const found = (await h.storage.list("listing/")).sort((x, y) => x.key.localeCompare(y.key));
      expect(found).toEqual([
        { key: "listing/a.gz", size: 2 },
        { key: "listing/deeper/b.gz", size: 3 },
      ]);
      expect(await h.storage.list("nothing-here/")).toEqual([]);
    });

    it("answers null for a file that is not there", async () => {
      expect(await h.storage.read("missing/nothing.bin")).toBeNull();
      expect(await h.storage.read("missing/nothing.bin", { start: 0, end: 1 })).toBeNull();
      expect(await h.storage.size("missing/nothing.bin")).toBeNull();
    });

    it("replaces a file put again under the same key", async () => {
      await h.storage.put("replace/a.txt", Buffer.from("first version, longer"));
      await h.storage.put("replace/a.txt", Buffer.from("second"));
      expect(await h.storage.size("replace/a.txt")).toBe(6);
      expect((await readAll((await h.storage.read("replace/a.txt"))!.stream)).toString()).toBe("second");
    });

    it("removes a file, and removing one that is gone is fine", async () => {
      await h.storage.put("remove/a.txt", Buffer.from("bye"));
      await h.storage.remove("remove/a.txt");
      expect(await h.storage.size("remove/a.txt")).toBeNull();
      expect(await h.storage.read("remove/a.txt")).toBeNull();
      await expect(h.storage.remove("remove/a.txt")).resolves.toBeUndefined();
    });

    it("refuses keys that could escape, for every operation", async () => {
      const unsafe = ["../etc/passwd", "/abs/path", "a/../../b", "a//b", "a/./b", "", "a/", ".hidden", "a\\b", "a b"];
      for (const key of unsafe) {
        await expect(h.storage.put(key, Buffer.from("x")), key).rejects.toThrow(/Unsafe storage key/);
        await expect(h.storage.read(key), key).rejects.toThrow(/Unsafe storage key/);
        await expect(h.storage.read(key, { start: 0, end: 0 }), key).rejects.toThrow(/Unsafe storage key/);
        await expect(h.storage.size(key), key).rejects.toThrow(/Unsafe storage key/);
        await expect(h.storage.remove(key), key).rejects.toThrow(/Unsafe storage key/);
      }
    });

    it(`streams a ${LARGE_FILE_MB} MB file in and out without holding it in memory`, { timeout: 180_000 }, async () => {
      const written = createHash("sha256");
      let probe: Buffer | null = null;
      const probeChunk = Math.floor(LARGE_FILE_MB / 2);
      async function* generate() {
        for (let i = 0; i < LARGE_FILE_MB; i++) {
          const chunk = randomBytes(MB);
          written.update(chunk);
          if (i === probeChunk) probe = chunk;
          yield chunk;
        }
      }
      const key = "videos/t1/testimonial.webm";
      expect(await h.storage.put(key, Readable.from(generate()))).toEqual({ size: LARGE_FILE_MB * MB });
      expect(await h.storage.size(key)).toBe(LARGE_FILE_MB * MB);

      const read = createHash("sha256");
      const whole = await h.storage.read(key);
      for await (const chunk of whole!.stream) read.update(chunk as Buffer);
      expect(read.digest("hex")).toBe(written.digest("hex"));

      // A seek into the middle, as a video player does.
      const start = probeChunk * MB + 1000;
      const part = await h.storage.read(key, { start, end: start + 4095 });
      expect(part?.size).toBe(LARGE_FILE_MB * MB);
      expect(await readAll(part!.stream)).toEqual(probe!.subarray(1000, 1000 + 4096));

      if (h.commands) {
        expect(h.commands).toContain("CreateMultipartUploadCommand");
        expect(h.commands.filter((c) => c === "UploadPartCommand").length).toBeGreaterThanOrEqual(
          Math.floor(LARGE_FILE_MB / 8),
        );
        expect(h.commands).toContain("CompleteMultipartUploadCommand");
      }
      if (h.root) expect(fs.readdirSync(path.join(h.root, "videos/t1"))).toEqual(["testimonial.webm"]);
      await h.storage.remove(key);
      expect(await h.storage.size(key)).toBeNull();
    });
  });
}

storageContract("local disk", async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "storage-local-"));
  return {
    storage: localDiskStorage(root),
    root,
    teardown: async () => fs.rmSync(root, { recursive: true, force: true }),
  };
});

storageContract("S3 (s3rver on 127.0.0.1)", async () => {
  const server = await startS3Server();
  const client = createS3Client({
    endpoint: server.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    ...S3RVER_KEYS,
  });
  const commands: string[] = [];
  client.middlewareStack.add(
    (next, context) => (args) => {
      commands.push(String(context.commandName));
      return next(args);
    },
    { step: "initialize", name: "recordCommands" },
  );
  return {
    storage: s3Storage({ client, bucket: server.bucket, partSize: 8 * MB }),
    commands,
    teardown: async () => {
      client.destroy();
      await server.close();
    },
  };
});

describe("choosing the driver from the environment", () => {
  it("STORAGE_DRIVER=s3 needs a bucket", () => {
    expect(() => parseEnv({ STORAGE_DRIVER: "s3" })).toThrow(/BUCKET_NAME is required when STORAGE_DRIVER=s3/);
  });

  it("the variables Tigris sets are enough to reach the bucket", async () => {
    const server = await startS3Server("from-env");
    try {
      const storage = storageFromEnv(parseEnv(s3Variables(server)));
      await storage.put("env/check.txt", Buffer.from("via env"));
      expect((await readAll((await storage.read("env/check.txt"))!.stream)).toString()).toBe("via env");
    } finally {
      await server.close();
    }
  });

  it("local is the default, under DATA_DIR", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "storage-env-"));
    try {
      const storage = storageFromEnv(parseEnv({ DATA_DIR: root }));
      await storage.put("env/local.txt", Buffer.from("here"));
      expect(fs.readFileSync(path.join(root, "env/local.txt"), "utf8")).toBe("here");
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
