// Every place that names who speaks names the voice the family chose, never "Host 1".
import { isVoiceId, VOICE_PERSONAS } from "~/audio/voices.server";

import { formatTranscript, speakerRoles, type ScriptSegment, type Speaker } from "./script";

const personaName = (voice: string | null) => (voice && isVoiceId(voice) ? VOICE_PERSONAS[voice].name : null);

export function hostNames(podcast: { primaryVoice: string; secondaryVoice: string | null }): Record<Speaker, string> {
  const host1 = personaName(podcast.primaryVoice);
  const host2 = personaName(podcast.secondaryVoice);
  if (host1 && host1 === host2)
    return {
      host1: `${host1} (${speakerRoles.host1.toLowerCase()})`,
      host2: `${host2} (${speakerRoles.host2.toLowerCase()})`,
    };
  return { host1: host1 ?? speakerRoles.host1, host2: host2 ?? speakerRoles.host2 };
}

export const podcastTranscript = (
  podcast: { primaryVoice: string; secondaryVoice: string | null },
  segments: ScriptSegment[],
) => formatTranscript(segments, hostNames(podcast));
