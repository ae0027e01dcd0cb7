// A voice and accent this installation cannot speak is refused, whatever the page offered (decision 0130).
import type { z } from "zod";

import { ACCENTS, isOffered, type Accent, type VoiceId } from "~/audio/audio-options";
import { voiceOffer } from "~/audio/voices.server";

import { voiceOfferMessages } from "./voice-offer";
import { wizardMessages } from "./wizard/wizard-messages";

const { voiceLabels, accentLabels } = wizardMessages.voices;
const HOSTS = [
  ["primaryVoice", "primaryAccent"],
  ["secondaryVoice", "secondaryAccent"],
] as const;

export function unofferedVoiceMessage(voice: unknown, accent: unknown): string | null {
  if (typeof voice !== "string" || typeof accent !== "string") return null;
  const row = voiceOffer()[voice as VoiceId];
  if (!row || isOffered(row[accent as Accent])) return null;
  const offered = ACCENTS.filter((a) => isOffered(row[a])).map((a) => accentLabels[a] ?? a);
  return voiceOfferMessages.notOffered(voiceLabels[voice] ?? voice, accentLabels[accent] ?? accent, offered);
}

export function offeredVoicesOnly<T extends z.ZodType>(schema: T, at: string[] = []) {
  return schema.superRefine((value, ctx) => {
    const config = at.reduce<unknown>(
      (v, key) => (v && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined),
      value,
    );
    if (!config || typeof config !== "object") return;
    const fields = config as Record<string, unknown>;
    for (const [voiceKey, accentKey] of HOSTS) {
      const message = unofferedVoiceMessage(fields[voiceKey], fields[accentKey]);
      if (message) ctx.addIssue({ code: "custom", path: [...at, accentKey], message });
    }
  });
}
