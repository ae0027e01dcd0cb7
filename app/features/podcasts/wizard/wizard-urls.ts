// No Zod here: pages import these links in the browser.
import type { VoiceConfig } from "../schemas";

export const voiceKeys = [
  "hostCount",
  "primaryVoice",
  "primaryAccent",
  "primarySpeed",
  "secondaryVoice",
  "secondaryAccent",
  "secondarySpeed",
] as const;

export function voiceParams(config: VoiceConfig) {
  const params = new URLSearchParams();
  for (const key of voiceKeys) {
    const value = config[key];
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  return params;
}

export const wizardUrls = {
  upload: () => "/create-podcast",
  voices: (storyId: string, config?: VoiceConfig) =>
    `/create-podcast?${new URLSearchParams([["story", storyId], ...(config ? voiceParams(config) : [])])}`,
  review: (storyId: string, config: VoiceConfig) =>
    `/create-podcast?${new URLSearchParams([["story", storyId], ["step", "review"], ...voiceParams(config)])}`,
  podcast: (podcastId: string) => `/create-podcast?${new URLSearchParams({ podcast: podcastId })}`,
  progress: (podcastId: string) => `/create-podcast?${new URLSearchParams({ podcast: podcastId, step: "generate" })}`,
  script: (podcastId: string) => `/podcast/${encodeURIComponent(podcastId)}/script`,
};
