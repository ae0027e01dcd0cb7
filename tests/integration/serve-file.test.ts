// serveStoredFile: 200 / 206 / 416 / 404 and the headers players and downloads rely on, with the
// file in either storage driver.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { parseByteRange, serveStoredFile } from "~/lib/serve-file.server";
import { createS3Client, s3Storage } from "~/lib/storage/s3.server";
import { getStorage, localDiskStorage, type Storage } from "~/lib/storage/storage.server";

import { S3RVER_KEYS, startS3Server } from "../support/s3-server";

describe("parseByteRange", () => {
  it.each([
    [null, null],
    ["bytes=0-99", { start: 0, end: 99 }],
    ["bytes=100-", { start: 100, end: 999 }],
    ["bytes=-100", { start: 900, end: 999 }],
    ["bytes=-5000", { start: 0, end: 999 }],
    ["bytes=990-5000", { start: 990, end: 999 }],
    ["bytes=1000-", "unsatisfiable"],
    ["bytes=-0", "unsatisfiable"],
    // Forms we ignore (whole file): several ranges, nonsense, last before first.
    ["bytes=0-1,5-6", null],
    ["items=0-1", null],
    ["bytes=50-10", null],
    ["bytes=-", null],
  ] as const)("%s on 1000 bytes", (header, expected) => {
    expect(parseByteRange(header, 1000)).toEqual(expected);
  });
});

const content = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
const get = (headers: Record<string, string> = {}, method = "GET") =>
  new Request("http://localhost/podcast/p1/audio", { method, headers });

describe.each([
  [
    "local disk",
    async () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), "serve-local-"));
      return { storage: localDiskStorage(root), close: async () => fs.rmSync(root, { recursive: true, force: true }) };
    },
  ],
  [
    "S3",
    async () => {
      const server = await startS3Server();
      const client = createS3Client({
        endpoint: server.endpoint,
        region: "us-east-1",
        forcePathStyle: true,
        ...S3RVER_KEYS,
      });
      return {
        storage: s3Storage({ client, bucket: server.bucket }),
        close: async () => (client.destroy(), server.close()),
      };
    },
  ],
] as const)("serveStoredFile from %s", (_name, setup) => {
  let storage: Storage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await setup());
    await storage.put("podcasts/p1/audio.mp3", content);
  });
  afterAll(() => close());
  const serve = (request: Request, options: { downloadName?: string } = {}) =>
    serveStoredFile(request, "podcasts/p1/audio.mp3", { contentType: "audio/mpeg", storage, ...options });

  it("sends the whole file, saying ranges are accepted", async () => {
    const response = await serve(get());
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "accept-ranges": "bytes",
      "content-type": "audio/mpeg",
      "content-length": "1000",
    });
    expect(response.headers.get("content-disposition")).toBeNull();
    expect(Buffer.from(await response.arrayBuffer())).toEqual(content);
  });

  it("sends a range as 206 with Content-Range", async () => {
    const response = await serve(get({ Range: "bytes=100-199" }));
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe("bytes 100-199/1000");
    expect(response.headers.get("content-length")).toBe("100");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(content.subarray(100, 200));
  });

  it("sends the tail for a suffix range", async () => {
    const response = await serve(get({ Range: "bytes=-10" }));
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe("bytes 990-999/1000");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(content.subarray(990));
  });

  it("answers 416 with the size for a range past the end", async () => {
    const response = await serve(get({ Range: "bytes=5000-" }));
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe("bytes */1000");
  });

  it("answers HEAD with the headers only", async () => {
    const response = await serve(get({ Range: "bytes=0-9" }, "HEAD"));
    expect(response.status).toBe(206);
    expect(response.headers.get("content-length")).toBe("10");
    expect(response.body).toBeNull();
  });

  it("offers a download under its name, non-ASCII included", async () => {
    const response = await serve(get(), { downloadName: 'Grandma "Zoë" story.mp3' });
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Grandma _Zo__ story.mp3"; filename*=UTF-8''Grandma%20%22Zo%C3%AB%22%20story.mp3`,
    );
  });

  it("answers 404 for a missing file", async () => {
    const response = await serveStoredFile(get(), "podcasts/nope/audio.mp3", { contentType: "audio/mpeg", storage });
    expect(response.status).toBe(404);
  });
});

it("uses the configured storage when none is passed", async () => {
  await getStorage().put("testimonials/t1/video.webm", Buffer.from("webm-bytes"));
  const response = await serveStoredFile(get({ Range: "bytes=0-3" }), "testimonials/t1/video.webm", {
    contentType: "video/webm",
  });
  expect(response.status).toBe(206);
  expect(await response.text()).toBe("webm");
});
