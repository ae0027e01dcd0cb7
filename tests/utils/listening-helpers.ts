// Test data for listening (Vitest and Playwright): finished podcasts with a real, small MP3 made by
// ffmpeg and stored where the generation job would put it, share links, and PDF text extraction.
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { campaigns, newsletters, podcasts, shareLinks } from "#db/schema";
import { eq } from "drizzle-orm";

import { ffmpeg } from "~/audio/ffmpeg.server";
import { ffmetadata } from "~/audio/mix.server";
import { extractPdfText } from "~/features/podcasts/pdf-text.server";
import { podcastTranscript } from "~/features/podcasts/script/host-names.server";
import type { ScriptSegment } from "~/features/podcasts/script/script";
import { db } from "~/lib/db.server";
import { getStorage } from "~/lib/storage/storage.server";
import { sha256 } from "~/lib/tokens.server";

let mp3: Promise<Buffer> | undefined;

/** Two seconds of a 440 Hz tone as MP3 (made once per process). */
export function makeMp3() {
  mp3 ??= ffmpeg(
    [
      "-loglevel",
      "error",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440:duration=2",
      "-c:a",
      "libmp3lame",
      "-f",
      "mp3",
      "pipe:1",
    ],
    { stdout: true },
  ).then(({ stdout }) => stdout);
  return mp3;
}

export const TWO_HOST_SCRIPT = [
  { speaker: "host1" as const, text: "Welcome back. Today we hear about the summer at the lake." },
  { speaker: "host2" as const, text: "Grandpa let everyone steer the blue truck on the gravel road." },
];

export type EpisodeAudio = { seconds: number; chapters: Array<{ title: string; start: number; end: number }> };
const chapteredMp3s = new Map<string, Promise<Buffer>>();

/** A quiet tone of `seconds` with chapters written the way the renderer writes them (ID3 CHAP frames). */
export function makeChapteredMp3(audio: EpisodeAudio) {
  const key = JSON.stringify(audio);
  let made = chapteredMp3s.get(key);
  if (!made) {
    made = (async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), "storyhearth-test-mp3-"));
      try {
        const meta = path.join(dir, "meta.txt");
        const out = path.join(dir, "episode.mp3");
        await fs.writeFile(
          meta,
          ffmetadata({
            title: "Test episode",
            artist: "Storyhearth",
            album: "Family Stories",
            chapters: audio.chapters,
          }),
        );
        await ffmpeg([
          "-loglevel",
          "error",
          "-f",
          "lavfi",
          "-i",
          `sine=frequency=220:duration=${audio.seconds}`,
          "-i",
          meta,
          "-map",
          "0:a",
          "-map_metadata",
          "1",
          "-map_chapters",
          "1",
          "-c:a",
          "libmp3lame",
          "-b:a",
          "32k",
          "-ac",
          "1",
          "-ar",
          "22050",
          "-id3v2_version",
          "3",
          out,
        ]);
        return await fs.readFile(out);
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    })();
    chapteredMp3s.set(key, made);
  }
  return made;
}

type PodcastInput = Partial<typeof podcasts.$inferInsert> & { title: string; audio?: EpisodeAudio };

/** A complete podcast of `ownerId` with stored audio (2 s, or `audio` with chapters), script and transcript. */
export async function createCompletePodcast(ownerId: string, { audio, ...input }: PodcastInput) {
  const id = input.id ?? randomUUID();
  const audioKey = `podcasts/${id}.mp3`;
  const { size } = await getStorage().put(audioKey, audio ? await makeChapteredMp3(audio) : await makeMp3());
  const script = input.script === undefined ? TWO_HOST_SCRIPT : input.script;
  return db
    .insert(podcasts)
    .values({
      hostCount: 2,
      secondaryVoice: "male-warm",
      // As the job writes it: each line by its voice's name (Grace and Henry by default).
      transcript: script
        ? podcastTranscript(
            { primaryVoice: input.primaryVoice ?? "female-warm", secondaryVoice: input.secondaryVoice ?? "male-warm" },
            script as ScriptSegment[],
          )
        : null,
      completedAt: new Date(),
      ...input,
      id,
      ownerId,
      status: "complete",
      script,
      audioKey,
      duration: audio?.seconds ?? 2,
      fileSize: size,
    })
    .returning()
    .get();
}

/** A podcast still being made (no audio). */
export function createProcessingPodcast(
  ownerId: string,
  title: string,
  status: "pending" | "queued" | "voice_processing" = "voice_processing",
) {
  return db.insert(podcasts).values({ ownerId, title, status }).returning().get();
}

export function createCampaignFor(ownerId: string, title: string) {
  return db
    .insert(campaigns)
    .values({ ownerId, title, publicId: randomUUID(), prompt: "Tell us about a summer you remember" })
    .returning()
    .get();
}

export function createNewsletterFor(ownerId: string, podcastId: string) {
  return db
    .insert(newsletters)
    .values({ ownerId, podcastId, publicId: randomUUID(), edition: 1, title: "Summer Edition" })
    .returning()
    .get();
}

export const getPodcastRow = (id: string) => db.select().from(podcasts).where(eq(podcasts.id, id)).get();

/** Moves a share link's expiry (tests of expired links). */
export function setShareExpiry(token: string, expiresAt: Date) {
  return db
    .update(shareLinks)
    .set({ expiresAt })
    .where(eq(shareLinks.token, sha256(token)))
    .run().changes;
}

export const shareRow = (token: string) =>
  db
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.token, sha256(token)))
    .get();

/** The text of a PDF as pdf.js reads it. */
export async function pdfText(bytes: Uint8Array) {
  return (await extractPdfText(bytes)).text;
}
