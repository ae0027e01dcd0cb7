import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterAll, describe, expect, it } from "vitest";

import { FileRegionWriter } from "./file-region-writer.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storyhearth-region-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const pieces = (bytes: Buffer, size = 7000) =>
  Readable.from(
    Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size)),
  );

describe("FileRegionWriter", () => {
  it("writes its region and leaves the rest of the file as it was, in any order", async () => {
    const file = path.join(dir, "ordered.bin");
    const whole = randomBytes(100_000);
    for (const start of [90_000, 60_000, 0, 30_000]) {
      await pipeline(
        pieces(whole.subarray(start, start + 30_000)),
        new FileRegionWriter(file, { start, maxBytes: 30_000 }),
      );
    }
    expect(fs.readFileSync(file).equals(whole)).toBe(true);
  });

  it("never writes past start + maxBytes, and counts what it was offered", async () => {
    const file = path.join(dir, "bounded.bin");
    fs.writeFileSync(file, Buffer.alloc(300, 1));
    const writer = new FileRegionWriter(file, { start: 100, maxBytes: 100 });
    await pipeline(pieces(Buffer.alloc(250, 2), 30), writer);
    const after = fs.readFileSync(file);
    expect(writer.received).toBe(250);
    expect(after.subarray(0, 100).every((b) => b === 1)).toBe(true);
    expect(after.subarray(100, 200).every((b) => b === 2)).toBe(true);
    expect(after.subarray(200).every((b) => b === 1)).toBe(true);
  });

  it("creates a missing file without truncating an existing one", async () => {
    const file = path.join(dir, "created.bin");
    await pipeline(Readable.from([Buffer.from("world")]), new FileRegionWriter(file, { start: 6 }));
    await pipeline(Readable.from([Buffer.from("hello ")]), new FileRegionWriter(file));
    expect(fs.readFileSync(file, "utf8")).toBe("hello world");
  });
});
