// The app on the S3 driver (playwright.s3.config.ts): with JavaScript the browser puts a video's
// parts straight into the bucket, resending a lost one and, after a reload, only the missing ones;
// without it the video streams to the server, which puts it in the bucket (decision 0145).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page, Request, Route } from "@playwright/test";

import { listTestimonialResponses } from "~/features/testimonials/campaigns.server";
import { getStorage } from "~/lib/storage/storage.server";

import { e2eBucket } from "../../playwright.s3.config";
import { makeLargeVideo, makeTestimonialCampaign, mediaHash } from "../utils/testimonial-helpers";
import { expect, jsOn, test, visit } from "./fixtures";
import { aboutYou, uploadFortyMegabytesAndSubmit } from "./testimonial-steps";

const bucketParts = `${e2eBucket.AWS_ENDPOINT_URL_S3}/${e2eBucket.BUCKET_NAME}/**`;
const partNumber = (request: Request) => Number(new URL(request.url()).searchParams.get("partNumber"));

async function submitVideo(page: Page, publicId: string, file: string) {
  await visit(page, `/testimonials/${publicId}`);
  await aboutYou(page, "Bea Bucket", "bea@example.com");
  await uploadFortyMegabytesAndSubmit(page, file);
}

/** A bucket object copied to a local file, for ffmpeg. */
async function bucketCopy(key: string) {
  const stored = await getStorage().read(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stored!.stream) chunks.push(Buffer.from(chunk as Buffer));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bucket-")), path.basename(key));
  fs.writeFileSync(file, Buffer.concat(chunks));
  return file;
}

test("a 40 MB video: parts straight to the bucket with JavaScript (lost part resent, a reload resumes), via the server without", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const campaign = makeTestimonialCampaign({ allowTextResponses: false });
  const file = makeLargeVideo(40);
  const toOurServer: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && /\/(upload-chunk|submit)$/.test(r.url())) toOurServer.push(r.url());
  });

  if (jsOn()) {
    // First visit: part 1 lands, the others' connections drop, and the respondent reloads the page.
    let phase = 1;
    const puts: Array<{ phase: number; part: number }> = [];
    let droppedInPhase2 = false;
    await page.route(bucketParts, async (route: Route) => {
      const part = partNumber(route.request());
      if (route.request().method() !== "PUT") return route.continue();
      puts.push({ phase, part });
      if (phase === 1 && part !== 1) return route.abort("connectionreset");
      // After the reload the third part's first try is lost too: it is sent again.
      if (phase === 2 && part === 3 && !droppedInPhase2) {
        droppedInPhase2 = true;
        return route.abort("connectionreset");
      }
      return route.continue();
    });
    const firstPartStored = page.waitForEvent("requestfinished", (r) => r.method() === "PUT" && partNumber(r) === 1);
    await submitVideo(page, campaign.publicId, file);
    expect((await (await firstPartStored).response())?.status()).toBe(200);
    // Until the page has reloaded, every other part of the first visit is still lost.
    await page.reload();
    phase = 2;
    // The same file chosen again: the browser remembered the upload, the bucket lists part 1.
    await submitVideo(page, campaign.publicId, file);
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible({ timeout: 60_000 });
    const after = puts.filter((p) => p.phase === 2).map((p) => p.part);
    expect(after.sort()).toEqual([2, 3, 3]);
    expect(puts.filter((p) => p.phase === 1 && p.part === 1)).toHaveLength(1);
    expect(toOurServer).toEqual([]);
  } else {
    await submitVideo(page, campaign.publicId, file);
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible({ timeout: 60_000 });
  }

  const [row] = listTestimonialResponses(campaign.id);
  expect(row?.videoKey).toMatch(new RegExp(`^testimonials/${campaign.id}/`));
  // Put back without its metadata (decision 0165): the same frames, the stored size.
  const stored = await bucketCopy(row!.videoKey!);
  expect(row?.videoSize).toBe(fs.statSync(stored).size);
  expect(mediaHash(stored)).toBe(mediaHash(file));
});
