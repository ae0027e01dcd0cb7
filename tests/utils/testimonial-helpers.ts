// Test data for video testimonials: campaigns straight in the database, real video files made by
// ffmpeg, and multipart requests built the way browsers send them (Vitest and Playwright alike).
import { execFileSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { createTestimonialCampaign } from "~/features/testimonials/campaigns.server";
import type { CampaignInput } from "~/features/testimonials/schemas";

export function makeTestimonialCampaign(overrides: Partial<CampaignInput> = {}) {
  return createTestimonialCampaign(
    {
      title: `Customer stories ${randomUUID().slice(0, 6)}`,
      description: "Tell us how Storyhearth helped your family.",
      questions: [
        { question: "What did you like most?", helperText: "A moment that stood out" },
        { question: "Would you recommend us?", helperText: null },
      ],
      isActive: true,
      allowTextResponses: true,
      ...overrides,
    },
    null,
  );
}

const videoDir = fs.mkdtempSync(path.join(os.tmpdir(), "storyhearth-videos-"));
const ffmpegBin = process.env.FFMPEG_PATH || "ffmpeg";
const ffprobeBin = process.env.FFPROBE_PATH || "ffprobe";

/** A 2-second 320x240 test video with a sine tone (the brief's ffmpeg recipe); made once per process. */
export function makeSmallVideo() {
  const file = path.join(videoDir, "small.webm");
  if (!fs.existsSync(file)) {
    execFileSync(ffmpegBin, [
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      "testsrc=duration=2:size=320x240:rate=15",
      "-f",
      "lavfi",
      "-i",
      "sine",
      "-shortest",
      file,
    ]);
  }
  return file;
}

/** A video of about `megabytes` MB made fast: raw 640x480 frames in Matroska (ffprobe accepts it as video). */
export function makeLargeVideo(megabytes: number) {
  const file = path.join(videoDir, `large-${megabytes}.mkv`);
  if (!fs.existsSync(file)) {
    const frames = Math.ceil((megabytes * 1024 * 1024) / (640 * 480 * 1.5));
    execFileSync(ffmpegBin, [
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      "testsrc=size=640x480:rate=30",
      "-frames:v",
      String(frames),
      "-c:v",
      "rawvideo",
      "-pix_fmt",
      "yuv420p",
      file,
    ]);
  }
  return file;
}

/** The place a phone writes into a video or voice memo it made (the Eiffel Tower). */
export const TAGGED_LOCATION = "+48.8584+002.2945/";

/**
 * A 1-second MP4 (or, with `audioOnly`, an M4A voice memo) carrying a phone's metadata: a GPS
 * position in the QuickTime location tag, a creation time and a device make. Made once per process.
 */
export function makeTaggedMedia({ audioOnly = false } = {}) {
  const file = path.join(videoDir, audioOnly ? "tagged.m4a" : "tagged.mp4");
  if (!fs.existsSync(file)) {
    const picture = audioOnly ? [] : ["-f", "lavfi", "-i", "testsrc=duration=1:size=160x120:rate=10"];
    const codecs = audioOnly ? ["-c:a", "aac"] : ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac"];
    const tags = [
      "-metadata",
      `location=${TAGGED_LOCATION}`,
      "-metadata",
      "creation_time=2024-05-01T10:00:00Z",
      "-metadata",
      "make=Apple",
    ];
    execFileSync(ffmpegBin, [
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      ...picture,
      "-f",
      "lavfi",
      "-i",
      "sine=duration=1",
      ...codecs,
      ...tags,
      "-shortest",
      file,
    ]);
  }
  return file;
}

/** Every tag ffprobe finds in a file (container and streams), as "key=value" lines. */
export function mediaTags(file: string) {
  return execFileSync(ffprobeBin, ["-v", "error", "-show_entries", "format_tags:stream_tags", "-of", "flat", file], {
    encoding: "utf8",
  });
}

/**
 * What a file shows and sounds like: ffmpeg's hash of every picture and sound packet, whatever else
 * its container holds. Stored videos and recordings are rewritten without their sender's metadata
 * (decision 0165), so "the same video" means the same packets, not the same bytes.
 */
export function mediaHash(file: string) {
  return execFileSync(
    ffmpegBin,
    [
      "-hide_banner",
      "-loglevel",
      "error",
      "-i",
      file,
      "-map",
      "0:V?",
      "-map",
      "0:a?",
      "-c",
      "copy",
      "-f",
      "streamhash",
      "-hash",
      "sha256",
      "-",
    ],
    { encoding: "utf8" },
  );
}

export const sha256File = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");

export function multipartRequest(url: string, form: FormData, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${url}`, { method: "POST", body: form, headers });
}

/** A file on disk as a Blob for FormData (streamed, not read into memory first). */
export async function fileBlob(file: string, type = "video/webm") {
  return fs.openAsBlob(file, { type });
}
