// The podcast generation request: voice configuration and options (spec part 2 §3, §5, §9) for the
// wizard, and the narrator settings of a family podcast (spec part 1 §9). The JSON calls, the models
// and the wizard's forms (Conform) all validate with these.
import { z } from "zod";
import { ACCENTS, FAMILY_MUSIC, QUALITIES, SPEED_RANGE, VOICE_IDS, WIZARD_MUSIC, type IntroOutro } from "~/audio/audio-options";
import { podcastMessages } from "./messages";
import { familyAccents, familyVoices, SPEED as FAMILY_SPEED } from "~/features/contributions/schemas";

const v = podcastMessages.validation;

// The lists are the audio pipeline's (app/audio/audio-options.ts); the family narrator's narrower
// ones are the stories page's (story-schemas.ts).
export const podcastVoices = VOICE_IDS;
export const podcastAccents = ACCENTS;
export const wizardMusic = WIZARD_MUSIC;
export const familyMusic = FAMILY_MUSIC;
export const processingQualities = QUALITIES;
/** The wizard offers every intro/outro but the family podcast's own. */
export const wizardIntroOutro = ["standard", "minimal", "none", "custom"] as const satisfies readonly IntroOutro[];
export { familyAccents, familyVoices };
export const WIZARD_SPEED = SPEED_RANGE;
export { FAMILY_SPEED };

export type PodcastVoice = (typeof podcastVoices)[number];
export type PodcastAccent = (typeof podcastAccents)[number];

/** The spec's defaults: one host, female-warm, american, speed 1; a second host is male-warm, american. */
export const voiceConfigDefaults = {
  hostCount: 1,
  primaryVoice: "female-warm",
  primaryAccent: "american",
  primarySpeed: 1,
  secondaryVoice: "male-warm",
  secondaryAccent: "american",
  secondarySpeed: 1,
} as const;
export const optionsDefaults = { backgroundMusic: "none", introOutro: "standard", processingQuality: "standard" } as const;

/** A speed on the slider: within range and on a 0.1 step; stored as that step, not float noise. */
function speedSchema(min: number, max: number) {
  const message = v.speed(min, max);
  return z
    .number({ error: message })
    .min(min, { error: message })
    .max(max, { error: message })
    .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-6, { error: message })
    .transform((n) => Math.round(n * 10) / 10);
}

const choice = <T extends readonly [string, ...string[]]>(values: T, error: string) => z.enum(values, { error });

/**
 * Hosts, voices, accents and speeds of the wizard (flat, so a form can post it as it is). The
 * secondary host exists only with two hosts: with one host its fields are dropped, with two its
 * missing fields take the spec's defaults.
 */
export const VoiceConfigSchema = z
  .object({
    hostCount: z
      .number({ error: v.hostCount })
      .int({ error: v.hostCount })
      .refine((n) => n === 1 || n === 2, { error: v.hostCount })
      .default(voiceConfigDefaults.hostCount),
    primaryVoice: choice(podcastVoices, v.voice).default(voiceConfigDefaults.primaryVoice),
    primaryAccent: choice(podcastAccents, v.accent).default(voiceConfigDefaults.primaryAccent),
    primarySpeed: speedSchema(WIZARD_SPEED.min, WIZARD_SPEED.max).default(WIZARD_SPEED.default),
    secondaryVoice: choice(podcastVoices, v.voice).nullish(),
    secondaryAccent: choice(podcastAccents, v.accent).nullish(),
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

/** Advanced options of the wizard's review step. */
export const GenerationOptionsSchema = z.object({
  backgroundMusic: choice(wizardMusic, v.backgroundMusic).default(optionsDefaults.backgroundMusic),
  introOutro: choice(wizardIntroOutro, v.introOutro).default(optionsDefaults.introOutro),
  processingQuality: choice(processingQualities, v.processingQuality).default(optionsDefaults.processingQuality),
});

/** What a podcast is made with; the family flow's values are part of it. */
export type GenerationOptions = {
  backgroundMusic: (typeof wizardMusic)[number] | (typeof familyMusic)[number];
  introOutro: (typeof wizardIntroOutro)[number] | "family";
  processingQuality: (typeof processingQualities)[number];
};

const storyId = z
  .string({ error: podcastMessages.generation.storyMissing })
  .trim()
  .min(1, { error: podcastMessages.generation.storyMissing })
  .max(100, { error: podcastMessages.generation.storyMissing });

/** POST /api/podcasts/generate: { storyId, voiceConfig, options }. */
export const GeneratePodcastSchema = z.object({
  storyId,
  voiceConfig: VoiceConfigSchema.default(() => VoiceConfigSchema.parse({})),
  options: GenerationOptionsSchema.default(() => GenerationOptionsSchema.parse({})),
});

// ── the family podcast of a campaign ─────────────────────────────────────

/** The narrator of a family podcast: one host, the family accents and the family speed range. */
export const FamilyVoiceConfigSchema = z
  .object({
    hostCount: z.literal(1, { error: podcastMessages.generation.familyOneNarrator }).optional(),
    primaryVoice: choice(familyVoices, v.voice).optional(),
    primaryAccent: choice(familyAccents, v.accent).optional(),
    primarySpeed: speedSchema(FAMILY_SPEED.min, FAMILY_SPEED.max).optional(),
    // The spec's client sends the secondary fields as null.
    secondaryVoice: z.null().optional(),
    secondaryAccent: z.null().optional(),
    secondarySpeed: z.null().optional(),
  })
  .partial();

export const FamilyOptionsSchema = z
  .object({
    backgroundMusic: choice(familyMusic, v.backgroundMusic),
    introOutro: z.literal("family", { error: podcastMessages.generation.familyIntroOutro }),
    processingQuality: choice(processingQualities, v.processingQuality),
  })
  .partial();

/** POST /api/campaigns/{id}/generate-podcast: missing values come from the saved narrator settings. */
export const GenerateFamilyPodcastSchema = z.object({
  voiceConfig: FamilyVoiceConfigSchema.nullish(),
  options: FamilyOptionsSchema.nullish(),
});
export type GenerateFamilyPodcastInput = z.output<typeof GenerateFamilyPodcastSchema>;

// ── the story (wizard step 1) ─────────────────────────────────────────────

export const STORY_TITLE_MAX = 200;
export const STORY_CONTENT_MAX = 200_000;
const u = podcastMessages.upload;

/** The typed story ('Continue with Text'); field errors are the spec's descriptions. */
export const StoryTextSchema = z.object({
  storyTitle: z
    .string({ error: u.missingTitle.description })
    .trim()
    .min(1, { error: u.missingTitle.description })
    .max(STORY_TITLE_MAX, { error: u.titleTooLong.description }),
  storyContent: z
    .string({ error: u.missingContent.description })
    .trim()
    .min(1, { error: u.missingContent.description })
    .max(STORY_CONTENT_MAX, { error: u.contentTooLong.description }),
});
