// Direct uploads with the S3 driver (decision 0145): the real routes sign URLs for a real
// S3-compatible server (s3rver), and the parts are PUT to those URLs as a browser would.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { listTestimonialResponses } from "~/features/testimonials/campaigns.server";
import { readTicket, signTicket } from "~/features/testimonials/direct-uploads.server";
import { testimonialMessages } from "~/features/testimonials/messages";
import { CHUNK_BYTES, chunkRange } from "~/features/testimonials/upload-limits";
import { getStorage } from "~/lib/storage/storage.server";
import {
  action as directAction,
  loader as directLoader,
} from "~/routes/api+/testimonials+/public.$publicId.direct-upload";
import { action as submitChunkedAction } from "~/routes/api+/testimonials+/public.$publicId.submit-chunked";

import { runAppOnS3 } from "../support/app-on-s3";
import { callRoute, makeRequest } from "../utils/auth";
import {
  makeLargeVideo,
  makeTaggedMedia,
  makeTestimonialCampaign,
  mediaHash,
  mediaTags,
  TAGGED_LOCATION,
} from "../utils/testimonial-helpers";

const s3 = runAppOnS3("direct-uploads");

const json = async <T = Record<string, unknown>>(response: Response) => (await response.json()) as T;
const post = (publicId: string, body: unknown) =>
  callRoute(directAction, makeRequest(`/api/testimonials/public/${publicId}/direct-upload`, { json: body }), {
    publicId,
  });
const status = (publicId: string, ticket: string) =>
  callRoute(
    directLoader,
    makeRequest(`/api/testimonials/public/${publicId}/direct-upload?ticket=${encodeURIComponent(ticket)}`),
    { publicId },
  );
const submit = (publicId: string, ticket: string) =>
  callRoute(
    submitChunkedAction,
    makeRequest(`/api/testimonials/public/${publicId}/submit-chunked`, {
      json: {
        respondentName: "Dana Direct",
        respondentEmail: "dana@example.com",
        responses: "[]",
        consentGiven: true,
        directUpload: ticket,
      },
    }),
    { publicId },
  );

async function start(publicId: string, size: number, type = "video/x-matroska") {
  const response = await post(publicId, { intent: "start", fileName: "clip.mkv", size, type });
  expect(response.status).toBe(200);
  const body = await json<{ mode: string; ticket: string; parts: number }>(response);
  expect(body.mode).toBe("direct");
  return body;
}

async function sign(publicId: string, ticket: string, partNumbers: number[]) {
  const response = await post(publicId, { intent: "sign", ticket, partNumbers });
  expect(response.status).toBe(200);
  return (await json<{ urls: Record<string, string> }>(response)).urls;
}

/** As the browser does it: a plain PUT of the part's bytes to its presigned URL. */
const put = (url: string, bytes: Uint8Array) => fetch(url, { method: "PUT", body: new Blob([new Uint8Array(bytes)]) });

const part = (file: Buffer, partNumber: number) => {
  const { start: from, end } = chunkRange(partNumber - 1, file.length);
  return file.subarray(from, end);
};

async function storedBytes(key: string) {
  const stored = await getStorage().read(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stored!.stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** A stored object copied to a local file, for ffprobe. */
async function storedCopy(key: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "stored-")), path.basename(key));
  fs.writeFileSync(file, await storedBytes(key));
  return file;
}

describe("direct uploads to the bucket", () => {
  // Four 15 MB PUTs into s3rver, its 40 MB join, a remux and two ffmpeg hashes: 15 s alone, 22 s at a
  // load of 25 on 2 cores (over the default 20 s), so a ceiling far above that (decision 0158).
  it("40 MB in three presigned parts, one lost and resent: the bucket holds the exact bytes and the response is stored", async () => {
    const campaign = makeTestimonialCampaign();
    const file = makeLargeVideo(40);
    const bytes = fs.readFileSync(file);
    const { ticket, parts } = await start(campaign.publicId, bytes.length);
    expect(parts).toBe(3);
    const urls = await sign(campaign.publicId, ticket, [1, 2, 3]);
    // URLs point at the bucket, expire in 15 minutes and carry the part's signed length.
    expect(urls[1]).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/testimonials/${campaign.id}/`));
    expect(new URL(urls[1]!).searchParams.get("X-Amz-Expires")).toBe("900");
    expect(new URL(urls[1]!).searchParams.get("X-Amz-SignedHeaders")).toContain("content-length");

    // A part of another length: S3 refuses it (its length is signed; s3rver checks no V4 signature),
    // and the server never counts it.
    expect((await put(urls[1]!, new Uint8Array(1024))).status).toBe(200);
    expect(await json(await status(campaign.publicId, ticket))).toMatchObject({
      receivedParts: [],
      missingParts: [1, 2, 3],
    });
    expect((await put(urls[1]!, part(bytes, 1))).status).toBe(200);
    expect((await put(urls[3]!, part(bytes, 3))).status).toBe(200);
    // Part 2 was lost on the way: the bucket says so, and completing now is refused with the list.
    expect(await json(await status(campaign.publicId, ticket))).toEqual({
      completed: false,
      totalParts: 3,
      receivedParts: [1, 3],
      missingParts: [2],
    });
    const early = await post(campaign.publicId, { intent: "complete", ticket });
    expect(early.status).toBe(409);
    expect(await json(early)).toEqual({ message: testimonialMessages.api.uploadIncomplete, missingParts: [2] });
    // Submitting before completion is refused too.
    expect((await submit(campaign.publicId, ticket)).status).toBe(409);

    // Resent (a fresh URL), then completed; completing again answers the same.
    const [again] = Object.values(await sign(campaign.publicId, ticket, [2]));
    expect((await put(again!, part(bytes, 2))).status).toBe(200);
    const done = await post(campaign.publicId, { intent: "complete", ticket });
    expect(done.status).toBe(200);
    expect(await json(done)).toEqual({ size: bytes.length });
    expect((await post(campaign.publicId, { intent: "complete", ticket })).status).toBe(200);
    expect(await json(await status(campaign.publicId, ticket))).toMatchObject({ completed: true, missingParts: [] });

    const created = await submit(campaign.publicId, ticket);
    expect(created.status).toBe(201);
    // A retried submission is the same response.
    const retried = await submit(campaign.publicId, ticket);
    expect((await json(retried)).id).toBe((await json(created)).id);
    const rows = listTestimonialResponses(campaign.id);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.videoKey).toMatch(new RegExp(`^testimonials/${campaign.id}/${row.id}\\.mkv$`));
    expect(row.videoMimeType).toBe("video/x-matroska");
    // Put back rewritten without its metadata (decision 0165): the same frames, the stored size.
    const stored = await storedCopy(row.videoKey!);
    expect(row.videoSize).toBe(fs.statSync(stored).size);
    expect(mediaHash(stored)).toBe(mediaHash(file));
  }, 120_000);

  // A remux and two ffmpeg runs: 4-6 s on a loaded machine, so the same kind of ceiling.
  it("a phone's video put straight into the bucket is put back without its GPS position (decision 0165)", async () => {
    const campaign = makeTestimonialCampaign();
    const file = makeTaggedMedia();
    const bytes = fs.readFileSync(file);
    const { ticket } = await start(campaign.publicId, bytes.length, "video/mp4");
    const urls = await sign(campaign.publicId, ticket, [1]);
    expect((await put(urls[1]!, bytes)).status).toBe(200);
    expect((await post(campaign.publicId, { intent: "complete", ticket })).status).toBe(200);
    expect((await submit(campaign.publicId, ticket)).status).toBe(201);
    const [row] = listTestimonialResponses(campaign.id);
    const stored = await storedCopy(row!.videoKey!);
    expect(mediaTags(file)).toContain(TAGGED_LOCATION);
    expect(mediaTags(stored)).not.toMatch(/location|creation_time|make|2024/);
    expect(fs.readFileSync(stored).includes("loci")).toBe(false);
    expect(mediaHash(stored)).toBe(mediaHash(file));
    expect(row!.videoSize).toBe(fs.statSync(stored).size);
  }, 60_000);

  it("refuses a forged, altered or other campaign's ticket, and parts that do not exist", async () => {
    const campaign = makeTestimonialCampaign();
    const other = makeTestimonialCampaign();
    const { ticket } = await start(campaign.publicId, CHUNK_BYTES + 10);
    const mine = await start(other.publicId, 10);

    // Another campaign's ticket.
    for (const response of [
      await post(other.publicId, { intent: "sign", ticket, partNumbers: [1] }),
      await post(other.publicId, { intent: "complete", ticket }),
      await status(other.publicId, ticket),
      await submit(other.publicId, ticket),
    ]) {
      expect(response.status).toBe(403);
      expect((await json(response)).message).toBe(testimonialMessages.api.badTicket);
    }
    // The payload changed to name another respondent's upload: the signature no longer fits.
    const [payload, signature] = ticket.split(".");
    const theirs = JSON.parse(Buffer.from(mine.ticket.split(".")[0]!, "base64url").toString());
    const altered = {
      ...JSON.parse(Buffer.from(payload!, "base64url").toString()),
      key: theirs.key,
      uploadId: theirs.uploadId,
    };
    const forged = `${Buffer.from(JSON.stringify(altered)).toString("base64url")}.${signature}`;
    expect((await post(campaign.publicId, { intent: "sign", ticket: forged, partNumbers: [1] })).status).toBe(403);
    expect((await post(campaign.publicId, { intent: "sign", ticket: "nonsense", partNumbers: [1] })).status).toBe(403);
    expect((await submit(campaign.publicId, forged)).status).toBe(403);
    // Part numbers outside the upload.
    for (const partNumbers of [[0], [3], [], [1.5]]) {
      const response = await post(campaign.publicId, { intent: "sign", ticket, partNumbers });
      expect(response.status).toBe(400);
      expect((await json(response)).message).toBe(testimonialMessages.api.badPartNumber);
    }
  });

  it("a signed ticket naming a key outside its own campaign and response is refused, and that key is never deleted", async () => {
    const campaign = makeTestimonialCampaign();
    const bytes = Buffer.from("someone else's finished video, or any other stored file");
    // Reachable only with the signing secret (a deployment left on the default one): the signature fits.
    const started = readTicket((await start(campaign.publicId, bytes.length, "video/mp4")).ticket, campaign.id);
    const victims = [
      `testimonials/${campaign.id}/${crypto.randomUUID()}.mp4`,
      "backups/storyhearth.sqlite.gz",
      `testimonials/${campaign.id}/${started.responseId}.mp4/../../x.mp4`,
    ];
    for (const key of victims.slice(0, 2)) await getStorage().put(key, bytes);
    for (const key of victims) {
      const forged = signTicket({ ...started, key });
      for (const response of [
        await post(campaign.publicId, { intent: "sign", ticket: forged, partNumbers: [1] }),
        await post(campaign.publicId, { intent: "complete", ticket: forged }),
        await status(campaign.publicId, forged),
        await submit(campaign.publicId, forged),
      ]) {
        expect(response.status).toBe(403);
        expect((await json(response)).message).toBe(testimonialMessages.api.badTicket);
      }
    }
    // Its own response's key under another response id is not its own either.
    const otherResponse = signTicket({ ...started, responseId: crypto.randomUUID() });
    expect((await submit(campaign.publicId, otherResponse)).status).toBe(403);
    for (const key of victims.slice(0, 2)) expect(await getStorage().size(key)).toBe(bytes.length);
    expect(listTestimonialResponses(campaign.id)).toEqual([]);
  });

  it("refuses a video over 500 MB, or a file that is not one, before anything reaches the bucket", async () => {
    const campaign = makeTestimonialCampaign();
    const big = await post(campaign.publicId, {
      intent: "start",
      fileName: "big.mp4",
      size: 500 * 1024 * 1024 + 1,
      type: "video/mp4",
    });
    expect(big.status).toBe(413);
    expect((await json(big)).message).toBe(testimonialMessages.api.fileTooLarge);
    const text = await post(campaign.publicId, {
      intent: "start",
      fileName: "notes.txt",
      size: 100,
      type: "text/plain",
    });
    expect(text.status).toBe(400);
    expect((await json(text)).message).toBe(testimonialMessages.api.notAVideo);
    expect((await post(campaign.publicId, { intent: "explode" })).status).toBe(400);
    const inactive = makeTestimonialCampaign({ isActive: false });
    expect(
      (await post(inactive.publicId, { intent: "start", fileName: "a.mp4", size: 100, type: "video/mp4" })).status,
    ).toBe(403);
  });

  it("a finished upload that is not a video is refused at submission and deleted from the bucket", async () => {
    const campaign = makeTestimonialCampaign();
    const bytes = Buffer.from("this is not a video at all, just text pretending");
    const { ticket } = await start(campaign.publicId, bytes.length, "video/mp4");
    const [url] = Object.values(await sign(campaign.publicId, ticket, [1]));
    expect((await put(url!, bytes)).status).toBe(200);
    expect((await post(campaign.publicId, { intent: "complete", ticket })).status).toBe(200);
    const key = JSON.parse(Buffer.from(ticket.split(".")[0]!, "base64url").toString()).key as string;
    expect(await getStorage().size(key)).toBe(bytes.length);
    const refused = await submit(campaign.publicId, ticket);
    expect(refused.status).toBe(400);
    expect((await json(refused)).message).toBe(testimonialMessages.api.notAVideo);
    expect(await getStorage().size(key)).toBeNull();
    expect(listTestimonialResponses(campaign.id)).toEqual([]);
  });
});
