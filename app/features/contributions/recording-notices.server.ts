// The kind note to whoever sent a recording that was refused, saying why (a kept one is thanked with
// its story: story-thanks.server.ts). Mail to an address nobody invited (typed into the public form,
// or a reply from another address) carries no text from the form and goes out at most once a day per
// address; an address that bounced, complained or unsubscribed gets nothing (collection-mail.server.ts).
import { storySender } from "~/models/contribution-recording.server";
import { getUserById } from "~/models/user.server";
import { now } from "~/lib/clock.server";
import { appUrl } from "~/lib/env.server";
import { queueCollectionEmail, type CollectionMail } from "./collection-mail.server";
import { recordingRefusedEmail } from "./emails";
import { invitationLinks, ownerDisplayName } from "./invitations.server";
import { storyMessages, type RefusalCode } from "./messages";
import { replyAddressFor } from "./reply-address.server";

export type { RefusalCode };

const refusals = storyMessages.recording.refusal;

/** Where a recording's e-mails go (about which collection), and whether that address is the one the family invited. */
export type Sender = { ownerId: string; campaignId: string; email: string; name: string | null; invited: boolean };

/**
 * The outbox key of any mail to an address nobody invited: per address and day, whatever kind, so a
 * form typed again and again sends one e-mail a day to a stranger's address at most.
 */
export const unaskedKey = (email: string) => `unasked:${email.trim().toLowerCase()}:${now().toISOString().slice(0, 10)}`;

const dedupeKey = (sender: Sender, perRecording: string) => (sender.invited ? perRecording : unaskedKey(sender.email));

/** Queues the mail unless the address may not get the collection's mail; the caller delivers it. */
function queueTo(sender: Sender, mail: Omit<CollectionMail, "to" | "dedupeKey" | "campaign" | "autoSubmitted">, perRecording: string) {
  const campaign = { id: sender.campaignId, ownerId: sender.ownerId };
  // A note about what became of a recording, written after its conversion: a notification, however it came.
  return queueCollectionEmail({ ...mail, campaign, to: sender.email, autoSubmitted: "auto-generated", dedupeKey: dedupeKey(sender, perRecording) });
}

const addressIn = (value: string) => (/<([^>]+)>/.exec(value)?.[1] ?? value).trim();

/**
 * The kind note for a refused recording: why, in their words, that their text was kept, and how to
 * send it again (a reply for an e-mailed one, the form for both).
 */
export async function queueRecordingRefused(contributionId: string, recordingId: string, code: RefusalCode) {
  const story = storySender(contributionId);
  if (!story) return null;
  const byEmail = story.submissionMethod === "email";
  // A reply from another address than the invitation's is noted as sentFrom; it is not the invitee.
  const email = byEmail && story.sentFrom ? addressIn(story.sentFrom) : story.contributorEmail;
  if (!email) return null;
  const invited = Boolean(story.invitationEmail && story.invitationEmail.toLowerCase() === email.toLowerCase());
  const sender: Sender = { ownerId: story.campaign.ownerId, campaignId: story.campaign.id, email, name: story.contributorName, invited };
  const owner = await getUserById(story.campaign.ownerId);
  const token = invited ? story.invitationToken : null;
  const input = {
    campaignTitle: story.campaign.title,
    ownerName: owner ? ownerDisplayName(owner) : "Your family",
    senderName: invited ? story.contributorName : null,
    reason: refusals[code].relative,
    // Only to the invitee: a stranger's address learns nothing of the story.
    textKept: invited && story.storyContent.trim() !== "",
    canReply: byEmail && token !== null,
    formUrl: token ? invitationLinks(story.campaign.publicId, token).formUrl : `${appUrl()}/contribute/${encodeURIComponent(story.campaign.publicId)}`,
    unasked: !invited,
  };
  const render: CollectionMail["render"] = ({ unsubscribeUrl }) => recordingRefusedEmail({ ...input, unsubscribeUrl });
  return queueTo(sender, { kind: "recording_refused", askedBy: input.ownerName, render, replyTo: byEmail && token ? replyAddressFor(token) : null }, `recording-refused:${recordingId}`);
}
