// The requests themselves are tested in tests/integration/speech-server.test.ts, against a local server.
import { describe, expect, it } from "vitest";

import { parseEnv } from "~/lib/env.server";

import { configuredSpeechServer, inputPieces } from "./speech-server.server";
import { accentOfferOf, listVoices, resolveVoice, voiceOffer, voiceTag } from "./voices.server";

const emptyDir = "/nonexistent/no-piper-voices";
const KOKORO = {
  SPEECH_API_URL: "http://127.0.0.1:8880/v1/",
  SPEECH_MODEL: "kokoro",
  SPEECH_VOICES: "female-warm=af_heart, female-professional=af_sky,male-warm=am_adam,male-warm:british=bm_george",
};

describe("the speech server's configuration", () => {
  it("is off without SPEECH_API_URL, whatever else is set", () => {
    expect(configuredSpeechServer({})).toBeNull();
    expect(configuredSpeechServer({ SPEECH_MODEL: "kokoro", SPEECH_VOICES: "female-warm=af_heart" })).toBeNull();
  });

  it("reads the address, model and voices; no accent means American; unset voices are OpenAI's", () => {
    const server = configuredSpeechServer(KOKORO)!;
    expect(server).toMatchObject({ baseURL: "http://127.0.0.1:8880/v1", apiKey: null, model: "kokoro" });
    expect(server.voices).toEqual({
      "female-warm": { american: "af_heart" },
      "female-professional": { american: "af_sky" },
      "male-warm": { american: "am_adam", british: "bm_george" },
    });
    const openai = configuredSpeechServer({ SPEECH_API_URL: "https://api.openai.com/v1", SPEECH_API_KEY: "sk-x" })!;
    expect(openai).toMatchObject({ apiKey: "sk-x", model: "tts-1" });
    expect(openai.voices).toEqual({
      "female-warm": { american: "nova" },
      "female-professional": { american: "shimmer" },
      "male-warm": { american: "onyx" },
      "male-professional": { american: "echo" },
    });
    expect(configuredSpeechServer({ ...KOKORO, SPEECH_MODEL: "kokoro-v1" })!.id).not.toBe(server.id);
  });

  it("a SPEECH_VOICES that does not parse stops the server at start; a name that is not ours is left out", () => {
    expect(() =>
      parseEnv({ SPEECH_API_URL: "http://127.0.0.1:8880/v1", SPEECH_VOICES: "female-warm af_heart" }),
    ).toThrow(/SPEECH_VOICES: "female-warm af_heart" is not voice\[:accent\]=server-voice/);
    expect(() => parseEnv({ SPEECH_API_URL: "not a url" })).toThrow(/SPEECH_API_URL/);
    expect(parseEnv({ ...KOKORO }).SPEECH_MODEL).toBe("kokoro");
    expect(
      configuredSpeechServer({
        ...KOKORO,
        SPEECH_VOICES: "female-happy=af_bella,male-warm:scottish=x,male-warm=am_adam",
      })!.voices,
    ).toEqual({ "male-warm": { american: "am_adam" } });
  });

  it("a sentence longer than a request may be is cut at spaces, nothing lost", () => {
    const long = Array.from({ length: 900 }, (_, i) => `word${i}`).join(" ");
    const pieces = inputPieces(long, 1000);
    expect(pieces.every((p) => p.length <= 1000)).toBe(true);
    expect(pieces.join(" ")).toBe(long);
    expect(inputPieces(" Short one. ")).toEqual(["Short one."]);
  });
});

describe("the speech server in the voice catalogue", () => {
  const server = configuredSpeechServer(KOKORO)!;

  it("speaks the voices and accents it has, before Piper and flite; the rest stay with the local voices", () => {
    expect(resolveVoice("female-warm", "american", emptyDir, true, server)).toMatchObject({
      engine: "speech-server",
      speech: { voice: "af_heart", server: server.id },
      exact: true,
    });
    expect(resolveVoice("male-warm", "british", emptyDir, true, server)).toMatchObject({
      engine: "speech-server",
      speech: { voice: "bm_george" },
      exact: true,
    });
    expect(resolveVoice("male-professional", "american", emptyDir, true, server)).toMatchObject({
      engine: "flite",
      exact: true,
    });
    expect(resolveVoice("male-professional", "british", emptyDir, true, server)).toMatchObject({
      engine: "flite",
      flite: { voice: "awb" },
      exact: true,
    });
    // Nobody has it exactly: the server's nearest (American) voice, not called British.
    expect(resolveVoice("female-warm", "british", emptyDir, true, server)).toMatchObject({
      engine: "speech-server",
      speech: { voice: "af_heart" },
      exact: false,
    });
    expect(voiceTag(resolveVoice("male-warm", "british", emptyDir, true, server))).toBe(
      `speech-${server.id}-bm_george`,
    );
  });

  it("is offered as 'speech server' exactly where it speaks the choice; unconfigured it is nowhere", () => {
    const offer = voiceOffer(emptyDir, true, server);
    expect(offer["female-warm"]).toEqual({
      american: "speech-server",
      british: "download",
      australian: "unavailable",
      indian: "download",
    });
    expect(offer["male-warm"]).toMatchObject({ american: "speech-server", british: "speech-server" });
    expect(offer["male-professional"]).toMatchObject({ american: "built-in", british: "built-in" });
    const listed = listVoices(emptyDir, true, server).find((v) => v.id === "female-warm")!;
    expect(listed.accents.american).toMatchObject({
      engine: "speech-server",
      voice: "af_heart",
      exact: true,
      builtIn: false,
    });
    expect(accentOfferOf(listed.accents.british)).toBe("download");

    const without = voiceOffer(emptyDir, true, null);
    expect(Object.values(without).flatMap((row) => Object.values(row))).not.toContain("speech-server");
    expect(
      listVoices(emptyDir, true, null)
        .flatMap((v) => Object.values(v.accents))
        .map((a) => a.engine),
    ).not.toContain("speech-server");
  });
});
