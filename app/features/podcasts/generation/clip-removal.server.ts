import { wakeJobs } from "~/lib/queue/wake.server";
import { clipWithCollection, type RemovedClip } from "~/models/contribution-recording.server";

import { remakeEpisodesWithClip } from "../podcasts.server";
import { emailClipRemoved } from "./owner-emails.server";

/** Also called when a restored backup had forgotten the removal (account/reapply-erasures.server.ts). */
export async function withdrawEpisodesOfClip(clip: RemovedClip) {
  const remade = remakeEpisodesWithClip(clip.recordingId, clip.story ? clip : undefined);
  if (remade.length) wakeJobs();
  await emailClipRemoved(clip, remade);
  return remade;
}

export async function withdrawEpisodesWithClip(recordingId: string, { story = false }: { story?: boolean } = {}) {
  const clip = clipWithCollection(recordingId);
  return clip ? withdrawEpisodesOfClip({ ...clip, story }) : [];
}
