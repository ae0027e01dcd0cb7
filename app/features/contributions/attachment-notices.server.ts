import { queueCollectionEmail } from "./collection-mail.server";
import { attachmentsRefusedEmail } from "./emails";
import { invitationLinks } from "./invitations.server";
import { replyAddressFor } from "./reply-address.server";

export type AttachmentsRefusedNote = {
  campaign: { id: string; ownerId: string; title: string; publicId: string };
  invitation: { id: string; token: string };
  ownerName: string;
  to: string;
  senderName: string | null;
  items: readonly string[];
  storyKept: boolean;
  about: string;
  inReplyTo: string | null;
};

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
