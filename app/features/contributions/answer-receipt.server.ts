// The receipt link is signed, so nobody reads another's story by guessing, and shows the copy for a day only.
import { now } from "~/lib/clock.server";
import { idOfSigned, signedId } from "~/lib/signed-ids.server";
import { storyToThank } from "~/models/contribution.server";

import { keptOf } from "./story-thanks.server";

const PURPOSE = "answer-receipt";
const SHOWN_FOR_MS = 24 * 3600_000;

export const receiptFor = (contributionId: string) => signedId(PURPOSE, contributionId);

export function answerReceipt(campaignId: string, receipt: string) {
  const id = receipt ? idOfSigned(PURPOSE, receipt) : undefined;
  const found = id ? storyToThank(id) : undefined;
  if (!found || found.campaign.id !== campaignId || now().getTime() - found.story.submittedAt.getTime() > SHOWN_FOR_MS)
    return null;
  const { text, photos, recording } = keptOf(found);
  return { name: found.story.contributorName, text, photos, recording: recording ? (recording.fileName ?? "") : null };
}
