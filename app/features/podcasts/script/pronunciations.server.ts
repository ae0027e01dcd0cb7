import { createHash } from "node:crypto";
import { pronunciations } from "#db/schema";
import { and, asc, count, eq } from "drizzle-orm";

import { ACCENTS, VOICE_IDS, type Accent, type VoiceId } from "~/audio/audio-options";
import { ensureRenderedSample } from "~/audio/voice-sample.server";
import { resolveVoice, voiceTag } from "~/audio/voices.server";
import { scriptMessages } from "~/features/podcasts/script/script-messages";
import { db } from "~/lib/db.server";
import { storageKeys } from "~/lib/storage/keys";
import { getStorage } from "~/lib/storage/storage.server";

import { PodcastRequestError } from "../errors";
import { PRONUNCIATIONS_PER_FAMILY, termKey } from "./pronunciations";
import type { PronunciationInput } from "./script-review-schemas";

const errors = scriptMessages.pronunciations.errors;

export type StoredPronunciation = typeof pronunciations.$inferSelect;

export function listPronunciations(ownerId: string) {
  return db
    .select({ id: pronunciations.id, term: pronunciations.term, sayAs: pronunciations.sayAs })
    .from(pronunciations)
    .where(eq(pronunciations.ownerId, ownerId))
    .orderBy(asc(pronunciations.termKey))
    .all();
}

export function getOwnedPronunciation(ownerId: string, id: string) {
  return db.query.pronunciations.findFirst({
    where: and(eq(pronunciations.id, id), eq(pronunciations.ownerId, ownerId)),
  });
}

export function addPronunciation(ownerId: string, { term, sayAs }: PronunciationInput) {
  return db.transaction((tx) => {
    const key = termKey(term);
    const taken = tx
      .select({ id: pronunciations.id })
      .from(pronunciations)
      .where(and(eq(pronunciations.ownerId, ownerId), eq(pronunciations.termKey, key)))
      .get();
    if (taken) throw new PodcastRequestError(409, errors.duplicate, "term");
    const listed = tx.select({ n: count() }).from(pronunciations).where(eq(pronunciations.ownerId, ownerId)).get();
    if ((listed?.n ?? 0) >= PRONUNCIATIONS_PER_FAMILY)
      throw new PodcastRequestError(409, errors.full(PRONUNCIATIONS_PER_FAMILY), "term");
    return tx
      .insert(pronunciations)
      .values({ ownerId, term: term.replace(/\s+/g, " "), termKey: key, sayAs })
      .returning()
      .get();
  });
}

export function removePronunciation(ownerId: string, id: string) {
  return (
    db
      .delete(pronunciations)
      .where(and(eq(pronunciations.id, id), eq(pronunciations.ownerId, ownerId)))
      .run().changes > 0
  );
}

const SAMPLE_VERSION = 1;

const sampleHashOf = (sayAs: string, voice: VoiceId, accent: Accent) =>
  createHash("sha256")
    .update(JSON.stringify([SAMPLE_VERSION, voiceTag(resolveVoice(voice, accent)), sayAs]))
    .digest("hex")
    .slice(0, 32);

export const sharedPronunciationSampleKeys = (sayAs: string) => [
  ...new Set(
    VOICE_IDS.flatMap((voice) =>
      ACCENTS.map((accent) => storageKeys.sharedPronunciationSample(sampleHashOf(sayAs, voice, accent))),
    ),
  ),
];

function ensureSample(ownerId: string, sayAs: string, voice: VoiceId, accent: Accent) {
  const speaker = resolveVoice(voice, accent);
  const hash = sampleHashOf(sayAs, voice, accent);
  return ensureRenderedSample(
    storageKeys.pronunciationSample(ownerId, hash),
    ownerId,
    {
      podcastId: `pronunciation-${hash}`,
      title: "Pronunciation sample",
      segments: [{ speaker: "host1", text: sayAs }],
      hosts: { host1: { voice, accent, speed: 1 } },
      backgroundMusic: "none",
      introOutro: "none",
      quality: "standard",
      // Kept as this voice's: never made by another standing in for a speech server that is down (decision 0155).
      localFallback: false,
      expectSpeechServer: speaker.engine === "speech-server",
    },
    60_000,
  );
}

export async function pronunciationSample(ownerId: string, id: string, voice: VoiceId, accent: Accent) {
  const entry = await getOwnedPronunciation(ownerId, id);
  if (!entry) return null;
  const file = await getStorage().read(await ensureSample(ownerId, entry.sayAs, voice, accent));
  if (!file) throw new Error(`Pronunciation sample for ${id} is missing from storage after rendering`);
  return file;
}
