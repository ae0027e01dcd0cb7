import { z } from "zod";

import { FAMILY_MUSIC } from "~/audio/audio-options";
import { SPEED as FAMILY_SPEED, familyAccents, familyVoices } from "~/features/contributions/schemas";

import { podcastMessages } from "./messages";
import {
  CUSTOM_INTRO_MAX,
  optionsDefaults,
  podcastAccents,
  podcastVoices,
  processingQualities,
  STORY_CONTENT_MAX,
  STORY_TITLE_MAX,
  voiceConfigDefaults,
  WIZARD_SPEED,
  wizardIntroOutro,
  wizardMusic,
} from "./wizard/wizard-options";

// The wizard's lists live in wizard-options.ts, without Zod, for the browser (decision 0183).
export * from "./wizard/wizard-options";
export const familyMusic = FAMILY_MUSIC;
export { familyAccents, familyVoices };
export { FAMILY_SPEED };

function speedSchema(min: number, max: number) {
  const message = podcastMessages.validation.speed(min, max);
  return z
    .number({ error: message })
    .min(min, { error: message })
    .max(max, { error: message })
    .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-6, { error: message })
    .transform((n) => Math.round(n * 10) / 10);
}

const choice = <T extends readonly [string, ...string[]]>(values: T, error: string) => z.enum(values, { error });

export const VoiceConfigSchema = z
  .object({
    hostCount: z
      .number({ error: podcastMessages.validation.hostCount })
      .int({ error: podcastMessages.validation.hostCount })
      .refine((n) => n === 1 || n === 2, { error: podcastMessages.validation.hostCount })
      .default(voiceConfigDefaults.hostCount),
    primaryVoice: choice(podcastVoices, podcastMessages.validation.voice).default(voiceConfigDefaults.primaryVoice),
    primaryAccent: choice(podcastAccents, podcastMessages.validation.accent).default(voiceConfigDefaults.primaryAccent),
    primarySpeed: speedSchema(WIZARD_SPEED.min, WIZARD_SPEED.max).default(WIZARD_SPEED.default),
    secondaryVoice: choice(podcastVoices, podcastMessages.validation.voice).nullish(),
    secondaryAccent: choice(podcastAccents, podcastMessages.validation.accent).nullish(),
    secondarySpeed: speedSchema(WIZARD_SPEED.min, WIZARD_SPEED.max).nullish(),
  })
  .transform((c) => {
    const two = c.hostCount === 2;
    return {
      hostCount: c.hostCount as 1 | 2,
      primaryVoice: c.primaryVoice,
      primaryAccent: c.primaryAccent,
      primarySpeed: c.primarySpeed,
      secondaryVoice: two ? (c.secondaryVoice ?? voiceConfigDefaults.secondaryVoice) : null,
      secondaryAccent: two ? (c.secondaryAccent ?? voiceConfigDefaults.secondaryAccent) : null,
      secondarySpeed: two ? (c.secondarySpeed ?? voiceConfigDefaults.secondarySpeed) : null,
    };
  });
export type VoiceConfig = z.output<typeof VoiceConfigSchema>;

export const GenerationOptionsFields = {
  backgroundMusic: choice(wizardMusic, podcastMessages.validation.backgroundMusic).default(
    optionsDefaults.backgroundMusic,
  ),
  introOutro: choice(wizardIntroOutro, podcastMessages.validation.introOutro).default(optionsDefaults.introOutro),
  processingQuality: choice(processingQualities, podcastMessages.validation.processingQuality).default(
    optionsDefaults.processingQuality,
  ),
  // Only 'custom' reads it; a form may post it (hidden or left over) with any other choice.
  customIntro: z
    .string()
    .trim()
    .max(CUSTOM_INTRO_MAX, { error: podcastMessages.validation.customIntroTooLong(CUSTOM_INTRO_MAX) })
    .optional(),
};

export function requireCustomIntro(
  options: { introOutro: string; customIntro?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (options.introOutro === "custom" && !options.customIntro)
    ctx.addIssue({ code: "custom", path: ["customIntro"], message: podcastMessages.validation.customIntroRequired });
}

export const GenerationOptionsSchema = z.object(GenerationOptionsFields).superRefine(requireCustomIntro);

export type GenerationOptions = {
  backgroundMusic: (typeof wizardMusic)[number] | (typeof familyMusic)[number];
  introOutro: (typeof wizardIntroOutro)[number] | "family";
  processingQuality: (typeof processingQualities)[number];
  customIntro?: string | undefined;
};

const storyId = z
  .string({ error: podcastMessages.generation.storyMissing })
  .trim()
  .min(1, { error: podcastMessages.generation.storyMissing })
  .max(100, { error: podcastMessages.generation.storyMissing });

export const GeneratePodcastSchema = z.object({
  storyId,
  voiceConfig: VoiceConfigSchema.default(() => VoiceConfigSchema.parse({})),
  options: GenerationOptionsSchema.default(() => GenerationOptionsSchema.parse({})),
  reviewScript: z.boolean().default(false),
});

export const FamilyVoiceConfigSchema = z
  .object({
    hostCount: z.union([z.literal(1), z.literal(2)], { error: podcastMessages.generation.familyVoices }).optional(),
    primaryVoice: choice(familyVoices, podcastMessages.validation.voice).optional(),
    primaryAccent: choice(familyAccents, podcastMessages.validation.accent).optional(),
    primarySpeed: speedSchema(FAMILY_SPEED.min, FAMILY_SPEED.max).optional(),
    secondaryVoice: choice(familyVoices, podcastMessages.validation.voice).nullish(),
    secondaryAccent: choice(familyAccents, podcastMessages.validation.accent).nullish(),
    secondarySpeed: speedSchema(FAMILY_SPEED.min, FAMILY_SPEED.max).nullish(),
  })
  .partial();

export const FamilyOptionsSchema = z
  .object({
    backgroundMusic: choice(familyMusic, podcastMessages.validation.backgroundMusic),
    introOutro: z.literal("family", { error: podcastMessages.generation.familyIntroOutro }),
    processingQuality: choice(processingQualities, podcastMessages.validation.processingQuality),
  })
  .partial();

export const GenerateFamilyPodcastSchema = z.object({
  voiceConfig: FamilyVoiceConfigSchema.nullish(),
  options: FamilyOptionsSchema.nullish(),
  reviewScript: z.boolean().default(false),
});
export type GenerateFamilyPodcastInput = z.output<typeof GenerateFamilyPodcastSchema>;

export const StoryTextSchema = z.object({
  storyTitle: z
    .string({ error: podcastMessages.upload.missingTitle.description })
    .trim()
    .min(1, { error: podcastMessages.upload.missingTitle.description })
    .max(STORY_TITLE_MAX, { error: podcastMessages.upload.titleTooLong.description }),
  storyContent: z
    .string({ error: podcastMessages.upload.missingContent.description })
    .trim()
    .min(1, { error: podcastMessages.upload.missingContent.description })
    .max(STORY_CONTENT_MAX, { error: podcastMessages.upload.contentTooLong.description }),
});
