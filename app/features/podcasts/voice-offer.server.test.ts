import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseWithZod } from "@conform-to/zod/v4";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { voiceOffer } from "~/audio/voices.server";
import { NarratorSettingsSchema } from "~/features/contributions/schemas";

import { GeneratePodcastSchema } from "./schemas";
import { accentOptions, offeredAccent } from "./voice-offer";
import { offeredVoicesOnly } from "./voice-offer.server";
import { WizardVoicesSchema } from "./wizard/wizard-schemas";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voice-offer-"));
const voices = process.env.VOICES_DIR;

beforeAll(() => {
  process.env.VOICES_DIR = dir;
});
afterAll(() => {
  if (voices === undefined) delete process.env.VOICES_DIR;
  else process.env.VOICES_DIR = voices;
  fs.rmSync(dir, { recursive: true, force: true });
});

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};

describe("the server refuses what this installation cannot speak", () => {
  test("a woman's British voice in the wizard, with a message naming what is offered", () => {
    const submission = parseWithZod(
      form({ storyId: "s1", hostCount: "1", primaryVoice: "female-warm", primaryAccent: "british", primarySpeed: "1" }),
      {
        schema: offeredVoicesOnly(WizardVoicesSchema),
      },
    );
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({
      primaryAccent: ["British for Female, warm is not available yet. Choose American."],
    });
  });

  test("a man's British voice is accepted; the second host is checked only with two hosts", () => {
    const base = {
      storyId: "s1",
      primaryVoice: "male-warm",
      primaryAccent: "british",
      primarySpeed: "1",
      secondaryVoice: "female-warm",
      secondaryAccent: "indian",
    };
    expect(
      parseWithZod(form({ ...base, hostCount: "1" }), { schema: offeredVoicesOnly(WizardVoicesSchema) }).status,
    ).toBe("success");
    const two = parseWithZod(form({ ...base, hostCount: "2" }), { schema: offeredVoicesOnly(WizardVoicesSchema) });
    expect(Object.keys(two.reply().error ?? {})).toEqual(["secondaryAccent"]);
  });

  test("the family narrator and the API body (voice fields under voiceConfig)", () => {
    const narrator = parseWithZod(
      form({
        primaryVoice: "male-professional",
        primaryAccent: "australian",
        primarySpeed: "1",
        backgroundMusic: "warm",
        processingQuality: "standard",
      }),
      { schema: offeredVoicesOnly(NarratorSettingsSchema) },
    );
    expect(narrator.reply().error?.primaryAccent?.[0]).toMatch(
      /^Australian for Male, professional is not available yet\. Choose American or British\.$/,
    );
    const api = offeredVoicesOnly(GeneratePodcastSchema, ["voiceConfig"]).safeParse({
      storyId: "s1",
      voiceConfig: { primaryVoice: "female-professional", primaryAccent: "indian" },
    });
    expect(api.success).toBe(false);
    expect(api.error?.issues.map((i) => i.path.join("."))).toEqual(["voiceConfig.primaryAccent"]);
  });
});

describe("what the forms show", () => {
  test("each accent names its engine; what cannot be spoken is disabled once the page runs", () => {
    const offer = voiceOffer();
    const labels = { american: "American", british: "British", australian: "Australian", indian: "Indian" };
    expect(accentOptions(offer, "male-warm", ["american", "british", "australian", "indian"], labels, true)).toEqual([
      { value: "american", label: "American — built in", disabled: false },
      { value: "british", label: "British — built in", disabled: false },
      { value: "australian", label: "Australian — not available yet", disabled: true },
      { value: "indian", label: "Indian — not available yet", disabled: true },
    ]);
    expect(accentOptions(offer, "female-warm", ["australian"], labels, false)).toEqual([
      { value: "australian", label: "Australian — not available", disabled: false },
    ]);
  });

  test("a voice change keeps the accent if offered, else moves to the first offered", () => {
    const offer = voiceOffer();
    expect(offeredAccent(offer, "male-warm", "british", ["american", "british"])).toBe("british");
    expect(offeredAccent(offer, "female-warm", "british", ["american", "british"])).toBe("american");
  });
});

describe("the offer is kept between page views", () => {
  test("until a voice is renamed into the folder, as npm run voices:download does (decision 0146)", () => {
    expect(voiceOffer()["female-warm"].british).toBe("download");
    expect(voiceOffer()).toBe(voiceOffer());
    const model = "en_GB-jenny_dioco-medium";
    const config = {
      audio: { sample_rate: 22050 },
      espeak: { voice: "en-gb" },
      inference: { noise_scale: 0.667, length_scale: 1, noise_w: 0.8 },
      phoneme_id_map: {},
      num_speakers: 1,
    };
    fs.writeFileSync(path.join(dir, `${model}.onnx.json.part`), JSON.stringify(config));
    fs.writeFileSync(path.join(dir, `${model}.onnx.part`), "not a real model");
    fs.renameSync(path.join(dir, `${model}.onnx.json.part`), path.join(dir, `${model}.onnx.json`));
    fs.renameSync(path.join(dir, `${model}.onnx.part`), path.join(dir, `${model}.onnx`));
    expect(voiceOffer()["female-warm"].british).toBe("piper");
    fs.rmSync(path.join(dir, `${model}.onnx`));
    fs.rmSync(path.join(dir, `${model}.onnx.json`));
    expect(voiceOffer()["female-warm"].british).toBe("download");
  });
});
