import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { imageSrcSet, imageUrl } from "~/lib/image-urls";
import {
  ensureImageVariant,
  imageVersion,
  negotiateImageFormat,
  parseImageWidth,
  variantKey,
} from "~/lib/images.server";
import { localDiskStorage, type Storage } from "~/lib/storage/storage.server";

const square = (edge: number) =>
  sharp({ create: { width: edge, height: edge, channels: 3, background: "#a05030" } })
    .jpeg()
    .toBuffer();

describe("sized images", () => {
  let root: string;
  let storage: Storage;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), "images-"));
    storage = localDiskStorage(root);
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  it("takes only the widths pages use; anything else is the original", () => {
    expect(parseImageWidth("192")).toBe(192);
    expect(parseImageWidth("96")).toBe(96);
    for (const bad of ["191", "1400", "", "abc", "-96", null]) expect(parseImageWidth(bad)).toBeNull();
  });

  it("answers WebP to a browser that accepts it and JPEG to one that does not", () => {
    expect(negotiateImageFormat("image/avif,image/webp,image/apng,image/*,*/*;q=0.8")).toBe("webp");
    expect(negotiateImageFormat("image/png,image/*;q=0.8")).toBe("jpeg");
    expect(negotiateImageFormat(null)).toBe("jpeg");
  });

  it("builds srcset up to the largest width a box needs, with the version in each URL", () => {
    expect(imageUrl("/s/t/cover.jpg", 96)).toBe("/s/t/cover.jpg?w=96");
    expect(imageSrcSet("/s/t/cover.jpg", "abc", 192)).toBe(
      "/s/t/cover.jpg?w=96&v=abc 96w, /s/t/cover.jpg?w=192&v=abc 192w",
    );
    expect(imageVersion("covers/a.jpg")).not.toBe(imageVersion("covers/b.jpg"));
  });

  it("encodes a width once, stores it and reads it back after that", async () => {
    await storage.put("covers/a.jpg", await square(1400));
    const put = vi.spyOn(storage, "put");

    const key = await ensureImageVariant(storage, "covers/a.jpg", 192, "webp");
    expect(key).toBe(variantKey("covers/a.jpg", 192, "webp"));
    const stored = await fs.readFile(path.join(root, key!));
    expect(await sharp(stored).metadata()).toMatchObject({ format: "webp", width: 192, height: 192 });
    expect(put).toHaveBeenCalledTimes(1);

    expect(await ensureImageVariant(storage, "covers/a.jpg", 192, "webp")).toBe(key);
    expect(put).toHaveBeenCalledTimes(1);
    const jpeg = await ensureImageVariant(storage, "covers/a.jpg", 192, "jpeg");
    expect(await sharp(await fs.readFile(path.join(root, jpeg!))).metadata()).toMatchObject({
      format: "jpeg",
      width: 192,
    });
    expect(put).toHaveBeenCalledTimes(2);
  });

  it("never enlarges a small image, and a missing source is null", async () => {
    await storage.put("photos/small.jpg", await square(300));
    const key = await ensureImageVariant(storage, "photos/small.jpg", 800, "jpeg");
    expect(await sharp(await fs.readFile(path.join(root, key!))).metadata()).toMatchObject({ width: 300 });
    expect(await ensureImageVariant(storage, "photos/gone.jpg", 96, "jpeg")).toBeNull();
  });
});
