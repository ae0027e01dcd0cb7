// The voice choices travel in the URL until 'Generate Podcast' stores them, so the wizard keeps no draft row.
import { z } from "zod";

import { podcastMessages } from "../messages";
import { GenerationOptionsFields, requireCustomIntro, VoiceConfigSchema, type VoiceConfig } from "../schemas";
import { voiceKeys } from "./wizard-urls";

export { voiceParams, wizardUrls } from "./wizard-urls";

const storyMissing = podcastMessages.generation.storyMissing;
const id = (error: string) => z.string({ error }).trim().min(1, { error }).max(100, { error });

const StoryIdSchema = z.object({ storyId: id(storyMissing) });

export const WizardVoicesSchema = z.intersection(StoryIdSchema, VoiceConfigSchema);

export const WizardGenerateSchema = z.intersection(
  StoryIdSchema.extend(GenerationOptionsFields).superRefine(requireCustomIntro),
  VoiceConfigSchema,
);
export type WizardGenerateInput = z.output<typeof WizardGenerateSchema>;

export const WizardRetrySchema = z.object({ podcastId: id(podcastMessages.generation.notFound) });

export const wizardIntents = ["text-story", "voices", "generate", "retry"] as const;

export const defaultVoiceConfig = (): VoiceConfig => VoiceConfigSchema.parse({});

function toVoiceConfig(raw: Record<string, unknown>): VoiceConfig {
  const parsed = VoiceConfigSchema.safeParse(raw);
  return parsed.success ? parsed.data : defaultVoiceConfig();
}

export function readVoiceParams(params: URLSearchParams): VoiceConfig {
  const raw: Record<string, unknown> = {};
  for (const key of voiceKeys) {
    const value = params.get(key);
    if (value === null || value === "") continue;
    raw[key] = key.endsWith("Speed") || key === "hostCount" ? Number(value) : value;
  }
  return toVoiceConfig(raw);
}

export function voiceConfigOf(podcast: Record<(typeof voiceKeys)[number], string | number | null>): VoiceConfig {
  return toVoiceConfig(
    Object.fromEntries(voiceKeys.flatMap((key) => (podcast[key] === null ? [] : [[key, podcast[key]]]))),
  );
}
