import { now } from "~/lib/clock.server";
import { appUrl } from "~/lib/env.server";
import { storySender } from "~/models/contribution-recording.server";
import { getUserById } from "~/models/user.server";

import { queueCollectionEmail, type CollectionMail } from "./collection-mail.server";
import { recordingRefusedEmail } from "./emails";
import { invitationLinks, ownerDisplayName } from "./invitations.server";
import { storyMessages, type RefusalCode } from "./messages";
import { replyAddressFor } from "./reply-address.server";

export type { RefusalCode };

const refusals = storyMessages.recording.refusal;

export type Sender = { ownerId: string; campaignId: string; email: string; name: string | null; invited: boolean };

/** Per address and day, whatever kind: a form typed again and again mails a stranger at most once a day. */
export const unaskedKey = (email: string) =>
  `unasked:${email.trim().toLowerCase()}:${now().toISOString().slice(0, 10)}`;

const dedupeKey = (sender: Sender, perRecording: string) => (sender.invited ? perRecording : unaskedKey(sender.email));

function queueTo(
  sender: Sender,
  mail: Omit<CollectionMail, "to" | "dedupeKey" | "campaign" | "autoSubmitted">,
  perRecording: string,
) {
  const campaign = { id: sender.campaignId, ownerId: sender.ownerId };
  return queueCollectionEmail({
    ...mail,
    campaign,
    to: sender.email,
    autoSubmitted: "auto-generated",
    dedupeKey: dedupeKey(sender, perRecording),
  });
}

const addressIn = (value: string) => (/<([^>]+)>/.exec(value)?.[1] ?? value).trim();

export async function queueRecordingRefused(contributionId: string, recordingId: string, code: RefusalCode) {
  const story = storySender(contributionId);
  if (!story) return null;
  const byEmail = story.submissionMethod === "email";
  const email = byEmail && story.sentFrom ? addressIn(story.sentFrom) : story.contributorEmail;
  if (!email) return null;
  const invited = Boolean(story.invitationEmail && story.invitationEmail.toLowerCase() === email.toLowerCase());
  const sender: Sender = {
    ownerId: story.campaign.ownerId,
    campaignId: story.campaign.id,
    email,
    name: story.contributorName,
    invited,
  };
  const owner = await getUserById(story.campaign.ownerId);
  const token = invited ? story.invitationToken : null;
  const input = {
    campaignTitle: story.campaign.title,
    ownerName: owner ? ownerDisplayName(owner) : "Your family",
    senderName: invited ? story.contributorName : null,
    reason: refusals[code].relative,
    textKept: invited && story.storyContent.trim() !== "",
    canReply: byEmail && token !== null,
    formUrl: token
      ? invitationLinks(story.campaign.publicId, token).formUrl
      : `${appUrl()}/contribute/${encodeURIComponent(story.campaign.publicId)}`,
    unasked: !invited,
  };
  const render: CollectionMail["render"] = ({ unsubscribeUrl }) => recordingRefusedEmail({ ...input, unsubscribeUrl });
  return queueTo(
    sender,
    {
      kind: "recording_refused",
      askedBy: input.ownerName,
      render,
      replyTo: byEmail && token ? replyAddressFor(token) : null,
    },
    `recording-refused:${recordingId}`,
  );
}
