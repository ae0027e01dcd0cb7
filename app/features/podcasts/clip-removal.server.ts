// A relative's removal link also reaches episodes already made (issue 32 item 3): the recording is
// marked first (contributions), then every finished episode playing it is withdrawn and remade, and the
// owner is told.
import { eq } from "drizzle-orm";
import { campaigns, contributionRecordings, contributions } from "#db/schema";
import { db } from "~/lib/db.server";
import { wakeJobs } from "~/lib/queue/wake.server";
import { emailClipRemoved } from "./owner-emails.server";
import { remakeEpisodesWithClip } from "./podcasts.server";

/** `story`: the relative asked that their written story go too (it is deleted after this, by contributions). */
export async function withdrawEpisodesWithClip(recordingId: string, { story = false }: { story?: boolean } = {}) {
  const clip = db
    .select({
      recordingId: contributionRecordings.id,
      contributorName: contributions.contributorName,
      submittedAt: contributions.submittedAt,
      campaignId: campaigns.id,
      campaignTitle: campaigns.title,
      ownerId: campaigns.ownerId,
    })
    .from(contributionRecordings)
    .innerJoin(contributions, eq(contributions.id, contributionRecordings.contributionId))
    .innerJoin(campaigns, eq(campaigns.id, contributions.campaignId))
    .where(eq(contributionRecordings.id, recordingId))
    .get();
  if (!clip) return [];
  const remade = remakeEpisodesWithClip(recordingId, story ? clip : undefined);
  if (remade.length) wakeJobs();
  await emailClipRemoved({ ...clip, story }, remade);
  return remade;
}
