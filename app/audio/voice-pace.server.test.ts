import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

import { countWords } from "~/lib/word-count";

import { withoutPiperVoices } from "../../tests/utils/no-piper-voices";
import { fliteSpeak } from "./flite.server";
import { normalizeForSpeech } from "./speech-text";
import {
  CALIBRATION_SENTENCES,
  CALIBRATION_VERSION,
  DEFAULT_WORDS_PER_MINUTE,
  measureMissingPaces,
  measureWordsPerMinute,
  paceOf,
  readPaceStore,
} from "./voice-pace.server";
import { FLITE_VOICE_MAP, resolveVoice, voiceTag } from "./voices.server";

const dir = withoutPiperVoices("voice-pace-");

const voicedSeconds = async (voice: (typeof FLITE_VOICE_MAP)["male-warm"]["british"], speed: number) => {
  const { sampleRate, segments } = await fliteSpeak(voice!, CALIBRATION_SENTENCES.map(normalizeForSpeech), speed);
  return segments.flat().reduce((n, pcm) => n + pcm.length, 0) / sampleRate;
};

describe("measuring", () => {
  test("the rendered calibration gives flite's own pace, warm slower than professional by their stretch", async () => {
    const warm = await measureWordsPerMinute("female-warm", "american");
    const professional = await measureWordsPerMinute("female-professional", "american");
    expect(warm).toBeGreaterThan(100);
    expect(professional).toBeLessThan(300);
    expect(professional / warm).toBeCloseTo(1.1 / 0.95, 1);
    const words = countWords(CALIBRATION_SENTENCES.join(" "));
    const direct = words / ((await voicedSeconds(FLITE_VOICE_MAP["female-warm"].american, 1)) / 60);
    expect(Math.abs(warm / direct - 1)).toBeLessThan(0.02);
  }, 60_000);

  test("the voiced time scales with the speed, as the estimate assumes", async () => {
    const voice = FLITE_VOICE_MAP["male-warm"].british;
    const normal = await voicedSeconds(voice, 1);
    const slow = await voicedSeconds(voice, 0.5);
    const fast = await voicedSeconds(voice, 1.5);
    expect(slow / normal).toBeGreaterThan(1.9);
    expect(slow / normal).toBeLessThan(2.1);
    expect(normal / fast).toBeGreaterThan(1.4);
    expect(normal / fast).toBeLessThan(1.6);
  }, 30_000);
});

describe("the store", () => {
  test("an unmeasured voice reads the default, measuring adds only what is missing, and later reads use it", async () => {
    const file = path.join(dir, "store-a", "voice-pace.json");
    const known = { wordsPerMinute: 170, measuredAt: "2026-11-01T00:00:00.000Z" };
    const others = ["awb-0.95", "awb-1.1", "rms-1.1", "slt-0.95", "slt-1.1-p0.89"].map((v) => `flite-${v}`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(
      file,
      JSON.stringify({ version: CALIBRATION_VERSION, voices: Object.fromEntries(others.map((tag) => [tag, known])) }),
    );
    expect(voiceTag(resolveVoice("male-professional", "american"))).toBe("flite-rms-0.95");
    expect(paceOf("male-professional", "american", file)).toEqual({
      wordsPerMinute: DEFAULT_WORDS_PER_MINUTE,
      measured: false,
    });
    expect(paceOf("male-warm", "british", file)).toEqual({ wordsPerMinute: 170, measured: true });
    await measureMissingPaces(file);
    const saved = JSON.parse(fs.readFileSync(file, "utf8")) as {
      version: number;
      voices: Record<string, { wordsPerMinute: number; measuredAt: string }>;
    };
    expect(Object.keys(saved.voices).sort()).toEqual([...others, "flite-rms-0.95"].sort());
    for (const tag of others) expect(saved.voices[tag]).toEqual(known);
    const pace = paceOf("male-professional", "american", file);
    expect(pace.measured).toBe(true);
    expect(pace.wordsPerMinute).toBe(saved.voices["flite-rms-0.95"]!.wordsPerMinute);
    const before = fs.statSync(file).mtimeMs;
    await measureMissingPaces(file);
    expect(fs.statSync(file).mtimeMs).toBe(before);
  }, 60_000);

  test("a file from another calibration version is not trusted", () => {
    const file = path.join(dir, "store-b.json");
    fs.writeFileSync(
      file,
      JSON.stringify({ version: 0, voices: { "flite-slt-1.1": { wordsPerMinute: 999, measuredAt: "2026-01-01" } } }),
    );
    expect(readPaceStore(file).voices).toEqual({});
  });
});
