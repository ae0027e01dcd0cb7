import { describe, expect, test } from "vitest";

import { ACCENTS, VOICE_IDS } from "./audio-options";
import {
  durationStretch,
  fliteModule,
  fliteSpeak,
  fliteSpeakHere,
  fliteSpeakInThread,
  fliteText,
  splitEvenly,
  utteranceEnds,
} from "./flite.server";
import { FLITE_VOICE_MAP, type FliteVoice } from "./voices.server";

const STORY =
  "Grandma kept a garden behind the house. Every summer it was full of roses, and we picked them for the table!";

const rms = (pcm: Float32Array) => Math.sqrt(pcm.reduce((n, v) => n + v * v, 0) / Math.max(1, pcm.length));
const bytes = (said: { segments: Float32Array[][] }) =>
  said.segments.map((chunks) =>
    chunks.map((pcm) => Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength).toString("base64")),
  );
const seconds = (said: { sampleRate: number; segments: Float32Array[][] }) =>
  said.segments.flat().reduce((n, p) => n + p.length, 0) / said.sampleRate;

describe("flite", () => {
  test("speaks a sentence as real audio of a plausible length, one chunk per sentence", async () => {
    const voice: FliteVoice = { voice: "rms", durationStretch: 1 };
    const said = await fliteSpeak(voice, [STORY, "Then came the winter."], 1);
    expect(said.sampleRate).toBe(16000);
    expect(said.segments.map((s) => s.length)).toEqual([2, 1]);
    // 20 words at 120-220 words a minute, without flite's pauses at the edges.
    const story = said.segments[0]!.reduce((n, p) => n + p.length, 0) / said.sampleRate;
    expect(story).toBeGreaterThan(20 / (220 / 60));
    expect(story).toBeLessThan(20 / (120 / 60));
    for (const pcm of said.segments.flat()) expect(rms(pcm)).toBeGreaterThan(0.02);
  }, 60_000);

  test('a name opening with "Ng" is said as a word, not spelled letter by letter (decision 0167)', async () => {
    expect(fliteText("The Nguyen family. The Nguyens. Mr. Ngo.")).toBe("The Nuyen family. The Nuyens. Mr. No.");
    expect(fliteText("NGO, singing, Kang Ngx")).toBe("NGO, singing, Kang Ngx");
    const voice: FliteVoice = { voice: "rms", durationStretch: 1 };
    const said = await fliteSpeak(voice, ["Nguyen.", "Dahlberg."], 1);
    const [name, other] = said.segments.map((chunks) => chunks.reduce((n, p) => n + p.length, 0));
    expect(name!).toBeLessThan(other! * 1.5);
  }, 60_000);

  test('a last sentence of one word is spoken, not dropped ("Thank you for listening. Goodbye.")', async () => {
    const voice: FliteVoice = { voice: "rms", durationStretch: 1 };
    const said = await fliteSpeak(
      voice,
      ["Thank you for listening. Goodbye.", "Thank you for listening.", "Goodbye."],
      1,
    );
    expect(said.segments.map((s) => s.length)).toEqual([2, 1, 1]);
    const [listening, goodbye] = said.segments[0]!.map((pcm) => pcm.length);
    expect(listening! / said.segments[1]![0]!.length).toBeCloseTo(1, 1);
    expect(goodbye! / said.segments[2]![0]!.length).toBeCloseTo(1, 1);
    expect(rms(said.segments[0]![1]!)).toBeGreaterThan(0.02);
  }, 60_000);

  test("many runs in one process do not crash it (node:wasi did after a few dozen)", async () => {
    const voice: FliteVoice = { voice: "slt", durationStretch: 1 };
    const texts = Array.from({ length: 25 }, (_, i) => `This is line number ${i + 1}, read by the same voice.`);
    const said = await fliteSpeak(voice, texts, 1);
    expect(said.segments.every((s) => s.length === 1 && rms(s[0]!) > 0.02)).toBe(true);
  }, 120_000);

  test("a slower speed or a warmer style stretches the speech", async () => {
    const voice: FliteVoice = { voice: "slt", durationStretch: 1 };
    const normal = seconds(await fliteSpeak(voice, [STORY], 1));
    const fast = seconds(await fliteSpeak(voice, [STORY], 1.4));
    expect(fast).toBeLessThan(normal * 0.85);
    expect(durationStretch({ voice: "slt", durationStretch: 1.1 }, 1)).toBeGreaterThan(
      durationStretch({ voice: "slt", durationStretch: 0.95 }, 1),
    );
    expect(durationStretch(voice, 0.5)).toBe(2);
  }, 60_000);

  test("every voice and accent flite speaks sounds different from every other", async () => {
    const cells = VOICE_IDS.flatMap((id) =>
      ACCENTS.flatMap((accent) =>
        FLITE_VOICE_MAP[id][accent] ? [{ id, accent, voice: FLITE_VOICE_MAP[id][accent]! }] : [],
      ),
    );
    expect(cells.map((c) => `${c.id}/${c.accent}`)).toEqual([
      "female-warm/american",
      "female-professional/american",
      "male-warm/american",
      "male-warm/british",
      "male-professional/american",
      "male-professional/british",
    ]);
    const audio = await Promise.all(
      cells.map(async (c) =>
        Buffer.from(
          (await fliteSpeak(c.voice, ["Hello, I'll be reading your family's stories."], 1)).segments[0]![0]!.buffer,
        ),
      ),
    );
    for (let i = 0; i < audio.length; i++) {
      for (let j = i + 1; j < audio.length; j++)
        expect(
          audio[i]!.equals(audio[j]!),
          `${cells[i]!.id}/${cells[i]!.accent} vs ${cells[j]!.id}/${cells[j]!.accent}`,
        ).toBe(false);
    }
  }, 120_000);

  test("a worker thread speaks exactly as this thread does, and reports its errors", async () => {
    const module = await fliteModule();
    const voice: FliteVoice = { voice: "rms", durationStretch: 1.1 };
    const texts = ["My grandmother kept a tin of buttons.", "She tipped it out on rainy afternoons. I have it now."];
    const here = fliteSpeakHere(module, voice, texts, 1);
    const there = await fliteSpeakInThread(module, voice, texts, 1);
    expect(there.sampleRate).toBe(here.sampleRate);
    expect(bytes(there)).toEqual(bytes(here));
    const notFlite = await WebAssembly.compile(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
    await expect(fliteSpeakInThread(notFlite, voice, texts, 1)).rejects.toThrow(/_start/);
  }, 60_000);

  test("a long script shared between threads comes back whole and in order", async () => {
    const voice: FliteVoice = { voice: "slt", durationStretch: 1 };
    const texts = [STORY, "Then came the winter.", "The roses slept.", "And in spring they woke."];
    const here = await fliteSpeak(voice, texts, 1, undefined, { threads: 1 });
    const shared = await fliteSpeak(voice, texts, 1, undefined, { threads: 3, minChars: 0 });
    expect(shared.segments.map((s) => s.length)).toEqual([2, 1, 1, 1]);
    expect(bytes(shared)).toEqual(bytes(here));
  }, 60_000);
});

describe("flite helpers", () => {
  test("a script is split into whole texts, in order, of about equal length", () => {
    const texts = ["a".repeat(100), "b".repeat(100), "c".repeat(100), "d".repeat(100)];
    expect(splitEvenly(texts, 2)).toEqual([texts.slice(0, 2), texts.slice(2)]);
    expect(splitEvenly(texts, 1)).toEqual([texts]);
    expect(splitEvenly(["x".repeat(300), "y", "z"], 2)).toEqual([["x".repeat(300)], ["y", "z"]]);
    expect(splitEvenly(["one text"], 4)).toEqual([["one text"]]);
    expect(splitEvenly([], 2)).toEqual([[]]);
  });

  test("utterance ends add up flite's per-utterance timings", () => {
    expect(utteranceEnds("pau:0.119 hh:0.212 pau:2.174 \npau:0.175 s:1.775 pau:1.932 \n")).toEqual([
      2.174,
      2.174 + 1.932,
    ]);
    expect(utteranceEnds("")).toEqual([]);
  });
});
