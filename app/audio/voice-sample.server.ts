import { storageKeys } from "~/lib/storage/keys";
import { getStorage } from "~/lib/storage/storage.server";

import type { Accent, VoiceId } from "./audio-options";
import { sampleQueue } from "./render-queue.server";
import { renderPodcastAudioInWorker, type RenderInput } from "./render.server";
import { resolveVoice, VOICE_PERSONAS, voiceTag } from "./voices.server";

/** Bump when the sample text or settings change. */
const SAMPLE_VERSION = 2;

export const sampleText = (voiceId: VoiceId) =>
  `Hello, I'm ${VOICE_PERSONAS[voiceId].name}. I'll be reading your family's stories.`;

export const speakerTag = (voiceId: VoiceId, accent: Accent) => voiceTag(resolveVoice(voiceId, accent));

const sampleKeyOf = (voiceId: VoiceId, accent: Accent, tag: string) =>
  storageKeys.voiceSample(`v${SAMPLE_VERSION}/${voiceId}-${accent}-${tag}`);

export const voiceSampleKey = (voiceId: VoiceId, accent: Accent) =>
  sampleKeyOf(voiceId, accent, speakerTag(voiceId, accent));

export async function ensureRenderedSample(
  key: string,
  family: string,
  input: Omit<RenderInput, "audioKey">,
  timeoutMs: number,
): Promise<string> {
  if ((await getStorage().size(key)) !== null) return key;
  await sampleQueue.run(key, family, async () => {
    // Made by an earlier turn while this one waited.
    if ((await getStorage().size(key)) !== null) return;
    await renderPodcastAudioInWorker({ ...input, audioKey: key }, { timeoutMs });
  });
  return key;
}

export function ensureVoiceSample(voiceId: VoiceId, accent: Accent, family: string): Promise<string> {
  const voice = resolveVoice(voiceId, accent);
  return ensureRenderedSample(
    sampleKeyOf(voiceId, accent, voiceTag(voice)),
    family,
    {
      podcastId: `sample-${voiceId}-${accent}`,
      title: `${VOICE_PERSONAS[voiceId].name} voice sample`,
      segments: [{ speaker: "host1", text: sampleText(voiceId) }],
      hosts: { host1: { voice: voiceId, accent, speed: 1 } },
      backgroundMusic: "none",
      introOutro: "none",
      quality: "standard",
      localFallback: false,
      expectSpeechServer: voice.engine === "speech-server",
    },
    120_000,
  );
}

export async function voiceSampleFile(voiceId: VoiceId, accent: Accent, family: string) {
  const file = await getStorage().read(await ensureVoiceSample(voiceId, accent, family));
  if (!file) throw new Error(`Voice sample ${voiceId}/${accent} is missing from storage after rendering`);
  return file;
}
