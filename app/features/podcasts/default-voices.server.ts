import { PIPER_VOICE_MAP } from "~/audio/voices.server";

import { voiceConfigDefaults as d } from "./schemas";

export function defaultPiperModels(): string[] {
  const refs = [PIPER_VOICE_MAP[d.primaryVoice][d.primaryAccent], PIPER_VOICE_MAP[d.secondaryVoice][d.secondaryAccent]];
  return [...new Set(refs.flatMap((ref) => (ref ? [ref.model] : [])))];
}
