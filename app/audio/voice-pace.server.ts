// Each voice's speaking rate, measured once with the real engine; the duration estimate reads it (decision 0130).
import fs from "node:fs";
import path from "node:path";

import { env } from "~/lib/env.server";
import { storageKeys } from "~/lib/storage/keys";
import { getStorage } from "~/lib/storage/storage.server";
import { countWords } from "~/lib/word-count";

import { ACCENTS, VOICE_IDS, type Accent, type VoiceId } from "./audio-options";
import { renderPodcastAudioInWorker } from "./render.server";
import { EDGES, PAUSES } from "./timeline";
import { resolveVoice, voiceTag } from "./voices.server";

export const DEFAULT_WORDS_PER_MINUTE = 150;

/** Bump when the text or the way of measuring changes: older figures are then measured again. */
export const CALIBRATION_VERSION = 1;

// One sentence a line, so each is one render block (flite does not split at commas) and the pauses are known.
export const CALIBRATION_SENTENCES = [
  "My grandmother grew up on a small farm at the edge of town, where the road turned to gravel.",
  "Every morning she walked two miles to the schoolhouse, carrying her lunch in a tin pail.",
  "In winter her father hitched the horses to a sled, and the children rode together under heavy wool blankets.",
  "She loved reading more than anything, and the teacher let her borrow books over the summer.",
  "When she was sixteen, she took a job at the general store, counting change and wrapping parcels in brown paper.",
  "That is where she met my grandfather, who came in every Saturday to buy nails he did not need.",
  "They married two years later and stayed together for sixty one years.",
];

export type VoicePace = {
  wordsPerMinute: number;
  measured: boolean;
};

type StoredPace = { wordsPerMinute: number; measuredAt: string };
type PaceStore = { version: number; voices: Record<string, StoredPace> };

export const paceFile = () => path.resolve(env().DATA_DIR, "voice-pace.json");

const cache = new Map<string, { mtimeMs: number; store: PaceStore }>();

const mtimeOf = (file: string) => {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return -1;
  }
};

export function readPaceStore(file = paceFile()): PaceStore {
  const mtimeMs = mtimeOf(file);
  const cached = cache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.store;
  let store: PaceStore = { version: CALIBRATION_VERSION, voices: {} };
  try {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as PaceStore;
    if (parsed.version === CALIBRATION_VERSION && parsed.voices && typeof parsed.voices === "object") store = parsed;
  } catch {
    // Missing or unreadable: every voice is measured again.
  }
  cache.set(file, { mtimeMs, store });
  return store;
}

function savePace(file: string, tag: string, wordsPerMinute: number) {
  const store = readPaceStore(file);
  const next: PaceStore = {
    ...store,
    voices: { ...store.voices, [tag]: { wordsPerMinute, measuredAt: new Date().toISOString() } },
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(next, null, 2)}\n`);
  fs.renameSync(tmp, file);
  cache.set(file, { mtimeMs: mtimeOf(file), store: next });
}

export async function measureWordsPerMinute(voiceId: VoiceId, accent: Accent): Promise<number> {
  const voice = resolveVoice(voiceId, accent);
  const tag = voiceTag(voice);
  const audioKey = storageKeys.voicePace(tag);
  try {
    const { duration } = await renderPodcastAudioInWorker(
      {
        podcastId: `pace-${voiceId}-${accent}`,
        audioKey,
        title: "Voice pace",
        segments: CALIBRATION_SENTENCES.map((text) => ({ speaker: "host1" as const, text })),
        hosts: { host1: { voice: voiceId, accent, speed: 1 } },
        backgroundMusic: "none",
        introOutro: "none",
        quality: "standard",
        localFallback: false,
        expectSpeechServer: voice.engine === "speech-server",
      },
      { timeoutMs: 120_000 },
    );
    const voiced = duration - EDGES.plain.leadIn - EDGES.plain.tail - (CALIBRATION_SENTENCES.length - 1) * PAUSES.turn;
    if (!(voiced > 0)) throw new Error(`${tag} produced no audio for the calibration text`);
    return countWords(CALIBRATION_SENTENCES.join(" ")) / (voiced / 60);
  } finally {
    await getStorage().remove(audioKey);
  }
}

function installedVoices(): Map<string, { voiceId: VoiceId; accent: Accent }> {
  const byTag = new Map<string, { voiceId: VoiceId; accent: Accent }>();
  for (const voiceId of VOICE_IDS)
    for (const accent of ACCENTS) {
      const tag = voiceTag(resolveVoice(voiceId, accent));
      if (!byTag.has(tag)) byTag.set(tag, { voiceId, accent });
    }
  return byTag;
}

const failed = new Set<string>();
const pending = new Map<string, Promise<void>>();
let queue: Promise<void> = Promise.resolve();

function measureOnce(file: string, tag: string, voiceId: VoiceId, accent: Accent): Promise<void> {
  const key = `${file}\n${tag}`;
  const known = pending.get(key);
  if (known) return known;
  const job = queue
    .then(async () => {
      if (readPaceStore(file).voices[tag] || failed.has(tag)) return;
      try {
        savePace(file, tag, await measureWordsPerMinute(voiceId, accent));
      } catch (error) {
        failed.add(tag);
        console.error(
          `Could not measure the pace of ${tag}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    })
    .finally(() => pending.delete(key));
  queue = job;
  pending.set(key, job);
  return job;
}

export async function measureMissingPaces(file = paceFile()): Promise<void> {
  await Promise.all(
    [...installedVoices()].map(([tag, { voiceId, accent }]) => measureOnce(file, tag, voiceId, accent)),
  );
}

export async function measuredPaceOf(voiceId: VoiceId, accent: Accent, file = paceFile()): Promise<VoicePace> {
  await measureOnce(file, voiceTag(resolveVoice(voiceId, accent)), voiceId, accent);
  return paceOf(voiceId, accent, file);
}

export function paceOf(voiceId: VoiceId, accent: Accent, file = paceFile()): VoicePace {
  const tag = voiceTag(resolveVoice(voiceId, accent));
  const stored = readPaceStore(file).voices[tag];
  if (stored) return { wordsPerMinute: stored.wordsPerMinute, measured: true };
  if (!failed.has(tag)) void measureOnce(file, tag, voiceId, accent);
  return { wordsPerMinute: DEFAULT_WORDS_PER_MINUTE, measured: false };
}
