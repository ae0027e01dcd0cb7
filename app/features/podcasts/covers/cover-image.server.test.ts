import sharp from "sharp";
import { describe, expect, it } from "vitest";

import { makeHeic } from "../../../../tests/utils/heic";
import { COVER_MAX_BYTES, COVER_SIZE, CoverPhotoError, drawCover, photoCover } from "./cover-image.server";

describe("drawCover", () => {
  it("draws a JPEG square podcast apps accept (1400 px or more, under 512 KB), different per title", async () => {
    const a = await drawCover({
      title: "The Summer We Moved",
      kicker: "Grandma's kitchen",
      byline: "The Nguyen family",
    });
    const b = await drawCover({
      title: "Winter at the Lake",
      kicker: "Grandma's kitchen",
      byline: "The Nguyen family",
    });
    const meta = await sharp(a).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: COVER_SIZE, height: COVER_SIZE });
    expect(COVER_SIZE).toBeGreaterThanOrEqual(1400);
    expect(a.length).toBeLessThan(COVER_MAX_BYTES);
    expect(a.equals(b)).toBe(false);
  });

  it("takes markup characters, an empty title and a 400-character word without failing", async () => {
    for (const title of ["<b>Tom & Jerry</b>", "", "A".repeat(400)]) {
      const jpeg = await drawCover({ title, kicker: "<i>", byline: "&amp;" });
      expect((await sharp(jpeg).metadata()).width).toBe(COVER_SIZE);
    }
  });

  it("puts the title's ink in the middle band, not on the border", async () => {
    const plain = await sharp(await drawCover({ title: "" }))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const titled = await sharp(await drawCover({ title: "Stories" }))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const diffRows = (from: number, to: number) => {
      let sum = 0;
      for (let y = from; y < to; y++)
        for (let x = 0; x < COVER_SIZE; x++)
          sum += Math.abs(plain.data[y * COVER_SIZE + x]! - titled.data[y * COVER_SIZE + x]!);
      return sum;
    };
    expect(diffRows(600, 900)).toBeGreaterThan(100_000);
    expect(diffRows(0, 100)).toBeLessThan(5_000);
  });
});

describe("photoCover", () => {
  it("crops a photo of any shape to the cover square, as JPEG", async () => {
    const wide = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const cover = await photoCover(wide);
    expect(await sharp(cover).metadata()).toMatchObject({ format: "jpeg", width: COVER_SIZE, height: COVER_SIZE });
  });

  it("refuses what is not an image, whatever it is called", async () => {
    await expect(photoCover(Buffer.from("%PDF-1.7 not a photo"))).rejects.toBeInstanceOf(CoverPhotoError);
    const fromHeic = await sharp(await photoCover(makeHeic(96, 64), 64)).metadata();
    expect([fromHeic.format, fromHeic.width, fromHeic.height]).toEqual(["jpeg", 64, 64]);
    await expect(photoCover(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).rejects.toBeInstanceOf(
      CoverPhotoError,
    );
  });
});
