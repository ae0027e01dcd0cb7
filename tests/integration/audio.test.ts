// A story becomes an MP3 through the real pipeline: Piper's phonemizer (wasm), onnxruntime-node running
// a tiny model with Piper's exact interface, the built-in flite voices, the espeak-ng last resort, and ffmpeg. ffprobe and
// ebur128 read the results back.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { ACCENTS, VOICE_IDS } from "~/audio/audio-options";
import { espeakSpeak } from "~/audio/espeak.server";
import { fliteSpeak } from "~/audio/flite.server";
import { MIX_RATE, mixToWav } from "~/audio/mix.server";
import { stingSeconds } from "~/audio/music.server";
import { readPiperConfig } from "~/audio/piper-files.server";
import { phonemize, piperSpeak } from "~/audio/piper.server";
import { sampleQueue } from "~/audio/render-queue.server";
import {
  renderPodcastAudio,
  renderPodcastAudioInWorker,
  type RenderInput,
  type RenderStage,
} from "~/audio/render.server";
import { normalizeForSpeech } from "~/audio/speech-text";
import { EDGES, PAUSES } from "~/audio/timeline";
import { speakerTag } from "~/audio/voice-sample.server";
import { espeakVoiceFor, FLITE_VOICE_MAP, resolveVoice } from "~/audio/voices.server";
import { decodeWav } from "~/audio/wav";
import { getStorage } from "~/lib/storage/storage.server";
import { loader as voicesLoader } from "~/routes/api+/voices+/_layout";
import { loader as sampleLoader } from "~/routes/api+/voices+/$voiceId.sample";

import {
  FAKE_MULTI,
  FAKE_SAMPLE_RATE,
  FAKE_SINGLE,
  fakeSentenceSamples,
  makeFakePiperVoices,
  writeFakePiperVoice,
} from "../fixtures/make-fake-piper";
import { decodeMono, integratedLoudness, probe, rmsDb, storedPath, tempDir } from "../utils/audio-helpers";
import { callRoute, createTestUser, makeRequest } from "../utils/auth";

const piperDir = makeFakePiperVoices(tempDir("fake-piper-"));
const emptyDir = tempDir("no-voices-");
const useVoices = (dir: string) => (process.env.VOICES_DIR = dir);

afterAll(() => {
  for (const dir of [piperDir, emptyDir]) fs.rmSync(dir, { recursive: true, force: true });
  delete process.env.VOICES_DIR;
});

const GARDEN = "Grandma kept a garden behind the house. Every summer it was full of roses!";
const WINTER = "Then came the winter of 1962. The snow reached the windows.";

const baseInput = (overrides: Partial<RenderInput> = {}): RenderInput => ({
  podcastId: `test-${Math.random().toString(36).slice(2, 10)}`,
  title: "Grandma's Garden",
  familyName: "Miller",
  segments: [
    { speaker: "host1", text: GARDEN, chapter: "The Garden" },
    { speaker: "host1", text: WINTER, chapter: "The Winter of 1962" },
  ],
  hosts: { host1: { voice: "female-warm", accent: "american", speed: 1 } },
  backgroundMusic: "none",
  introOutro: "none",
  quality: "standard",
  ...overrides,
});

/** Expected seconds of a render: the voice's own sentence lengths, our pauses and edges, the stings. */
function expectedSeconds(
  blocks: Array<{ sentences: number[]; chapter?: string }>,
  sampleRate: number,
  music: boolean,
  introOutro: RenderInput["introOutro"],
) {
  const edges = music ? EDGES.withMusic : EDGES.plain;
  let seconds = edges.leadIn + edges.tail + stingSeconds(introOutro, "intro") + stingSeconds(introOutro, "outro");
  blocks.forEach((block, i) => {
    seconds += block.sentences.reduce((a, b) => a + b, 0) / sampleRate + (block.sentences.length - 1) * PAUSES.sentence;
    if (i > 0)
      seconds += block.chapter !== undefined && block.chapter !== blocks[i - 1]!.chapter ? PAUSES.chapter : PAUSES.turn;
  });
  return seconds;
}

/** Sentence lengths the fake Piper voice makes for `text` at `speed`: floor(256 × length_scale) per phoneme id. */
async function fakePiperSentences(text: string, speed: number, model = FAKE_SINGLE) {
  const [sentences] = await phonemize([normalizeForSpeech(text)], readPiperConfig(model, piperDir));
  return sentences!.map((s) => fakeSentenceSamples(s.ids.length, speed));
}

describe("Piper path (fake model, real phonemizer, onnxruntime-node and ffmpeg)", () => {
  beforeAll(() => useVoices(piperDir));

  test("the phonemizer splits sentences at Piper's 1 … 2 runs and maps phonemes with the voice's map", async () => {
    const [sentences] = await phonemize([GARDEN], readPiperConfig(FAKE_SINGLE, piperDir));
    expect(sentences).toHaveLength(2);
    for (const s of sentences!) {
      expect(s.ids[0]).toBe(1);
      expect(s.ids.at(-1)).toBe(2);
      expect(s.ids.length).toBe(2 * s.phonemes.length + 3);
    }
    expect(sentences![0]!.phonemes.join("")).toContain("ɡ");
  });

  test("a story becomes a tagged MP3 with chapters, the expected duration and -16 LUFS", async () => {
    const stages: RenderStage[] = [];
    const input = baseInput({ onStage: (stage) => stages.push(stage) });
    const result = await renderPodcastAudio(input);

    expect(result).toMatchObject({ audioKey: `podcasts/${input.podcastId}.mp3`, engine: "piper" });
    expect(result.voices.host1).toMatchObject({ engine: "piper", model: FAKE_SINGLE, exact: true });
    expect(stages).toEqual(["phonemize", "inference", "mixing", "encode"]);

    const file = storedPath(result.audioKey);
    expect(fs.statSync(file).size).toBe(result.fileSize);
    const info = await probe(file);
    expect(info.streams[0]).toMatchObject({ codec_name: "mp3", sample_rate: "44100", channels: 1 });
    expect(Number(info.format.bit_rate)).toBeGreaterThan(120_000);
    expect(Number(info.format.bit_rate)).toBeLessThan(136_000);
    expect(info.format.tags).toMatchObject({
      title: "Grandma's Garden",
      artist: "Miller",
      album: "Miller Family Stories",
    });

    const garden = await fakePiperSentences(GARDEN, 1);
    const winter = await fakePiperSentences(WINTER, 1);
    const expected = expectedSeconds(
      [
        { sentences: garden, chapter: "The Garden" },
        { sentences: winter, chapter: "The Winter of 1962" },
      ],
      FAKE_SAMPLE_RATE,
      false,
      "none",
    );
    expect(Math.abs(result.duration - expected)).toBeLessThan(0.1);
    expect(Number(info.format.duration)).toBeCloseTo(result.duration, 3);

    // One chapter per story; the second starts where its first sentence does.
    const secondStart =
      EDGES.plain.leadIn +
      garden.reduce((a, b) => a + b, 0) / FAKE_SAMPLE_RATE +
      (garden.length - 1) * PAUSES.sentence +
      PAUSES.chapter;
    expect(info.chapters.map((c) => c.tags?.title)).toEqual(["The Garden", "The Winter of 1962"]);
    expect(Number(info.chapters[0]!.start_time)).toBe(0);
    expect(Number(info.chapters[1]!.start_time)).toBeCloseTo(secondStart, 2);

    expect(Math.abs((await integratedLoudness(file)) - -16)).toBeLessThan(1);
  }, 60_000);

  test("speed shortens the speech through length_scale; premium is 192 kbps", async () => {
    const input = baseInput({
      segments: [{ speaker: "host1", text: GARDEN }],
      hosts: { host1: { voice: "female-warm", accent: "american", speed: 1.5 } },
      quality: "premium",
    });
    const fast = await renderPodcastAudio(input);
    const sentences = await fakePiperSentences(GARDEN, 1.5);
    expect(Math.abs(fast.duration - expectedSeconds([{ sentences }], FAKE_SAMPLE_RATE, false, "none"))).toBeLessThan(
      0.1,
    );
    const normal = expectedSeconds(
      [{ sentences: await fakePiperSentences(GARDEN, 1) }],
      FAKE_SAMPLE_RATE,
      false,
      "none",
    );
    expect(fast.duration).toBeLessThan(normal - 0.5);
    expect(Number((await probe(storedPath(fast.audioKey))).format.bit_rate)).toBeGreaterThan(185_000);
  }, 60_000);

  test("multi-speaker voices get their sid: same length, a different voice", async () => {
    const indianMan = resolveVoice("male-warm", "indian");
    const indianWoman = resolveVoice("female-warm", "indian");
    expect(indianMan).toMatchObject({ engine: "piper", model: FAKE_MULTI, speaker: "p251", speakerId: 2 });
    expect(indianWoman).toMatchObject({ engine: "piper", model: FAKE_MULTI, speaker: "p248", speakerId: 1 });

    const say = (speakerId: number) => piperSpeak({ model: FAKE_MULTI, speakerId }, ["Hello there."], 1);
    const [a, b] = [await say(1), await say(2)];
    const pa = a.segments[0]![0]!;
    const pb = b.segments[0]![0]!;
    expect(pa.length).toBe(pb.length);
    // The fake voice is 40 Hz higher per speaker id: more zero crossings.
    const crossings = (x: Float32Array) =>
      x.reduce((n, v, i) => n + (i > 0 && Math.sign(v) !== Math.sign(x[i - 1]!) ? 1 : 0), 0);
    expect(crossings(pb)).toBeGreaterThan(crossings(pa));
  }, 30_000);

  test("two hosts with intro/outro stings and a music bed under the voice", async () => {
    const input = baseInput({
      segments: [
        { speaker: "host1", text: GARDEN, chapter: "The Garden" },
        { speaker: "host2", text: "I remember the roses.", chapter: "The Garden" },
      ],
      hosts: {
        host1: { voice: "female-warm", accent: "american", speed: 1 },
        host2: { voice: "male-warm", accent: "indian", speed: 1 },
      },
      backgroundMusic: "gentle-piano",
      introOutro: "standard",
      intro: "Welcome to the Miller family podcast.",
      outro: "Thanks for listening.",
    });
    const withMusic = await renderPodcastAudio(input);
    expect(withMusic.engine).toBe("piper");

    const blocks = [
      { sentences: await fakePiperSentences(input.intro!, 1) },
      { sentences: await fakePiperSentences(GARDEN, 1), chapter: "The Garden" },
      { sentences: await fakePiperSentences("I remember the roses.", 1, FAKE_MULTI), chapter: "The Garden" },
      { sentences: await fakePiperSentences(input.outro!, 1) },
    ];
    const expected = expectedSeconds(blocks, FAKE_SAMPLE_RATE, true, "standard");
    expect(Math.abs(withMusic.duration - expected)).toBeLessThan(0.1);
    expect(Math.abs((await integratedLoudness(storedPath(withMusic.audioKey))) - -16)).toBeLessThan(1);

    // After the intro sting and before the first word only the bed plays; without music it is silent there.
    const silent = await renderPodcastAudio({
      ...input,
      podcastId: `${input.podcastId}-quiet`,
      backgroundMusic: "none",
    });
    const rate = 22050;
    const introEnd = stingSeconds("standard", "intro");
    const musicSamples = await decodeMono(storedPath(withMusic.audioKey), rate);
    const quietSamples = await decodeMono(storedPath(silent.audioKey), rate);
    const bedLevel = rmsDb(musicSamples, rate, introEnd + 1.5, introEnd + EDGES.withMusic.leadIn - 0.05);
    expect(bedLevel).toBeGreaterThan(-50);
    expect(rmsDb(quietSamples, rate, introEnd + 0.1, introEnd + EDGES.plain.leadIn - 0.05)).toBeLessThan(-70);
    // The intro sting really plays.
    expect(rmsDb(musicSamples, rate, 0.1, 1.5)).toBeGreaterThan(-40);
  }, 90_000);

  test("hosts whose voices run at different sample rates are joined at the higher one", async () => {
    // A "low" Piper voice runs at 16 kHz: put one beside the 22.05 kHz test voice.
    const mixedDir = tempDir("mixed-rates-");
    writeFakePiperVoice(mixedDir, FAKE_SINGLE);
    writeFakePiperVoice(mixedDir, "en_US-norman-medium", { sampleRate: 16000 });
    useVoices(mixedDir);
    try {
      const input = baseInput({
        segments: [
          { speaker: "host1", text: GARDEN },
          { speaker: "host2", text: WINTER },
        ],
        hosts: {
          host1: { voice: "female-warm", accent: "american", speed: 1 },
          host2: { voice: "male-professional", accent: "american", speed: 1 },
        },
      });
      const result = await renderPodcastAudio(input);
      expect(result.voices.host2).toMatchObject({ engine: "piper", model: "en_US-norman-medium" });
      const [garden] = await phonemize([normalizeForSpeech(GARDEN)], readPiperConfig(FAKE_SINGLE, mixedDir));
      const [winter] = await phonemize([normalizeForSpeech(WINTER)], readPiperConfig("en_US-norman-medium", mixedDir));
      // Host 2's sentences keep their length in seconds: samples at 16 kHz, counted as 22.05 kHz time.
      const host2 = winter!.map((s) => (fakeSentenceSamples(s.ids.length, 1) * FAKE_SAMPLE_RATE) / 16000);
      const expected = expectedSeconds(
        [{ sentences: garden!.map((s) => fakeSentenceSamples(s.ids.length, 1)) }, { sentences: host2 }],
        FAKE_SAMPLE_RATE,
        false,
        "none",
      );
      expect(Math.abs(result.duration - expected)).toBeLessThan(0.1);
    } finally {
      useVoices(piperDir);
      fs.rmSync(mixedDir, { recursive: true, force: true });
    }
  }, 60_000);

  test("the bed ducks under speech and comes back in the pauses", async () => {
    const rate = MIX_RATE;
    // 2 s of nothing, 3 s of "speech", 5 s of nothing (the bed fades out over the last 2.5 s).
    const voice = new Float32Array(rate * 10);
    for (let i = 2 * rate; i < 5 * rate; i++)
      voice[i] = 0.4 * Math.sin((2 * Math.PI * 220 * i) / rate) * (0.6 + 0.4 * Math.sin((2 * Math.PI * 4 * i) / rate));
    const dir = tempDir("duck-");
    const mix = async (backgroundMusic: "warm" | "none") => {
      const out = path.join(dir, `${backgroundMusic}.wav`);
      const { duration } = await mixToWav(
        { speech: { samples: voice, sampleRate: rate }, backgroundMusic, introOutro: "none" },
        out,
      );
      expect(duration).toBe(10);
      const { channels, sampleRate } = decodeWav(fs.readFileSync(out));
      expect({ channels: channels.length, sampleRate }).toEqual({ channels: 1, sampleRate: MIX_RATE });
      return channels[0]!;
    };
    // The same voice mixed without music, taken away, leaves the (ducked) bed.
    const voiceOnly = await mix("none");
    const bed = (await mix("warm")).map((x, i) => x - voiceOnly[i]!);
    const inPause = rmsDb(bed, rate, 1.5, 1.95);
    const underSpeech = rmsDb(bed, rate, 2.5, 4.9);
    const afterSpeech = rmsDb(bed, rate, 6.2, 7.2);
    expect(inPause).toBeGreaterThan(-50);
    expect(inPause - underSpeech).toBeGreaterThan(8);
    expect(afterSpeech - underSpeech).toBeGreaterThan(8);
    console.info(
      `bed: ${inPause.toFixed(1)} dBFS in the pause, ${underSpeech.toFixed(1)} under speech, ${afterSpeech.toFixed(1)} after`,
    );
  }, 60_000);

  test("the worker process renders the same way, reporting its stages", async () => {
    const stages: Array<[RenderStage, number]> = [];
    const input = baseInput({
      segments: [{ speaker: "host1", text: "A short story, told in a worker." }],
      onStage: (stage, ms) => stages.push([stage, ms]),
    });
    const result = await renderPodcastAudioInWorker(input);
    expect(result).toMatchObject({ audioKey: `podcasts/${input.podcastId}.mp3`, engine: "piper" });
    expect(stages.map(([s]) => s)).toEqual(["phonemize", "inference", "mixing", "encode"]);
    expect(stages.every(([, ms]) => ms >= 0)).toBe(true);
    expect((await probe(storedPath(result.audioKey))).streams[0]!.codec_name).toBe("mp3");
    // Bad input is refused before a process starts; a failure inside the worker comes back as an error.
    await expect(
      renderPodcastAudioInWorker({ ...input, segments: [{ speaker: "host2", text: "No host two." }] }),
    ).rejects.toThrow(/host2/);
    await expect(
      renderPodcastAudioInWorker({ ...input, segments: [{ speaker: "host1", text: "** __ **" }] }),
    ).rejects.toThrow("The script has nothing to read");
  }, 60_000);
});

describe("flite path (no Piper voice installed: what a fresh machine speaks)", () => {
  beforeAll(() => useVoices(emptyDir));

  test("a two-host story becomes an MP3 spoken by flite, with the expected duration", async () => {
    const input = baseInput({
      segments: [
        { speaker: "host1", text: GARDEN, chapter: "The Garden" },
        { speaker: "host2", text: WINTER, chapter: "The Garden" },
      ],
      hosts: {
        host1: { voice: "female-warm", accent: "american", speed: 1 },
        host2: { voice: "male-professional", accent: "british", speed: 1.2 },
      },
    });
    const result = await renderPodcastAudio(input);
    expect(result.engine).toBe("flite");
    expect(result.voices.host1).toMatchObject({ engine: "flite", flite: { voice: "slt" }, exact: true });
    expect(result.voices.host2).toMatchObject({ engine: "flite", flite: { voice: "awb" }, exact: true });

    // In samples at the episode's 16 kHz: Grace's lowered voice comes at 14.24 kHz and is resampled.
    const lengths = async (
      voiceId: "female-warm" | "male-professional",
      accent: "american" | "british",
      text: string,
      speed: number,
    ) => {
      const { sampleRate, segments } = await fliteSpeak(
        FLITE_VOICE_MAP[voiceId][accent]!,
        [normalizeForSpeech(text)],
        speed,
      );
      return segments[0]!.map((s) => Math.round((s.length * 16000) / sampleRate));
    };
    const host1 = await lengths("female-warm", "american", GARDEN, 1);
    const host2 = await lengths("male-professional", "british", WINTER, 1.2);
    const expected = expectedSeconds(
      [
        { sentences: host1, chapter: "The Garden" },
        { sentences: host2, chapter: "The Garden" },
      ],
      16000,
      false,
      "none",
    );
    expect(Math.abs(result.duration - expected)).toBeLessThan(0.1);
    expect(expected).toBeGreaterThan(5);
    expect(Math.abs((await integratedLoudness(storedPath(result.audioKey))) - -16)).toBeLessThan(1);
  }, 60_000);

  test("every choice flite speaks has a sample of its own", () => {
    const tags = VOICE_IDS.flatMap((id) =>
      ACCENTS.filter((a) => resolveVoice(id, a).exact).map((a) => speakerTag(id, a)),
    );
    expect(tags).toHaveLength(6);
    expect(new Set(tags).size).toBe(tags.length);
  });
});

describe("espeak-ng path (no Piper voice, flite missing)", () => {
  const flite = process.env.FLITE_WASM;
  beforeAll(() => {
    useVoices(emptyDir);
    process.env.FLITE_WASM = path.join(emptyDir, "flite.wasm");
  });
  afterAll(() => {
    if (flite === undefined) delete process.env.FLITE_WASM;
    else process.env.FLITE_WASM = flite;
  });

  test("a two-host story becomes an MP3 spoken by espeak-ng, with the expected duration; speed shortens it", async () => {
    const input = baseInput({
      segments: [
        { speaker: "host1", text: GARDEN, chapter: "The Garden" },
        { speaker: "host2", text: WINTER, chapter: "The Garden" },
      ],
      hosts: {
        host1: { voice: "female-warm", accent: "british", speed: 1 },
        host2: { voice: "male-professional", accent: "american", speed: 1.3 },
      },
    });
    const result = await renderPodcastAudio(input);
    expect(result.engine).toBe("espeak");
    expect(result.voices.host1).toMatchObject({ engine: "espeak", espeak: { voice: "en-gb-x-rp+f3" } });

    const info = await probe(storedPath(result.audioKey));
    expect(info.streams[0]!.codec_name).toBe("mp3");
    expect(info.format.tags).toMatchObject({ title: "Grandma's Garden", artist: "Miller" });

    const lengths = async (voice: Parameters<typeof espeakVoiceFor>, text: string, speed: number) =>
      (await espeakSpeak(espeakVoiceFor(...voice), [normalizeForSpeech(text)], speed)).segments[0]!.map(
        (s) => s.length,
      );
    const host1 = await lengths(["female-warm", "british"], GARDEN, 1);
    const host2 = await lengths(["male-professional", "american"], WINTER, 1.3);
    const expected = expectedSeconds(
      [
        { sentences: host1, chapter: "The Garden" },
        { sentences: host2, chapter: "The Garden" },
      ],
      22050,
      false,
      "none",
    );
    expect(Math.abs(result.duration - expected)).toBeLessThan(0.1);
    expect(expected).toBeGreaterThan(6);

    // Faster speech, shorter sentences.
    const slow = (await lengths(["male-professional", "american"], WINTER, 1)).reduce((a, b) => a + b, 0);
    expect(host2.reduce((a, b) => a + b, 0)).toBeLessThan(slow * 0.85);
    expect(Math.abs((await integratedLoudness(storedPath(result.audioKey))) - -16)).toBeLessThan(1);
  }, 60_000);
});

describe("GET /api/voices and /api/voices/:id/sample", () => {
  test("signed-out callers get 401", async () => {
    expect((await callRoute(voicesLoader, makeRequest("/api/voices"))).status).toBe(401);
    expect(
      (await callRoute(sampleLoader, makeRequest("/api/voices/female-warm/sample"), { voiceId: "female-warm" })).status,
    ).toBe(401);
  });

  test("lists the voices with the engine that speaks each accent here", async () => {
    useVoices(piperDir);
    const { cookie } = await createTestUser();
    const response = await callRoute(voicesLoader, makeRequest("/api/voices", { cookie }));
    expect(response.status).toBe(200);
    const { voices } = (await response.json()) as {
      voices: Array<{
        id: string;
        name: string;
        category: string;
        gender: string;
        engine: string;
        accents: Record<string, { engine: string; voice: string }>;
      }>;
    };
    expect(voices.map((v) => v.id)).toEqual(["female-warm", "female-professional", "male-warm", "male-professional"]);
    expect(voices[0]).toMatchObject({ name: "Grace", category: "warm", gender: "female", engine: "piper" });
    expect(voices[0]!.accents.american).toMatchObject({ engine: "piper", voice: FAKE_SINGLE });
    expect(voices[3]!.accents.american).toMatchObject({ engine: "flite", voice: "rms", builtIn: true });
    expect(voices[2]!.accents.australian).toMatchObject({ engine: "piper", voice: FAKE_MULTI });
  });

  test("a sample is an MP3, rendered once in the worker and then served from storage", async () => {
    useVoices(emptyDir);
    const { cookie } = await createTestUser();
    const request = () => makeRequest("/api/voices/male-warm/sample?accent=british", { cookie });
    const renders = sampleQueue.stats().started;
    const first = await callRoute(sampleLoader, request(), { voiceId: "male-warm" });
    expect(sampleQueue.stats().started).toBe(renders + 1);
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("audio/mpeg");
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.length).toBe(Number(first.headers.get("Content-Length")));
    const file = path.join(tempDir("sample-"), "sample.mp3");
    fs.writeFileSync(file, bytes);
    const info = await probe(file);
    expect(info.streams[0]!.codec_name).toBe("mp3");
    expect(Number(info.format.duration)).toBeGreaterThan(2);
    expect(Number(info.format.duration)).toBeLessThan(8);

    const key = "voice-samples/v2/male-warm-british-flite-awb-1.1.mp3";
    expect(await getStorage().size(key)).toBe(bytes.length);
    // From storage: no second render (counted, not timed: a clock failed on a loaded machine).
    const again = await callRoute(sampleLoader, request(), { voiceId: "male-warm" });
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    expect(sampleQueue.stats().started).toBe(renders + 1);
  }, 60_000);

  test("unknown voices answer 404 and unknown accents 400, as JSON", async () => {
    const { cookie } = await createTestUser();
    const missing = await callRoute(sampleLoader, makeRequest("/api/voices/robot/sample", { cookie }), {
      voiceId: "robot",
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Voice not found" });
    const badAccent = await callRoute(
      sampleLoader,
      makeRequest("/api/voices/female-warm/sample?accent=martian", { cookie }),
      { voiceId: "female-warm" },
    );
    expect(badAccent.status).toBe(400);
  });
});
