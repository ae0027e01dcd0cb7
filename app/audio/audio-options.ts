// No server code: the forms import it in the browser.

export const VOICE_IDS = ["female-warm", "female-professional", "male-warm", "male-professional"] as const;
export type VoiceId = (typeof VOICE_IDS)[number];

export const ACCENTS = ["american", "british", "australian", "indian"] as const;
export type Accent = (typeof ACCENTS)[number];

/** How this installation can speak a voice in an accent, or not yet (a Piper voice to download), or not at all. */
export type AccentOffer = "built-in" | "piper" | "speech-server" | "download" | "unavailable";
export type VoiceOffer = Record<VoiceId, Record<Accent, AccentOffer>>;
export type VoiceSummary = { names: string[]; natural: boolean };
export const isOffered = (offer: AccentOffer | undefined) =>
  offer === "built-in" || offer === "piper" || offer === "speech-server";

export const WIZARD_MUSIC = ["none", "gentle-piano", "soft-jazz", "nostalgic", "ambient"] as const;
export const FAMILY_MUSIC = ["none", "warm", "uplifting", "gentle"] as const;
export const MUSIC_BEDS = ["gentle-piano", "soft-jazz", "nostalgic", "ambient", "warm", "uplifting", "gentle"] as const;
export type MusicBed = (typeof MUSIC_BEDS)[number];
export type BackgroundMusic = "none" | MusicBed;

export const INTRO_OUTRO = ["standard", "minimal", "none", "custom", "family"] as const;
export type IntroOutro = (typeof INTRO_OUTRO)[number];

export const QUALITIES = ["standard", "premium"] as const;
export type ProcessingQuality = (typeof QUALITIES)[number];

export const SPEED_RANGE = { min: 0.5, max: 1.5, step: 0.1, default: 1 } as const;
