// The wizard's forms (/create-podcast) and the URLs that carry its draft between steps. The story
// row is step 1's result; the voice choices travel in the URL (step 3 posts them as hidden fields)
// until 'Generate Podcast' stores them in the podcast row.
import { z } from "zod";
import { podcastMessages } from "./messages";
import { GenerationOptionsSchema, VoiceConfigSchema, type VoiceConfig } from "./schemas";

const storyMissing = podcastMessages.generation.storyMissing;
const id = (error: string) => z.string({ error }).trim().min(1, { error }).max(100, { error });

const StoryIdSchema = z.object({ storyId: id(storyMissing) });

/** Step 2 'Configure Voices': the story and the hosts. */
export const WizardVoicesSchema = z.intersection(StoryIdSchema, VoiceConfigSchema);

/** Step 3 'Generate Podcast': the story, the hosts (hidden fields) and the advanced options. */
export const WizardGenerateSchema = z.intersection(StoryIdSchema.extend(GenerationOptionsSchema.shape), VoiceConfigSchema);
export type WizardGenerateInput = z.output<typeof WizardGenerateSchema>;

/** 'Retry Generation' on the progress card. */
export const WizardRetrySchema = z.object({ podcastId: id(podcastMessages.generation.notFound) });

/** The wizard's forms told apart by their hidden `intent` (the PDF upload is the one multipart form). */
export const wizardIntents = ["text-story", "voices", "generate", "retry"] as const;

const voiceKeys = ["hostCount", "primaryVoice", "primaryAccent", "primarySpeed", "secondaryVoice", "secondaryAccent", "secondarySpeed"] as const;

export const defaultVoiceConfig = (): VoiceConfig => VoiceConfigSchema.parse({});

/** The hosts as URL parameters (or hidden fields): only what the configuration holds. */
export function voiceParams(config: VoiceConfig) {
  const params = new URLSearchParams();
  for (const key of voiceKeys) {
    const value = config[key];
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  return params;
}

function toVoiceConfig(raw: Record<string, unknown>): VoiceConfig {
  const parsed = VoiceConfigSchema.safeParse(raw);
  return parsed.success ? parsed.data : defaultVoiceConfig();
}

/** The hosts from URL parameters; anything unreadable gives the spec's defaults. */
export function readVoiceParams(params: URLSearchParams): VoiceConfig {
  const raw: Record<string, unknown> = {};
  for (const key of voiceKeys) {
    const value = params.get(key);
    if (value === null || value === "") continue;
    raw[key] = key.endsWith("Speed") || key === "hostCount" ? Number(value) : value;
  }
  return toVoiceConfig(raw);
}

/** The hosts a podcast was made with (its columns), e.g. for 'Back' from the progress card. */
export function voiceConfigOf(podcast: Record<(typeof voiceKeys)[number], string | number | null>): VoiceConfig {
  return toVoiceConfig(Object.fromEntries(voiceKeys.flatMap((key) => (podcast[key] === null ? [] : [[key, podcast[key]]]))));
}

/** Where each step lives. */
export const wizardUrls = {
  upload: () => "/create-podcast",
  voices: (storyId: string, config?: VoiceConfig) => `/create-podcast?${new URLSearchParams([["story", storyId], ...(config ? voiceParams(config) : [])])}`,
  review: (storyId: string, config: VoiceConfig) =>
    `/create-podcast?${new URLSearchParams([["story", storyId], ["step", "review"], ...voiceParams(config)])}`,
  /** The progress card while generating; step 4 once the podcast is complete. */
  podcast: (podcastId: string) => `/create-podcast?${new URLSearchParams({ podcast: podcastId })}`,
  /** Step 3's progress card even when complete ('Back' from step 4). */
  progress: (podcastId: string) => `/create-podcast?${new URLSearchParams({ podcast: podcastId, step: "generate" })}`,
};
