import { isOffered, type Accent, type AccentOffer, type VoiceOffer } from "~/audio/audio-options";

export const voiceOfferMessages = {
  notes: {
    "built-in": "built in",
    piper: "natural voice",
    "speech-server": "speech service",
    download: "not available yet",
    unavailable: "not available",
  } satisfies Record<AccentOffer, string>,
  hint: "Built-in voices come with Storyhearth. Natural voices sound closer to a person reading; more of them appear here as they are added.",
  notOffered: (voice: string, accent: string, offered: string[]) =>
    `${accent} for ${voice} is not available yet. Choose ${offered.length ? offered.join(" or ") : "another voice"}.`,
};

export type AccentOption<A extends string> = { value: A; label: string; disabled: boolean };

export function accentOptions<A extends Accent>(
  offer: VoiceOffer,
  voice: string,
  accents: readonly A[],
  labels: Record<string, string>,
  disable: boolean,
): AccentOption<A>[] {
  const row = offer[voice as keyof VoiceOffer];
  return accents.map((accent) => {
    const state = row?.[accent] ?? "unavailable";
    return {
      value: accent,
      label: `${labels[accent] ?? accent} — ${voiceOfferMessages.notes[state]}`,
      disabled: disable && !isOffered(state),
    };
  });
}

export function offeredAccent<A extends Accent>(
  offer: VoiceOffer,
  voice: string,
  accent: string,
  accents: readonly A[],
): string {
  const row = offer[voice as keyof VoiceOffer];
  if (!row || isOffered(row[accent as Accent])) return accent;
  return accents.find((a) => isOffered(row[a])) ?? accent;
}
