// The third engine (decision 0155) against a local server that speaks OpenAI's /v1/audio/speech with
// flite's audio: a two-host episode, the wizard's sample and measured pace, and what happens when the
// server fails or refuses.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { renderPodcastAudio, type RenderInput } from "~/audio/render.server";
import { reachableSpeechServer } from "~/audio/speech-server.server";
import { normalizeForSpeech, splitSentences } from "~/audio/speech-text";
import { measuredPaceOf } from "~/audio/voice-pace.server";
import { sampleText, voiceSampleKey } from "~/audio/voice-sample.server";
import { voiceOffer } from "~/audio/voices.server";
import { VoiceConfigSchema } from "~/features/podcasts/schemas";
import { accentOptions } from "~/features/podcasts/voice-offer";
import { estimateEpisode } from "~/features/podcasts/wizard/episode-estimate.server";
import { getStorage } from "~/lib/storage/storage.server";
import { loader as voicesLoader } from "~/routes/api+/voices+/_layout";
import { loader as sampleLoader } from "~/routes/api+/voices+/$voiceId.sample";

import { startFakeSpeechServer, type FakeSpeechServer } from "../mocks/speech-server";
import { integratedLoudness, probe, storedPath, tempDir } from "../utils/audio-helpers";
import { callRoute, createTestUser, makeRequest } from "../utils/auth";

const API_KEY = "sk-local-speech";
const SPEECH_KEYS = ["SPEECH_API_URL", "SPEECH_API_KEY", "SPEECH_MODEL", "SPEECH_VOICES", "VOICES_DIR"] as const;
let server: FakeSpeechServer;

beforeAll(async () => {
  server = await startFakeSpeechServer({ apiKey: API_KEY });
});
afterAll(() => server.close());

function configure(
  voices = "female-warm=af_heart,female-professional=af_sky,male-warm=am_adam,male-warm:british=bm_george",
) {
  Object.assign(process.env, {
    SPEECH_API_URL: server.url,
    SPEECH_API_KEY: API_KEY,
    SPEECH_MODEL: "kokoro",
    SPEECH_VOICES: voices,
    VOICES_DIR: tempDir("no-piper-"),
  });
}
beforeEach(() => {
  configure();
  server.reset();
});
afterEach(() => {
  for (const key of SPEECH_KEYS) delete process.env[key];
});

const NARRATOR =
  "In the spring of 1938, Mr. Dahlberg carried baby me out of the flood. We lived on St. Paul Ave. until 1946–1971.";
const INTERVIEWER = "Who was Mr. Dahlberg? And the house on St. Paul Ave.?";

const episode = (overrides: Partial<RenderInput> = {}): RenderInput => ({
  podcastId: `speech-${Math.random().toString(36).slice(2, 10)}`,
  title: "The flood of 1938",
  familyName: "Dahlberg",
  segments: [
    { speaker: "host2", text: INTERVIEWER, chapter: "The flood" },
    { speaker: "host1", text: NARRATOR, chapter: "The flood" },
    { speaker: "host2", text: "Thank you for telling us.", chapter: "The flood" },
  ],
  hosts: {
    host1: { voice: "female-warm", accent: "american", speed: 1 },
    host2: { voice: "male-warm", accent: "british", speed: 1.2 },
  },
  backgroundMusic: "none",
  introOutro: "none",
  quality: "standard",
  ...overrides,
});

describe("an episode spoken by an OpenAI-compatible speech server", () => {
  test("two hosts, each the server's voice for their choice, reading the speech front-end's text sentence by sentence", async () => {
    const result = await renderPodcastAudio(episode());
    expect(result.engine).toBe("speech-server");
    expect(result.voices.host1).toMatchObject({ engine: "speech-server", speech: { voice: "af_heart" }, exact: true });
    expect(result.voices.host2).toMatchObject({ engine: "speech-server", speech: { voice: "bm_george" }, exact: true });

    // Every request as OpenAI's API has it: the key, the model, the voice, WAV, the host's speed.
    expect(server.requests.every((r) => r.status === 200 && r.authorization === `Bearer ${API_KEY}`)).toBe(true);
    expect(new Set(server.requests.map((r) => JSON.stringify([r.body.model, r.body.response_format])))).toEqual(
      new Set([JSON.stringify(["kokoro", "wav"])]),
    );
    const said = (voice: string) => server.requests.filter((r) => r.body.voice === voice);
    expect(said("af_heart").map((r) => r.body.speed)).toEqual(said("af_heart").map(() => 1));
    expect(said("bm_george").map((r) => r.body.speed)).toEqual(said("bm_george").map(() => 1.2));
    // The same front-end as every engine: what each host was given is its lines, normalized and split, in order.
    const frontEnd = (...lines: string[]) => lines.flatMap((line) => splitSentences(normalizeForSpeech(line)));
    expect(said("af_heart").map((r) => r.body.input)).toEqual(frontEnd(NARRATOR));
    expect(
      said("bm_george")
        .map((r) => r.body.input)
        .sort(),
    ).toEqual(frontEnd(INTERVIEWER, "Thank you for telling us.").sort());
    // Numbers reach the server written out, as they reach the local engines.
    expect(server.requests.map((r) => r.body.input).join(" ")).not.toMatch(/\d/);
    expect(said("af_heart")).toHaveLength(2);

    const file = storedPath(result.audioKey);
    const probed = await probe(file);
    expect(Number(probed.format.duration)).toBeCloseTo(result.duration, 1);
    expect(result.duration).toBeGreaterThan(4);
    expect(probed.chapters.map((c) => c.tags?.title)).toEqual(["The flood"]);
    expect(await integratedLoudness(file)).toBeGreaterThan(-20);
  }, 60_000);

  test("the wizard's voices, sample and length estimate are the server's voice", async () => {
    const { cookie } = await createTestUser();
    const listing = (await (await callRoute(voicesLoader, makeRequest("/api/voices", { cookie }))).json()) as {
      voices: Array<{ id: string; accents: Record<string, { engine: string; voice: string }> }>;
    };
    expect(listing.voices.find((v) => v.id === "male-warm")!.accents.british).toMatchObject({
      engine: "speech-server",
      voice: "bm_george",
    });
    expect(voiceOffer()["male-warm"].british).toBe("speech-server");
    expect(accentOptions(voiceOffer(), "male-warm", ["british"], { british: "British" }, true)).toEqual([
      { value: "british", label: "British — speech service", disabled: false },
    ]);

    const key = voiceSampleKey("male-warm", "british");
    expect(key).toMatch(/-speech-[0-9a-f]{8}-bm_george\.mp3$/);
    await getStorage().remove(key);
    const sample = await callRoute(
      sampleLoader,
      makeRequest("/api/voices/male-warm/sample?accent=british", { cookie }),
      { voiceId: "male-warm" },
    );
    expect(sample.status).toBe(200);
    expect(sample.headers.get("Content-Type")).toBe("audio/mpeg");
    expect(Number((await probe(storedPath(key))).format.duration)).toBeGreaterThan(1);
    expect(server.requests.map((r) => [r.body.voice, r.body.input])).toEqual(
      splitSentences(normalizeForSpeech(sampleText("male-warm"))).map((s) => ["bm_george", s]),
    );

    server.reset();
    const story = { title: "The flood", content: `${NARRATOR} ${NARRATOR}` };
    const voice = VoiceConfigSchema.parse({ primaryVoice: "female-warm", primaryAccent: "american" });
    expect(estimateEpisode(story, voice).measured).toBe(false);
    const pace = await measuredPaceOf("female-warm", "american");
    expect(pace.measured).toBe(true);
    // flite at speed 1 says 150-250 words a minute; a broken measure would be far outside.
    expect(pace.wordsPerMinute).toBeGreaterThan(100);
    expect(pace.wordsPerMinute).toBeLessThan(350);
    expect(server.requests.length).toBeGreaterThan(5);
    expect(server.requests.every((r) => r.body.voice === "af_heart")).toBe(true);
    // The wizard's estimate now reads the server voice's measured pace.
    expect(estimateEpisode(story, voice).measured).toBe(true);
  }, 120_000);

  test("a server that fails on its side costs the voice, not the episode: that host speaks with flite", async () => {
    server.failNext(503, 1000);
    const result = await renderPodcastAudio(
      episode({
        hosts: { host1: { voice: "female-warm", accent: "american", speed: 1 } },
        segments: [{ speaker: "host1", text: NARRATOR }],
      }),
    );
    expect(result.voices.host1).toMatchObject({ engine: "flite", voiceId: "female-warm", exact: true });
    expect(result.engine).toBe("flite");
    expect(server.requests.length).toBeGreaterThan(0);

    // Nothing listening at the address at all: the same.
    process.env.SPEECH_API_URL = "http://127.0.0.1:9/v1";
    const unreachable = await renderPodcastAudio(
      episode({
        hosts: { host1: { voice: "male-warm", accent: "british", speed: 1 } },
        segments: [{ speaker: "host1", text: INTERVIEWER }],
      }),
    );
    expect(unreachable.voices.host1).toMatchObject({ engine: "flite", flite: { voice: "awb" } });
  }, 60_000);

  test("offline (nothing answers at the address) the server is not offered, and samples are the local voice's", async () => {
    process.env.SPEECH_API_URL = "http://127.0.0.1:9/v1";
    expect(await reachableSpeechServer()).toBeNull();
    const offer = voiceOffer();
    expect(Object.values(offer).flatMap((row) => Object.values(row))).not.toContain("speech-server");
    expect(offer["male-warm"].british).toBe("built-in");
    expect(voiceSampleKey("male-warm", "british")).toMatch(/-flite-awb-[\d.]+\.mp3$/);
    // The configured server is back: offered again once it answers.
    configure();
    expect(await reachableSpeechServer()).not.toBeNull();
    expect(voiceOffer()["male-warm"].british).toBe("speech-server");
  });

  test("a sample is never filed under the server's voice when the server failed to make it", async () => {
    const { cookie } = await createTestUser();
    const key = voiceSampleKey("female-warm", "american");
    expect(key).toMatch(/-speech-[0-9a-f]{8}-af_heart\.mp3$/);
    await getStorage().remove(key);
    server.failNext(503, 1000);
    const sample = await callRoute(sampleLoader, makeRequest("/api/voices/female-warm/sample", { cookie }), {
      voiceId: "female-warm",
    });
    expect(sample.status).toBe(500);
    expect(await getStorage().size(key)).toBeNull();
  }, 60_000);

  test("a voice the server does not have fails the episode with the server's answer", async () => {
    configure("female-warm=af_nobody");
    await expect(
      renderPodcastAudio(
        episode({
          hosts: { host1: { voice: "female-warm", accent: "american", speed: 1 } },
          segments: [{ speaker: "host1", text: NARRATOR }],
        }),
      ),
    ).rejects.toThrow(/The speech server refused voice "af_nobody" \(400\): .*Voice 'af_nobody' not found/);
  });
});
