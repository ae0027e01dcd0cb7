import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";

import { ACCENTS, VOICE_IDS } from "./audio-options";
import { installedPiperVoices } from "./piper-files.server";
import {
  configuredPiperModels,
  espeakVoiceFor,
  FLITE_VOICE_MAP,
  isFliteInstalled,
  listVoices,
  piperCandidates,
  piperVoiceUrl,
  resolveVoice,
  speakerIdFor,
  VOICE_PERSONAS,
} from "./voices.server";

let dir: string;

function install(model: string, speakers: string[] = []) {
  fs.writeFileSync(path.join(dir, `${model}.onnx`), "onnx");
  fs.writeFileSync(
    path.join(dir, `${model}.onnx.json`),
    JSON.stringify({
      num_speakers: Math.max(1, speakers.length),
      speaker_id_map: Object.fromEntries(speakers.map((s, i) => [s, i])),
    }),
  );
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "voices-unit-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("voice map", () => {
  test("every voice and accent has a Piper voice to try, nearest first", () => {
    for (const id of VOICE_IDS) {
      for (const accent of ACCENTS) {
        const candidates = piperCandidates(id, accent);
        expect(candidates.length).toBeGreaterThan(0);
        expect(candidates.every((c) => VOICE_PERSONAS[c.voiceId].gender === VOICE_PERSONAS[id].gender)).toBe(true);
      }
    }
  });

  test("an accent without a voice of its own falls back to the nearest accent", () => {
    const chain = piperCandidates("female-warm", "australian").map((c) => `${c.accent}:${c.model}`);
    expect(chain[0]).toBe("british:en_GB-jenny_dioco-medium");
    expect(chain.at(-1)).toMatch(/^american:/);
    // The chosen accent beats the chosen style: an Indian professional woman tries the Indian warm voice before any British one.
    expect(
      piperCandidates("female-professional", "indian")
        .slice(0, 2)
        .map((c) => c.accent),
    ).toEqual(["indian", "indian"]);
  });

  test("configured voices are real Piper voice names with Hugging Face addresses", () => {
    const models = configuredPiperModels();
    expect(models).toContain("en_US-lessac-medium");
    expect(models).toContain("en_GB-vctk-medium");
    for (const model of models) expect(model).toMatch(/^en_(US|GB)-[a-z0-9_]+-(x_low|low|medium|high)$/);
    expect(piperVoiceUrl("en_GB-northern_english_male-medium", "onnx.json")).toBe(
      "https://huggingface.co/rhasspy/piper-voices/resolve/v1.0.0/en/en_GB/northern_english_male/medium/en_GB-northern_english_male-medium.onnx.json",
    );
  });
});

describe("resolveVoice", () => {
  test("with no Piper voice installed flite speaks: each voice in American, the men also British", () => {
    expect(resolveVoice("female-warm", "american", dir)).toMatchObject({
      engine: "flite",
      flite: { voice: "slt" },
      exact: true,
    });
    expect(resolveVoice("male-warm", "american", dir)).toMatchObject({
      engine: "flite",
      flite: { voice: "rms" },
      exact: true,
    });
    expect(resolveVoice("male-professional", "british", dir)).toMatchObject({
      engine: "flite",
      flite: { voice: "awb" },
      exact: true,
    });
    expect(FLITE_VOICE_MAP["female-warm"].american!.durationStretch).toBeGreaterThan(
      FLITE_VOICE_MAP["female-professional"].american!.durationStretch,
    );
    expect(resolveVoice("male-warm", "indian", dir)).toMatchObject({
      engine: "flite",
      flite: { voice: "awb" },
      exact: false,
    });
    expect(resolveVoice("female-warm", "british", dir)).toMatchObject({
      engine: "flite",
      flite: { voice: "slt" },
      exact: false,
    });
  });

  test("espeak-ng speaks only when flite is missing, per accent and style", () => {
    const r = resolveVoice("female-warm", "british", dir, false);
    expect(r).toMatchObject({ engine: "espeak", espeak: { voice: "en-gb-x-rp+f3" }, exact: true });
    expect(resolveVoice("male-warm", "indian", dir, false)).toMatchObject({ engine: "espeak", exact: false });
    expect(espeakVoiceFor("male-professional", "american").voice).toBe("en-us+m1");
    expect(espeakVoiceFor("male-warm", "indian").voice).toBe("en+m3");
    expect(espeakVoiceFor("female-warm", "american").wpm).toBeLessThan(
      espeakVoiceFor("female-professional", "american").wpm,
    );
    expect(espeakVoiceFor("female-warm", "american").pitch).toBeLessThan(
      espeakVoiceFor("female-professional", "american").pitch,
    );
    const missing = process.env.FLITE_WASM;
    process.env.FLITE_WASM = path.join(dir, "no-such-flite.wasm");
    try {
      expect(isFliteInstalled()).toBe(false);
      expect(resolveVoice("male-warm", "american", dir).engine).toBe("espeak");
    } finally {
      if (missing === undefined) delete process.env.FLITE_WASM;
      else process.env.FLITE_WASM = missing;
    }
    expect(isFliteInstalled()).toBe(true);
  });

  test("an installed voice is used exactly; a missing one: flite's exact voice, else the nearest installed one", () => {
    install("en_US-lessac-medium");
    expect(resolveVoice("female-warm", "american", dir)).toMatchObject({
      engine: "piper",
      model: "en_US-lessac-medium",
      exact: true,
    });
    expect(resolveVoice("female-professional", "american", dir)).toMatchObject({ engine: "flite", exact: true });
    // Neither has it: the nearest installed Piper voice beats flite's nearest.
    expect(resolveVoice("female-warm", "australian", dir)).toMatchObject({
      engine: "piper",
      model: "en_US-lessac-medium",
      exact: false,
    });
    expect(resolveVoice("male-warm", "american", dir)).toMatchObject({ engine: "flite", flite: { voice: "rms" } });
    expect(resolveVoice("female-professional", "american", dir, false)).toMatchObject({
      engine: "piper",
      model: "en_US-lessac-medium",
      exact: false,
    });

    install("en_GB-jenny_dioco-medium");
    expect(resolveVoice("female-warm", "australian", dir)).toMatchObject({ model: "en_GB-jenny_dioco-medium" });
    expect(installedPiperVoices(dir)).toEqual(["en_GB-jenny_dioco-medium", "en_US-lessac-medium"]);
  });

  test("multi-speaker voices resolve the speaker's sid by name, and skip a model without that speaker", () => {
    install("en_GB-vctk-medium", ["p225", "p248", "p251", "p326", "p374"]);
    expect(resolveVoice("male-warm", "australian", dir)).toMatchObject({
      engine: "piper",
      model: "en_GB-vctk-medium",
      speaker: "p326",
      speakerId: 3,
      exact: true,
    });
    expect(resolveVoice("female-warm", "indian", dir)).toMatchObject({ speaker: "p248", speakerId: 1 });

    install("en_GB-vctk-medium", ["p225"]);
    expect(resolveVoice("male-warm", "australian", dir).engine).toBe("flite");
    expect(speakerIdFor({ num_speakers: 3, speaker_id_map: { a: 0 } } as never, "2")).toBe(2);
    expect(speakerIdFor({ num_speakers: 1 } as never, undefined)).toBe(0);
  });

  test("listVoices: per voice and accent, who speaks it here, built in or downloaded, and what a download adds", () => {
    install("en_US-lessac-medium");
    const voices = listVoices(dir);
    expect(voices.map((v) => v.id)).toEqual([...VOICE_IDS]);
    const warm = voices.find((v) => v.id === "female-warm")!;
    expect(warm).toMatchObject({ name: "Grace", category: "warm", gender: "female", engine: "piper" });
    expect(warm.accents.american).toEqual({
      engine: "piper",
      voice: "en_US-lessac-medium",
      exact: true,
      builtIn: false,
      downloadable: false,
    });
    expect(warm.accents.british).toEqual({
      engine: "piper",
      voice: "en_US-lessac-medium",
      exact: false,
      builtIn: false,
      downloadable: true,
    });
    expect(warm.accents.australian).toMatchObject({ exact: false, downloadable: false });
    const man = voices.find((v) => v.id === "male-warm")!;
    expect(man.accents.british).toEqual({
      engine: "flite",
      voice: "awb",
      exact: true,
      builtIn: true,
      downloadable: true,
    });
    expect(man.accents.indian).toEqual({
      engine: "flite",
      voice: "awb",
      exact: false,
      builtIn: true,
      downloadable: true,
    });
    for (const voice of listVoices(emptyDir())) {
      expect(voice.accents.american).toMatchObject({ engine: "flite", exact: true, builtIn: true });
      expect(voice.accents.australian.exact).toBe(false);
      expect(voice.accents.indian.exact).toBe(false);
    }
  });
});

const emptyDir = () => fs.mkdtempSync(path.join(dir, "empty-"));
