import { z } from "zod";

import {
  EMAIL_MAX,
  familyAccents,
  familyMusic,
  familyVoices,
  NAME_MAX,
  processingQualities,
  SPEED,
  STORY_MAX,
  TITLE_MAX,
} from "./limits";
import { storyMessages } from "./messages";

export { EMAIL_MAX, familyAccents, familyMusic, familyVoices, NAME_MAX, processingQualities, SPEED, STORY_MAX };

// Conform turns empty inputs into undefined; trimming first makes a whitespace-only answer blank, as the spec asks.
const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

const contributorEmail = z
  .string({ error: storyMessages.validation.emailRequired })
  .trim()
  .min(1, { error: storyMessages.validation.emailRequired })
  .pipe(
    z
      .email({ error: storyMessages.validation.emailInvalid })
      .max(EMAIL_MAX, { error: storyMessages.validation.emailInvalid }),
  );

export const ContributionSchema = z.object({
  contributorName: requiredText(storyMessages.validation.nameRequired, NAME_MAX, storyMessages.validation.nameTooLong),
  contributorEmail,
  storyContent: requiredText(storyMessages.validation.storyRequired, STORY_MAX, storyMessages.validation.storyTooLong),
});
export type ContributionInput = z.infer<typeof ContributionSchema>;

export const PublicContributionSchema = ContributionSchema.extend({
  t: z.string().trim().max(200).optional(),
  storyContent: z.string().trim().max(STORY_MAX, { error: storyMessages.validation.storyTooLong }).optional(),
  recording: z.instanceof(File).optional(),
}).superRefine((value, ctx) => {
  if (!value.storyContent && !value.recording)
    ctx.addIssue({ code: "custom", path: ["storyContent"], message: storyMessages.recording.storyOrRecording });
});

export const ApiContributionSchema = ContributionSchema.extend({
  submissionMethod: z.literal("web", { error: "submissionMethod must be 'web'" }).default("web"),
});

const optionalName = z
  .string()
  .trim()
  .max(NAME_MAX, { error: storyMessages.validation.nameTooLong })
  .optional()
  .transform((name) => (name ? name : null));

export const RenameContributorSchema = z.object({
  contributionId: z.string({ error: storyMessages.api.notFound }).min(1).max(100),
  contributorName: optionalName,
});

export const EditStoryTextSchema = z.object({
  contributionId: z.string({ error: storyMessages.api.notFound }).min(1).max(100),
  storyContent: requiredText(storyMessages.validation.storyRequired, STORY_MAX, storyMessages.validation.storyTooLong),
});

export const EditStoryTitleSchema = z.object({
  contributionId: z.string({ error: storyMessages.api.notFound }).min(1).max(100),
  storyTitle: z
    .string()
    .trim()
    .max(TITLE_MAX, { error: storyMessages.title.tooLong })
    .optional()
    .transform((title) => title?.replace(/\s+/gu, " ") || null),
});

export const ApiRenameSchema = z.object({
  contributorName: z
    .string({ error: "contributorName must be text" })
    .trim()
    .max(NAME_MAX, { error: storyMessages.validation.nameTooLong })
    .nullable()
    .transform((name) => (name ? name : null)),
});

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: storyMessages.validation.invalidChoice });

const familySpeed = z
  .number({ error: storyMessages.validation.speedRange })
  .min(SPEED.min, { error: storyMessages.validation.speedRange })
  .max(SPEED.max, { error: storyMessages.validation.speedRange })
  .transform((speed) => Math.round(speed * 10) / 10);

const hostDefaults = {
  secondaryVoice: "male-warm",
  secondaryAccent: "american",
  secondarySpeed: SPEED.default,
} as const;

export const NarratorSettingsSchema = z.object({
  // A form that names no host asks for one voice.
  hostCount: z
    .number({ error: storyMessages.validation.invalidChoice })
    .refine((n) => n === 1 || n === 2, { error: storyMessages.validation.invalidChoice })
    .transform((n) => n as 1 | 2)
    .default(1),
  primaryVoice: choice(familyVoices),
  primaryAccent: choice(familyAccents),
  primarySpeed: familySpeed,
  secondaryVoice: choice(familyVoices).default(hostDefaults.secondaryVoice),
  secondaryAccent: choice(familyAccents).default(hostDefaults.secondaryAccent),
  secondarySpeed: familySpeed.default(hostDefaults.secondarySpeed),
  backgroundMusic: choice(familyMusic),
  processingQuality: choice(processingQualities),
});
export type NarratorSettings = z.infer<typeof NarratorSettingsSchema>;

export const narratorDefaults: NarratorSettings = {
  hostCount: 1,
  primaryVoice: "female-warm",
  primaryAccent: "american",
  primarySpeed: SPEED.default,
  ...hostDefaults,
  backgroundMusic: "warm",
  processingQuality: "standard",
};

export function toPodcastSettings(s: NarratorSettings) {
  const two = s.hostCount === 2;
  return {
    voiceConfig: {
      hostCount: s.hostCount,
      primaryVoice: s.primaryVoice,
      primaryAccent: s.primaryAccent,
      primarySpeed: s.primarySpeed,
      secondaryVoice: two ? s.secondaryVoice : null,
      secondaryAccent: two ? s.secondaryAccent : null,
      secondarySpeed: two ? s.secondarySpeed : null,
    },
    options: {
      backgroundMusic: s.backgroundMusic,
      introOutro: "family" as const,
      processingQuality: s.processingQuality,
    },
  };
}
export type PodcastSettings = ReturnType<typeof toPodcastSettings>;

const StoredSettingsSchema = z
  .object({
    voiceConfig: z
      .object({
        hostCount: z.unknown(),
        primaryVoice: z.unknown(),
        primaryAccent: z.unknown(),
        primarySpeed: z.unknown(),
        secondaryVoice: z.unknown(),
        secondaryAccent: z.unknown(),
        secondarySpeed: z.unknown(),
      })
      .partial(),
    options: z.object({ backgroundMusic: z.unknown(), processingQuality: z.unknown() }).partial(),
  })
  .partial();

export function readNarratorSettings(stored: unknown): NarratorSettings {
  const parsed = StoredSettingsSchema.safeParse(stored ?? {});
  if (!parsed.success) return narratorDefaults;
  const { voiceConfig = {}, options = {} } = parsed.data;
  const pick = <K extends keyof NarratorSettings>(key: K, value: unknown): NarratorSettings[K] => {
    const field = NarratorSettingsSchema.shape[key].safeParse(value);
    return field.success ? (field.data as NarratorSettings[K]) : narratorDefaults[key];
  };
  return {
    hostCount: pick("hostCount", voiceConfig.hostCount),
    primaryVoice: pick("primaryVoice", voiceConfig.primaryVoice),
    primaryAccent: pick("primaryAccent", voiceConfig.primaryAccent),
    primarySpeed: pick("primarySpeed", voiceConfig.primarySpeed),
    secondaryVoice: pick("secondaryVoice", voiceConfig.secondaryVoice),
    secondaryAccent: pick("secondaryAccent", voiceConfig.secondaryAccent),
    secondarySpeed: pick("secondarySpeed", voiceConfig.secondarySpeed),
    backgroundMusic: pick("backgroundMusic", options.backgroundMusic),
    processingQuality: pick("processingQuality", options.processingQuality),
  };
}
