// Wakes the job runner after each commit, so the work starts now.
import { readNarratorSettings, toPodcastSettings } from "~/features/contributions/schemas";
import { saveNarratorSettings } from "~/features/podcasts/generation/campaign-podcast.server";
import {
  createFamilyPodcastRequest,
  createPodcastRequest,
  renderReviewedScript,
  retryFailedPodcast,
  type PodcastRequest,
} from "~/features/podcasts/podcasts.server";
import type { GenerateFamilyPodcastInput, GenerationOptions, VoiceConfig } from "~/features/podcasts/schemas";
import { wakeJobs } from "~/lib/queue/wake.server";
import type { Campaign } from "~/models/campaign.server";

export async function requestPodcast(ownerId: string, request: PodcastRequest) {
  const podcast = await createPodcastRequest(ownerId, request);
  wakeJobs();
  return podcast;
}

export function requestFamilyPodcast(
  ownerId: string,
  campaign: Campaign,
  input: Omit<GenerateFamilyPodcastInput, "reviewScript"> & { reviewScript?: boolean },
) {
  const saved = readNarratorSettings(campaign.podcastSettings);
  const given = input.voiceConfig ?? {};
  const settings = {
    hostCount: given.hostCount ?? saved.hostCount,
    primaryVoice: given.primaryVoice ?? saved.primaryVoice,
    primaryAccent: given.primaryAccent ?? saved.primaryAccent,
    primarySpeed: given.primarySpeed ?? saved.primarySpeed,
    secondaryVoice: given.secondaryVoice ?? saved.secondaryVoice,
    secondaryAccent: given.secondaryAccent ?? saved.secondaryAccent,
    secondarySpeed: given.secondarySpeed ?? saved.secondarySpeed,
    backgroundMusic: input.options?.backgroundMusic ?? saved.backgroundMusic,
    processingQuality: input.options?.processingQuality ?? saved.processingQuality,
  };
  const { voiceConfig, options } = toPodcastSettings(settings);
  const podcast = createFamilyPodcastRequest(ownerId, campaign.id, {
    voiceConfig: voiceConfig satisfies VoiceConfig,
    options: options satisfies GenerationOptions,
    reviewScript: input.reviewScript,
  });
  saveNarratorSettings(ownerId, campaign.id, toPodcastSettings(settings));
  wakeJobs();
  return podcast;
}

export function retryPodcast(ownerId: string, podcastId: string) {
  const podcast = retryFailedPodcast(ownerId, podcastId);
  wakeJobs();
  return podcast;
}

export function makeReviewedAudio(ownerId: string, podcastId: string) {
  const podcast = renderReviewedScript(ownerId, podcastId);
  wakeJobs();
  return podcast;
}
