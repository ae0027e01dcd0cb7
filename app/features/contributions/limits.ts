// Without Zod, so the browser's forms can read them; schemas.ts builds its schemas from them.
export const NAME_MAX = 200;
export const EMAIL_MAX = 254;
export const STORY_MAX = 50_000;

export const familyVoices = ["female-warm", "female-professional", "male-warm", "male-professional"] as const;
export const familyAccents = ["american", "british", "australian"] as const;
export const familyMusic = ["none", "warm", "uplifting", "gentle"] as const;
export const processingQualities = ["standard", "premium"] as const;
export const SPEED = { min: 0.7, max: 1.3, step: 0.1, default: 1.0 } as const;
export const TITLE_MAX = 80;
