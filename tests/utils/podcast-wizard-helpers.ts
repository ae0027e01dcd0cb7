// Test data for the podcast wizard and the family podcast (Vitest and Playwright).
import { podcasts, users } from "#db/schema";
import { eq } from "drizzle-orm";

import { createTextStory } from "~/features/podcasts/stories.server";
import { db } from "~/lib/db.server";

import { makePdf } from "./podcast-helpers";

/** Short enough that the real job runner (espeak voice) finishes it in seconds. */
export const SHORT_STORY =
  "Every summer we drove to the lake in Grandpa's blue truck. He let us steer on the gravel road, " +
  "and at night Grandma read to us by the fire.";

export function createStory(ownerId: string, storyTitle = "Summers at the Lake", storyContent = SHORT_STORY) {
  return createTextStory(ownerId, { storyTitle, storyContent });
}

/**
 * A podcast left 'voice_processing' with no job to finish it, as a worker that died leaves one: the
 * next read reports it failed ('Generation was interrupted…'), and it can be retried for real.
 */
export function createInterruptedPodcast(ownerId: string, storyId: string, title = "Summers at the Lake") {
  return db
    .insert(podcasts)
    .values({ ownerId, storyId, title, status: "voice_processing", hostCount: 1, introOutro: "none" })
    .returning()
    .get();
}

/** The user has used up their podcasts: the next request is refused with 403. */
export function exhaustPodcastLimit(userId: string) {
  db.update(users).set({ podcastLimit: 0 }).where(eq(users.id, userId)).run();
}

/**
 * A real PDF made `bytes` long by a comment after its header. The comment shifts the objects, so
 * pdf.js rebuilds the cross-reference table as it does for any damaged file, and reads it the same.
 */
export function paddedPdf(lines: string[], title: string, bytes: number) {
  const pdf = makePdf(lines, title);
  const header = "%PDF-1.4\n".length;
  const pad = Math.max(0, bytes - pdf.length - 2);
  return Buffer.concat([pdf.subarray(0, header), Buffer.from(`%${"x".repeat(pad)}\n`, "latin1"), pdf.subarray(header)]);
}
