// Covers end to end, with JavaScript on and off: the owner's photo becomes the cover on a phone, and a
// shared link carries the link-preview tags a messenger reads.
import { randomUUID } from "node:crypto";
import sharp from "sharp";

import { createShareLink } from "~/models/share-link.server";

import { embeddedPicture } from "../utils/audio-helpers";
import { axeViolations } from "../utils/axe-scan";
import { makeHeic, testPattern } from "../utils/heic";
import { createCompletePodcast } from "../utils/listening-helpers";
import { expect, expectToast, signInAs, test, visit } from "./fixtures";

test("upload a photo as the cover, then go back to the drawn one", async ({ page, user }) => {
  const podcast = await createCompletePodcast(user.id, { title: `Cover ${randomUUID().slice(0, 8)}` });
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, user);
  await visit(page, `/podcast/${podcast.id}`);
  await page.getByRole("link", { name: "Change cover" }).click();
  await expect(page.getByRole("heading", { name: "Cover", exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);

  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#2266aa" } })
    .jpeg()
    .toBuffer();
  await page.getByLabel("Your photo").setInputFiles({ name: "holiday.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByRole("button", { name: "Use this photo" }).click();
  await expectToast(page, "Cover updated");
  const cover = page.getByRole("img", { name: `Cover of ${podcast.title}` });
  await expect(cover).toBeVisible();
  // The image the page shows is the photo (blue), not the drawn cover (ember).
  const pixel = await page.evaluate(
    async (src) => {
      const blob = await (await fetch(src)).blob();
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(1, 1);
      const ctx = canvas.getContext("2d")!;
      // The page shows a sized copy; its middle is the photo's middle whatever width was chosen.
      ctx.drawImage(bitmap, bitmap.width / 2, bitmap.height / 2, 1, 1, 0, 0, 1, 1);
      return Array.from(ctx.getImageData(0, 0, 1, 1).data);
    },
    await cover.evaluate((img: HTMLImageElement) => img.currentSrc),
  );
  expect(pixel[2]).toBeGreaterThan(pixel[0]!);
  // The downloaded MP3 carries that very cover, byte for byte.
  const mp3 = await page.request.get(`/api/podcasts/${podcast.id}/download`);
  expect(mp3.headers()["content-type"]).toBe("audio/mpeg");
  const served = await page.request.get(`/api/podcasts/${podcast.id}/cover.jpg`);
  expect(await embeddedPicture(await mp3.body())).toEqual(await served.body());

  await page.getByRole("link", { name: "Change cover" }).click();
  await page.getByRole("button", { name: "Use the drawn cover instead" }).click();
  await expectToast(page, "Drawn cover restored");
});

test("an iPhone's HEIC photo as the cover: the page offers HEIC and takes it (decision 0166)", async ({
  page,
  user,
}) => {
  const podcast = await createCompletePodcast(user.id, { title: `HEIC cover ${randomUUID().slice(0, 8)}` });
  await signInAs(page, user);
  await visit(page, `/podcast/${podcast.id}/cover`);
  await expect(page.getByText("JPEG, PNG, WebP or HEIC, up to 15 MB.", { exact: false })).toBeVisible();
  await page
    .getByLabel("Your photo")
    .setInputFiles({ name: "IMG_1234.HEIC", mimeType: "image/heic", buffer: makeHeic(320, 240) });
  await page.getByRole("button", { name: "Use this photo" }).click();
  await expectToast(page, "Cover updated");
  // The stored cover is a square JPEG of the photo: the test pattern's colours, not the drawn cover.
  const served = await page.request.get(`/api/podcasts/${podcast.id}/cover.jpg`);
  expect(served.headers()["content-type"]).toBe("image/jpeg");
  const meta = await sharp(await served.body()).metadata();
  expect(meta.width).toBe(meta.height);
  const drawn = await sharp(await served.body()).stats();
  const pattern = await sharp(testPattern(320, 240)).stats();
  expect(Math.abs(drawn.channels[2]!.mean - pattern.channels[2]!.mean)).toBeLessThan(40);
});

test("a shared link previews its title and cover; a password-protected one does not", async ({ page, user }) => {
  const title = `Preview ${randomUUID().slice(0, 8)}`;
  const podcast = await createCompletePodcast(user.id, { title });
  const open = await createShareLink(user.id, podcast.id, { expiration: 7 });
  const locked = await createShareLink(user.id, podcast.id, { expiration: 7, password: "lakehouse" });
  if ("error" in open || "error" in locked) throw new Error("share not created");
  const og = (property: string) => page.locator(`meta[property="${property}"]`);

  await visit(page, `/s/${open.token}`);
  await expect(og("og:title")).toHaveAttribute("content", title);
  const image = (await og("og:image").getAttribute("content"))!;
  expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/s\/.+\/cover\.jpg$/);
  expect((await page.request.get(image)).headers()["content-type"]).toBe("image/jpeg");
  await expect(og("og:audio")).toHaveAttribute("content", /\/audio$/);

  await visit(page, `/s/${locked.token}`);
  await expect(og("og:title")).toHaveAttribute("content", "A podcast shared with you");
  expect(await page.content()).not.toContain(title);
  await expect(og("og:audio")).toHaveCount(0);
});

test("on a phone the library fetches covers no larger than 192 px, and the share page's cover is not lazy", async ({
  page,
  user,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (let n = 1; n <= 3; n++)
    await createCompletePodcast(user.id, { title: `Small cover ${n} ${randomUUID().slice(0, 6)}` });
  const covers: Array<{ url: string; width: number; cacheControl: string }> = [];
  page.on("response", async (response) => {
    if (!/\/cover\.jpg/.test(response.url())) return;
    const body = await response.body().catch(() => null);
    if (body)
      covers.push({
        url: response.url(),
        width: (await sharp(body).metadata()).width ?? 0,
        cacheControl: response.headers()["cache-control"] ?? "",
      });
  });
  await signInAs(page, user);
  await visit(page, "/my-podcasts");
  const thumbnails = page.getByTestId("podcast-card").locator("img");
  await expect(thumbnails).toHaveCount(3);
  for (const img of await thumbnails.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }
  await expect.poll(() => covers.length).toBeGreaterThanOrEqual(3);
  for (const cover of covers) {
    expect(Number(new URL(cover.url).searchParams.get("w"))).toBeLessThanOrEqual(192);
    expect(cover.width).toBeLessThanOrEqual(192);
    // The URL names the stored cover's version: kept for a year, by this browser only.
    expect(cover.cacheControl).toBe("private, max-age=31536000, immutable");
  }

  const podcast = await createCompletePodcast(user.id, { title: `Shared cover ${randomUUID().slice(0, 6)}` });
  const share = await createShareLink(user.id, podcast.id, { expiration: 7 });
  if ("error" in share) throw new Error("share not created");
  await visit(page, `/s/${share.token}`);
  const cover = page.getByRole("img", { name: `Cover of ${podcast.title}` });
  await expect(cover).toHaveAttribute("loading", "eager");
  await expect(cover).toHaveAttribute("fetchpriority", "high");
  const src = await cover.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(Number(new URL(src).searchParams.get("w"))).toBeLessThanOrEqual(400);
  const response = await page.request.get(src, { headers: { Accept: "image/webp,*/*" } });
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(response.headers()["content-type"]).toBe("image/webp");
});
