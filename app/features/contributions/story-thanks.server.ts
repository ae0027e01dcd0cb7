// The thank-you for every answer, once per story, only to the invitation's own address (decision 0196).
import { db } from "~/lib/db.server";
import { deliverEmails } from "~/lib/email/send.server";
import { storyToThank } from "~/models/contribution.server";

import { queueCollectionEmail } from "./collection-mail.server";
import { storyThanksEmail } from "./emails";
import { inviteeName, ownerDisplayName } from "./invitations.server";
import { unaskedKey } from "./recording-notices.server";
import { removalUrl } from "./removal-links.server";
import { replyAddressFor } from "./reply-address.server";
import { familyStoryText } from "./story-text";

export const answerable = (messageId: string | null) =>
  messageId && !messageId.endsWith("@storyhearth.invalid>") ? messageId : null;

export function keptOf({ story, photos, recording }: NonNullable<ReturnType<typeof storyToThank>>) {
  return {
    text: familyStoryText(story),
    photos,
    recording: recording && recording.status !== "refused" ? recording : null,
  };
}

export function queueStoryThanks(contributionId: string) {
  const found = storyToThank(contributionId);
  if (!found) return null;
  const { story, campaign, owner, invitation } = found;
  const { text, photos, recording: kept } = keptOf(found);
  if (!text && photos.length === 0 && !kept) return null;
  const ownerName = ownerDisplayName(owner);
  const common = { campaignTitle: campaign.title, ownerName, removalUrl: kept ? removalUrl(kept.id) : null };
  // RFC 3834: the thank-you answers a message, so no well-behaved auto-responder answers it back.
  const mail = { kind: "story_thanks", campaign, askedBy: ownerName, autoSubmitted: "auto-replied" } as const;

  if (!invitation?.id) {
    const to = story.contributorEmail;
    if (!kept || !to) return null;
    return queueCollectionEmail({
      ...mail,
      to,
      render: ({ unsubscribeUrl }) => storyThanksEmail({ ...common, unasked: true, unsubscribeUrl }),
      dedupeKey: unaskedKey(to),
    });
  }

  const theirs = !story.sentFrom && story.contributorEmail?.toLowerCase() === invitation.email.toLowerCase();
  const input = {
    ...common,
    senderName: inviteeName(campaign.ownerId, invitation, theirs ? story.contributorName : null),
    copy: { text, photos, recording: kept ? (kept.fileName ?? "") : null },
  };
  const inReplyTo = answerable(story.messageId);
  return queueCollectionEmail({
    ...mail,
    to: invitation.email,
    render: ({ unsubscribeUrl }) => storyThanksEmail({ ...input, unsubscribeUrl }),
    replyTo: replyAddressFor(invitation.token),
    ...(inReplyTo ? { headers: { "In-Reply-To": inReplyTo, References: inReplyTo } } : {}),
    dedupeKey: `story-thanks:${invitation.id}:${story.id}`,
  });
}

export async function thankForStory(contributionId: string) {
  const mail = queueStoryThanks(contributionId);
  if (mail) await deliverEmails([mail]);
}

export async function keepStoryThanked<T extends { id: string }>(insertStory: () => T): Promise<T> {
  const { story, mail } = db.transaction(() => {
    const story = insertStory();
    return { story, mail: queueStoryThanks(story.id) };
  });
  if (mail) await deliverEmails([mail]);
  return story;
}
