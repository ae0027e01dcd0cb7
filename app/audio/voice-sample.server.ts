import { getStorage } from "~/lib/storage/storage.server";
import type { Accent, VoiceId } from "./audio-options";
import { renderPodcastAudioInWorker } from "./render.server";
import { resolveVoice, voiceTag, VOICE_PERSONAS } from "./voices.server";

/** Bump when the sample text or settings change. */
const SAMPLE_VERSION = 2;

export const sampleText = (voiceId: VoiceId) => `Hello, I'm ${VOICE_PERSONAS[voiceId].name}. I'll be reading your family's stories.`;

/** Installing a Piper voice later gives a new file, not the old one. */
export const speakerTag = (voiceId: VoiceId, accent: Accent) => voiceTag(resolveVoice(voiceId, accent));

export function voiceSampleKey(voiceId: VoiceId, accent: Accent) {
  return `voice-samples/v${SAMPLE_VERSION}/${voiceId}-${accent}-${speakerTag(voiceId, accent)}.mp3`;
}

const rendering = new Map<string, Promise<void>>();

export async function ensureVoiceSample(voiceId: VoiceId, accent: Accent): Promise<string> {
  const key = voiceSampleKey(voiceId, accent);
  if ((await getStorage().size(key)) !== null) return key;
  let job = rendering.get(key);
  if (!job) {
    job = renderPodcastAudioInWorker(
      {
        podcastId: `sample-${voiceId}-${accent}`,
        audioKey: key,
        title: `${VOICE_PERSONAS[voiceId].name} voice sample`,
        segments: [{ speaker: "host1", text: sampleText(voiceId) }],
        hosts: { host1: { voice: voiceId, accent, speed: 1 } },
        backgroundMusic: "none",
        introOutro: "none",
        quality: "standard",
      },
      { timeoutMs: 120_000 },
    )
      .then(() => undefined)
      .finally(() => rendering.delete(key));
    rendering.set(key, job);
  }
  await job;
  return key;
}

export async function voiceSampleFile(voiceId: VoiceId, accent: Accent) {
  const file = await getStorage().read(await ensureVoiceSample(voiceId, accent));
  if (!file) throw new Error(`Voice sample ${voiceId}/${accent} is missing from storage after rendering`);
  return file;
}
