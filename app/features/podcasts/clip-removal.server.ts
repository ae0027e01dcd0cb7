// A relative's removal link also reaches episodes already made: the recording is
// marked first (contributions), then every finished episode playing it is withdrawn and remade, and the
// owner is told.
import { wakeJobs } from "~/lib/queue/wake.server";
import { clipWithCollection, type RemovedClip } from "~/models/contribution-recording.server";
import { emailClipRemoved } from "./owner-emails.server";
import { remakeEpisodesWithClip } from "./podcasts.server";

/**
 * The one way episodes let a removed clip go: from the removal page, and again when a restored backup
 * had forgotten the removal (account/reapply-erasures.server.ts, which reads the clip before its story goes).
 */
export async function withdrawEpisodesOfClip(clip: RemovedClip) {
  const remade = remakeEpisodesWithClip(clip.recordingId, clip.story ? clip : undefined);
  if (remade.length) wakeJobs();
  await emailClipRemoved(clip, remade);
  return remade;
}

/** `story`: the relative asked that their written story go too (it is deleted after this, by contributions). */
export async function withdrawEpisodesWithClip(recordingId: string, { story = false }: { story?: boolean } = {}) {
  const clip = clipWithCollection(recordingId);
  return clip ? withdrawEpisodesOfClip({ ...clip, story }) : [];
}
