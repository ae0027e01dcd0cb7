// A relative's removal link also reaches episodes already made (issue 32 item 3): the recording is
// marked first (contributions), then every finished episode playing it is withdrawn and remade, and the
// owner is told.
import { wakeJobs } from "~/lib/queue/wake.server";
import { clipWithCollection } from "~/models/contribution-recording.server";
import { emailClipRemoved } from "./owner-emails.server";
import { remakeEpisodesWithClip } from "./podcasts.server";

/** `story`: the relative asked that their written story go too (it is deleted after this, by contributions). */
export async function withdrawEpisodesWithClip(recordingId: string, { story = false }: { story?: boolean } = {}) {
  const clip = clipWithCollection(recordingId);
  if (!clip) return [];
  const remade = remakeEpisodesWithClip(recordingId, story ? clip : undefined);
  if (remade.length) wakeJobs();
  await emailClipRemoved({ ...clip, story }, remade);
  return remade;
}
