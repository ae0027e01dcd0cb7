// The live view of one podcast, for GET /api/podcasts/{id} and the pages that show progress.
import { failIfInterrupted, getOwnedPodcastWithStory, isGenerationInterrupted } from "~/features/podcasts/podcasts.server";
import { ensurePrimary } from "~/lib/litefs.server";
import { toPodcastDetail } from "./podcast-view";

/**
 * The caller's podcast as toPodcastDetail shapes it, or null (missing or not theirs). A podcast
 * whose job is gone is reported — and stored, on the primary — as failed, never as stuck.
 */
export async function getPodcastDetail(ownerId: string, podcastId: string) {
  const row = getOwnedPodcastWithStory(ownerId, podcastId);
  if (!row) return null;
  if (!isGenerationInterrupted(row.podcast)) return toPodcastDetail(row.podcast, row.story);
  await ensurePrimary();
  return toPodcastDetail(failIfInterrupted(row.podcast), row.story);
}
