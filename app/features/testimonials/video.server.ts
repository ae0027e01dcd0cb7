// ffprobe, not the client, decides what a video is and its Content-Type.
import { probe, streamEndFromPackets, stripMetadataInPlace } from "~/audio/ffmpeg.server";
import { muxerFor } from "~/lib/file-types";

import { extensionFor } from "./recording";

export type VideoFacts = { mimeType: string; duration: number | null };

const WEBM_VIDEO = new Set(["vp8", "vp9", "av1"]);

function mimeFor(formatName: string, majorBrand: string | undefined, videoCodec: string | undefined): string {
  const names = formatName.split(",");
  if (names.includes("webm") || names.includes("matroska"))
    return WEBM_VIDEO.has(videoCodec ?? "") ? "video/webm" : "video/x-matroska";
  if (names.includes("mov") || names.includes("mp4"))
    return majorBrand?.trim() === "qt" ? "video/quicktime" : "video/mp4";
  if (names.includes("ogg")) return "video/ogg";
  if (names.includes("avi")) return "video/x-msvideo";
  if (names.includes("mpegts")) return "video/mp2t";
  return "application/octet-stream";
}

const positive = (value: string | undefined) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
};

export async function probeVideo(file: string): Promise<VideoFacts | null> {
  let result;
  try {
    result = await probe(file);
  } catch {
    return null;
  }
  const video = result.streams.find((s) => s.codec_type === "video");
  const format = result.format as { format_name?: string; duration?: string; tags?: Record<string, string> };
  // Still images show up as one-frame "video" streams of an image format; they are not videos.
  if (!video || !format.format_name || /image2|_pipe$|png|jpeg|gif|webp/.test(format.format_name)) return null;
  const streamDuration = (result.streams as Array<{ duration?: string }>)
    .map((s) => positive(s.duration))
    .find((d) => d !== null);
  let duration = positive(format.duration) ?? streamDuration ?? null;
  if (duration === null) duration = await streamEndFromPackets(file, "v:0").catch(() => null);
  return { mimeType: mimeFor(format.format_name, format.tags?.major_brand, video.codec_name), duration };
}

// Rewritten in place without its sender's metadata (a phone's GPS position, device and dates).
export async function checkVideo(file: string): Promise<(VideoFacts & { size: number }) | null> {
  const facts = await probeVideo(file);
  if (!facts) return null;
  const size = await stripMetadataInPlace(file, muxerFor(extensionFor(facts.mimeType)), "video");
  return size === null ? null : { ...facts, size };
}

export async function videoDuration(file: string) {
  return (await probeVideo(file))?.duration ?? null;
}
