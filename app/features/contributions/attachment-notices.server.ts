// The one kind note per e-mail reply whose attachments did not all come through (decision 0213):
// collection mail (unsubscribes and blocks apply), answering that reply (Auto-Submitted: auto-replied).
import { queueCollectionEmail } from "./collection-mail.server";
import { attachmentsRefusedEmail } from "./emails";
import { invitationLinks } from "./invitations.server";
import { replyAddressFor } from "./reply-address.server";

export type AttachmentsRefusedNote = {
  campaign: { id: string; ownerId: string; title: string; publicId: string };
  invitation: { id: string; token: string };
  ownerName: string;
  /** Whoever sent the reply, greeted by `senderName`. */
  to: string;
  senderName: string | null;
  items: readonly string[];
  storyKept: boolean;
  /** What the note is about (the story or the reply kept without one): one note for it, however often it is delivered. */
  about: string;
  /** The reply's own Message-Id, when it had a real one. */
  inReplyTo: string | null;
};

/** Queues the note in the caller's transaction (null when the address may not get the collection's mail); the caller delivers it. */
export function queueAttachmentsRefused(note: AttachmentsRefusedNote) {
  if (note.items.length === 0) return null;
  const input = {
    campaignTitle: note.campaign.title,
    ownerName: note.ownerName,
    senderName: note.senderName,
    items: note.items,
    storyKept: note.storyKept,
    formUrl: invitationLinks(note.campaign.publicId, note.invitation.token).formUrl,
  };
  return queueCollectionEmail({
    kind: "attachments_refused",
    to: note.to,
    campaign: note.campaign,
    askedBy: note.ownerName,
    autoSubmitted: "auto-replied",
    render: ({ unsubscribeUrl }) => attachmentsRefusedEmail({ ...input, unsubscribeUrl }),
    replyTo: replyAddressFor(note.invitation.token),
    ...(note.inReplyTo ? { headers: { "In-Reply-To": note.inReplyTo, References: note.inReplyTo } } : {}),
    dedupeKey: `attachments-refused:${note.invitation.id}:${note.about}`,
  });
}
