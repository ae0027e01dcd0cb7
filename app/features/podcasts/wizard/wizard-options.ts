// Without Zod: importing them from schemas.ts would bring every schema to the browser (decision 0183).
import { ACCENTS, QUALITIES, SPEED_RANGE, VOICE_IDS, WIZARD_MUSIC, type IntroOutro } from "~/audio/audio-options";

export const podcastVoices = VOICE_IDS;
export const podcastAccents = ACCENTS;
export const wizardMusic = WIZARD_MUSIC;
export const processingQualities = QUALITIES;
export const wizardIntroOutro = ["standard", "minimal", "none", "custom"] as const satisfies readonly IntroOutro[];
export const WIZARD_SPEED = SPEED_RANGE;

export type PodcastVoice = (typeof podcastVoices)[number];
export type PodcastAccent = (typeof podcastAccents)[number];

export const voiceConfigDefaults = {
  hostCount: 1,
  primaryVoice: "female-warm",
  primaryAccent: "american",
  primarySpeed: 1,
  secondaryVoice: "male-warm",
  secondaryAccent: "american",
  secondarySpeed: 1,
} as const;
export const optionsDefaults = {
  backgroundMusic: "none",
  introOutro: "standard",
  processingQuality: "standard",
} as const;

export const CUSTOM_INTRO_MAX = 500;

export const STORY_TITLE_MAX = 200;
export const STORY_CONTENT_MAX = 200_000;
