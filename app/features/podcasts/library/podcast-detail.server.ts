import {
  failIfInterrupted,
  getOwnedPodcastWithStory,
  isGenerationInterrupted,
} from "~/features/podcasts/podcasts.server";
import { ensurePrimary } from "~/lib/litefs.server";

import { toPodcastDetail } from "../podcast-view";

/** A podcast whose job is gone is reported (and stored, on the primary) as failed, never as stuck. */
export async function getPodcastDetail(ownerId: string, podcastId: string) {
  const row = getOwnedPodcastWithStory(ownerId, podcastId);
  if (!row) return null;
  if (!isGenerationInterrupted(row.podcast)) return toPodcastDetail(row.podcast, row.story);
  await ensurePrimary();
  return toPodcastDetail(failIfInterrupted(row.podcast), row.story);
}
