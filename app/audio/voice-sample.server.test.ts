import { expect, test } from "vitest";

import { getStorage } from "~/lib/storage/storage.server";

import { withoutPiperVoices } from "../../tests/utils/no-piper-voices";
import { ACCENTS, isOffered, VOICE_IDS } from "./audio-options";
import { ensureVoiceSample } from "./voice-sample.server";
import { voiceOffer } from "./voices.server";

withoutPiperVoices("voice-samples-");

test("the samples of different offered voice and accent choices are not byte-identical", async () => {
  const offer = voiceOffer();
  const choices = VOICE_IDS.flatMap((voice) =>
    ACCENTS.filter((accent) => isOffered(offer[voice][accent])).map((accent) => ({ voice, accent })),
  );
  // flite's women in American, its men in American and (awb) British.
  expect(choices.map((c) => `${c.voice}/${c.accent}`)).toEqual([
    "female-warm/american",
    "female-professional/american",
    "male-warm/american",
    "male-warm/british",
    "male-professional/american",
    "male-professional/british",
  ]);
  const samples = new Map<string, string>();
  for (const { voice, accent } of choices) {
    const file = await getStorage().read(await ensureVoiceSample(voice, accent, "test-family"));
    const chunks: Buffer[] = [];
    for await (const chunk of file!.stream) chunks.push(Buffer.from(chunk as Uint8Array));
    const bytes = Buffer.concat(chunks);
    expect(bytes.length).toBeGreaterThan(10_000);
    samples.set(`${voice}/${accent}`, bytes.toString("base64"));
  }
  expect(new Set(samples.values()).size).toBe(choices.length);
}, 180_000);
