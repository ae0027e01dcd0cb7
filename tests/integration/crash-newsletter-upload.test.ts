// kill -9 during newsletter delivery and during a chunked upload, then a restart: the scenarios of
// `npm run crash` (tests/crash/), at smaller sizes. Kill points are seeded: CRASH_SEED repeats them.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

import { chunkCount, chunkRange, makeUploadId } from "~/features/testimonials/upload-limits";
import { uploadStatus } from "~/features/testimonials/uploads.server";

import { crashSeed, seededRandom } from "../crash/harness";
import { runNewsletterCrash } from "../crash/newsletter";
import { pickChunkKillPoint, runUploadCrash } from "../crash/upload";
import { makeLargeVideo, makeTestimonialCampaign, mediaHash } from "../utils/testimonial-helpers";

const seed = crashSeed();
const random = seededRandom(seed);

it(`newsletter to 60 recipients, worker killed mid-delivery and restarted: each gets it once (seed ${seed})`, async () => {
  const { outcome } = await runNewsletterCrash({ recipients: 60, random });
  expect(outcome.problems).toEqual([]);
  expect(outcome).toMatchObject({ expected: 60, delivered: 60, duplicates: 0, stuck: 0 });
}, 60_000);

it(`upload server killed while a chunk streams in: resumed from upload-status, the stored video is the original (seed ${seed})`, async () => {
  const { outcome, lostChunks, resentChunks, sameVideo } = await runUploadCrash({
    megabytes: 20,
    killPoint: (total) => pickChunkKillPoint(random, total),
  });
  expect(lostChunks).toEqual([]);
  expect(resentChunks).toEqual([]);
  expect(sameVideo).toBe(true);
  expect(outcome.problems).toEqual([]);
  expect(outcome).toMatchObject({ expected: 1, delivered: 1, duplicates: 0, stuck: 0 });
}, 60_000);

it("upload server killed while it assembles the chunks: upload-status finishes the assembly after the restart", async () => {
  const { outcome, sameVideo } = await runUploadCrash({ megabytes: 20, killPoint: () => ({ during: "assembly" }) });
  expect(sameVideo).toBe(true);
  expect(outcome.problems).toEqual([]);
  expect(outcome).toMatchObject({ expected: 1, delivered: 1, duplicates: 0, stuck: 0 });
}, 60_000);

it("an assembly lock left by a killed process is taken over (the state a kill mid-assembly leaves, made exactly)", async () => {
  const campaign = makeTestimonialCampaign();
  const file = makeLargeVideo(20);
  const size = fs.statSync(file).size;
  const total = chunkCount(size);
  const uploadId = makeUploadId();
  const dir = path.resolve(process.env.DATA_DIR!, "uploads", uploadId);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, "manifest.json"),
    JSON.stringify({ campaignId: campaign.id, totalChunks: total, fileName: "family.mkv", createdAt: Date.now() }),
  );
  // Every chunk is in the video and has its marker (its size). Past the end lie bytes of a longer
  // last chunk sent before, which the assembly cuts off; it was killed before it got there.
  const bytes = fs.readFileSync(file);
  fs.writeFileSync(path.join(dir, "video"), Buffer.concat([bytes, Buffer.alloc(1000, 7)]));
  for (let i = 0; i < total; i++) {
    const { start, end } = chunkRange(i, size);
    fs.writeFileSync(path.join(dir, String(i)), String(end - start));
  }
  // A process that has ended holds the lock.
  const dead = spawn(process.execPath, ["-e", ""]);
  await new Promise((resolve) => dead.once("exit", resolve));
  fs.writeFileSync(path.join(dir, "assemble.lock"), `${dead.pid}.0123456789ab`);

  const status = await uploadStatus(campaign.id, uploadId);
  expect(status).toMatchObject({
    allChunksReceived: true,
    missingChunks: [],
    videoSize: fs.statSync(path.join(dir, "video")).size,
    videoPath: `uploads/${uploadId}/video`,
  });
  expect(mediaHash(path.join(dir, "video"))).toBe(mediaHash(file));
  expect(fs.existsSync(path.join(dir, "assemble.lock"))).toBe(false);

  // A lock of a live process (this one's parent) is respected: nothing is assembled behind its back.
  const other = makeUploadId();
  const otherDir = path.resolve(process.env.DATA_DIR!, "uploads", other);
  fs.mkdirSync(otherDir, { recursive: true });
  fs.writeFileSync(
    path.join(otherDir, "manifest.json"),
    JSON.stringify({ campaignId: campaign.id, totalChunks: 1, fileName: "a.mkv", createdAt: Date.now() }),
  );
  fs.writeFileSync(path.join(otherDir, "video"), "not a video");
  fs.writeFileSync(path.join(otherDir, "0"), "11");
  fs.writeFileSync(path.join(otherDir, "assemble.lock"), `${process.ppid}.0123456789ab`);
  const waiting = uploadStatus(campaign.id, other);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(fs.existsSync(path.join(otherDir, "assemble.lock"))).toBe(true);
  expect(fs.existsSync(path.join(otherDir, "result.json"))).toBe(false);
  // The holder goes away without a result: the waiting request assembles it itself, and refuses it.
  fs.rmSync(path.join(otherDir, "assemble.lock"));
  await expect(waiting).rejects.toMatchObject({ status: 400 });
}, 60_000);
