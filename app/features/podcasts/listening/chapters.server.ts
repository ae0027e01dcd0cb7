// Chapters live in the MP3 only; read once with ffprobe and kept beside it as a JSON sidecar (decision 0134).
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";

import { FfmpegError, probe, type ProbeResult } from "~/audio/ffmpeg.server";
import { storageKeys } from "~/lib/storage/keys";
import { getStorage } from "~/lib/storage/storage.server";

export type EpisodeChapter = { title: string; start: number };

type Sidecar = { audioBytes: number; chapters: EpisodeChapter[] };

export const chaptersKeyFor = storageKeys.chapters;

export function chaptersFromProbe(probed: {
  chapters?: Array<{ start_time: string; tags?: { title?: string } }>;
}): EpisodeChapter[] {
  return (probed.chapters ?? [])
    .map((c, i) => ({ title: c.tags?.title?.trim() || `Chapter ${i + 1}`, start: Math.max(0, Number(c.start_time)) }))
    .filter((c) => Number.isFinite(c.start))
    .sort((a, b) => a.start - b.start);
}

async function readText(key: string) {
  const file = await getStorage().read(key);
  if (!file) return null;
  const parts: Buffer[] = [];
  for await (const chunk of file.stream) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts).toString("utf8");
}

function parseSidecar(text: string | null): Sidecar | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Sidecar;
    return typeof value.audioBytes === "number" && Array.isArray(value.chapters) ? value : null;
  } catch {
    return null;
  }
}

export async function probeStored(audioKey: string): Promise<ProbeResult | null> {
  const audio = await getStorage().read(audioKey);
  if (!audio) return null;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "storyhearth-chapters-"));
  try {
    const file = path.join(dir, "episode.mp3");
    await pipeline(audio.stream, createWriteStream(file));
    return await probe(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function probeStoredAudio(audioKey: string): Promise<EpisodeChapter[] | null> {
  try {
    const probed = await probeStored(audioKey);
    return probed && chaptersFromProbe(probed);
  } catch (error) {
    if (error instanceof FfmpegError && error.stderr) {
      console.error(`${audioKey} has no readable chapters: ${error.message}`);
      return [];
    }
    throw error;
  }
}

/** [] when it has none or cannot be read; a sidecar for an MP3 of another size is read afresh. */
export async function episodeChapters(audioKey: string): Promise<EpisodeChapter[]> {
  const storage = getStorage();
  try {
    const audioBytes = await storage.size(audioKey);
    if (audioBytes === null) return [];
    const cached = parseSidecar(await readText(chaptersKeyFor(audioKey)));
    if (cached && cached.audioBytes === audioBytes) return cached.chapters;
    const chapters = await probeStoredAudio(audioKey);
    if (!chapters) return [];
    const sidecar: Sidecar = { audioBytes, chapters };
    await storage.put(chaptersKeyFor(audioKey), Buffer.from(JSON.stringify(sidecar)));
    return chapters;
  } catch (error) {
    console.error(
      `Could not read the chapters of ${audioKey}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return [];
  }
}

export async function removeEpisodeAudio(audioKey: string) {
  const storage = getStorage();
  await storage.remove(audioKey);
  await storage.remove(chaptersKeyFor(audioKey));
}
