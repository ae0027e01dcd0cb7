// Answers by e-mail: Mailgun posts each reply to /webhooks/mailgun/inbound; reply+TOKEN@domain names the invitation.
import { createHash } from "node:crypto";
import fs from "node:fs/promises";

import { contactNames } from "~/features/contacts/contacts.server";
import { personName } from "~/features/contacts/person-name";
import { now } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { parseFromLine } from "~/lib/email-address";
import { deliverEmails } from "~/lib/email/send.server";
import { isMultipart, readMultipartForm } from "~/lib/multipart.server";
import { recordSystemError } from "~/lib/system-errors.server";
import { hasAttachments } from "~/models/contribution-attachment.server";
import { hasDocuments } from "~/models/contribution-document.server";
import { createContribution } from "~/models/contribution.server";
import { markDeliveryProblem } from "~/models/delivery-problem.server";
import { keepEmptyReply } from "~/models/empty-reply.server";
import { getInvitationByToken } from "~/models/invitation.server";
import { getUserById } from "~/models/user.server";
import { claimWebhookToken, releaseWebhookToken } from "~/models/webhook-token.server";

import { MAX_INBOUND_BYTES } from "./attachment-limits";
import { queueAttachmentsRefused } from "./attachment-notices.server";
import { automaticMail, type AutomaticMail, type HeaderReader } from "./automatic-mail";
import { queueCollectionEmail } from "./collection-mail.server";
import { storeStoryDocuments } from "./documents.server";
import { emptyReplyNoteEmail } from "./emails";
import { inlineForward } from "./forwarded";
import { invitationLinks, ownerDisplayName } from "./invitations.server";
import { checkWebhookSignature, webhookSigningKey } from "./mailgun-webhook.server";
import { refusedItems, storyMessages } from "./messages";
import { storeStoryPhotos } from "./photos.server";
import { hasOwnWords } from "./quote-strip";
import { keepRecording, recordingTempPath, refuseRecording } from "./recordings.server";
import { replyAddressFor, tokenFromRecipients } from "./reply-address.server";
import { replyAttachments, type AudioAttachment, type ReplyAttachments } from "./reply-attachments.server";
import { replyHtmlToText } from "./reply-html";
import { retiredReplyInvitation } from "./retired-links.server";
import { answerable, thankForStory } from "./story-thanks.server";

export { MAX_ATTACHMENT_BYTES, MAX_INBOUND_BYTES } from "./attachment-limits";

export type InboundResult = { status: number; message: string; contributionId?: string };

const MAX_INBOUND_FIELD_BYTES = 4 * 1024 * 1024;
const MAX_INBOUND_TEXT_BYTES = 12 * 1024 * 1024;

export type InboundForm = {
  form: FormData;
  /** Removes the attachments' temporary files. */ release: () => Promise<void>;
};

/** Streams attachments to temporary files: nothing is trusted before the signature check, so an unsigned post costs no memory. */
export async function readInboundForm(request: Request): Promise<InboundForm> {
  if (!isMultipart(request)) return { form: await request.formData(), release: async () => {} };
  const { form, files } = await readMultipartForm(request, {
    maxBodyBytes: MAX_INBOUND_BYTES,
    maxFileBytes: MAX_INBOUND_BYTES,
    tempPath: () => recordingTempPath(".inbound"),
    maxFieldBytes: MAX_INBOUND_FIELD_BYTES,
    maxTextBytes: MAX_INBOUND_TEXT_BYTES,
    maxFields: Infinity,
    maxParts: Infinity,
    oversized: "drop",
  });
  return {
    form,
    release: async () => void (await Promise.all(files.map((file) => fs.rm(file, { force: true }).catch(() => {})))),
  };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

function reject(status: number, message: string, severity: "low" | "medium" = "low"): InboundResult {
  recordSystemError({
    error: new Error(message),
    errorType: "inbound_email_rejected",
    workflow: "email:inbound",
    severity,
  });
  return { status, message };
}

const MAX_HTML_CHARS = 1_000_000;

export function replyText(form: FormData): string {
  const plain = text(form, "body-plain")?.trim();
  const body = plain || replyHtmlToText((text(form, "body-html") ?? "").slice(0, MAX_HTML_CHARS));
  return body.replace(/\r\n?/g, "\n").trim();
}

const contentId = (...parts: Array<string | number | null | undefined>) =>
  `<content.${createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 40)}@storyhearth.invalid>`;

const formatAddress = (name: string | null, email: string) => (name ? `${name} <${email}>` : email);

function headerReader(form: FormData): HeaderReader {
  const headers = new Map<string, string>();
  try {
    const listed: unknown = JSON.parse(text(form, "message-headers") ?? "[]");
    if (Array.isArray(listed))
      for (const pair of listed)
        if (Array.isArray(pair) && typeof pair[0] === "string" && typeof pair[1] === "string")
          headers.set(pair[0].toLowerCase(), pair[1]);
  } catch {
    // An unreadable list leaves the fields.
  }
  for (const [name, value] of form) if (typeof value === "string") headers.set(name.toLowerCase(), value);
  return (name) => headers.get(name.toLowerCase());
}

type Invitation = NonNullable<ReturnType<typeof getInvitationByToken>>;

export async function handleInboundEmail(form: FormData): Promise<InboundResult> {
  const key = webhookSigningKey();
  if (!key) return reject(503, "Inbound e-mail is not configured", "medium");
  const fields = { timestamp: text(form, "timestamp"), token: text(form, "token"), signature: text(form, "signature") };
  const check = checkWebhookSignature(fields, key, now());
  if (check === "missing") return reject(400, "Malformed webhook: signature fields are missing");
  if (check === "forged") return reject(401, "Invalid webhook signature", "medium");
  if (check === "stale") return reject(401, "Webhook timestamp is too old");

  const recipients = text(form, "recipient") ?? text(form, "To") ?? "";
  const token = tokenFromRecipients(recipients);
  const sender =
    parseFromLine(text(form, "from") ?? text(form, "From")).email ?? parseFromLine(text(form, "sender")).email;
  const invitation = token ? (getInvitationByToken(token) ?? retiredReplyInvitation(token, sender)) : undefined;
  // 406 tells Mailgun not to retry: these will never be accepted.
  if (!invitation) return reject(406, `No invitation for recipient ${recipients.slice(0, 200) || "(none)"}`);
  if (!invitation.campaign.isActive || invitation.campaign.status === "closed")
    return reject(406, "The collection is no longer accepting stories");

  if (!claimWebhookToken(fields.token!)) return reject(406, "Replayed webhook token");
  let audio: AudioAttachment | null = null;
  try {
    const sorted = await replyAttachments(form);
    audio = sorted.audio;
    const { photos, documents } = sorted;
    const body = replyText(form);
    const inline = inlineForward(body);
    const forwarded = [...(inline ? [inline] : []), ...sorted.forwarded];
    const from = parseFromLine(text(form, "from") ?? text(form, "From"));
    const senderEmail = from.email ?? parseFromLine(text(form, "sender")).email;
    const invitee = invitation.invitation.email.toLowerCase();
    const sentFrom = senderEmail && senderEmail !== invitee ? formatAddress(from.name, senderEmail) : null;
    const contributorName = personName({
      contactName: contactNames(invitation.campaign.ownerId, [invitee]).get(invitee),
      invitationName: invitation.invitation.name,
      fromName: sentFrom ? null : from.name,
    });
    const senderName = sentFrom ? from.name : contributorName;
    const messageId =
      text(form, "Message-Id")?.trim() ||
      text(form, "message-id")?.trim() ||
      contentId(
        senderEmail,
        text(form, "subject"),
        body,
        photos.length,
        audio?.file.size,
        documents.length,
        sorted.refused.length,
      );
    const subject = text(form, "subject") ?? null;

    // No person wrote it: a note for the owner, never a story, never answered back (no mail loop).
    const automatic = automaticMail(headerReader(form), {
      from: text(form, "from") ?? text(form, "From") ?? "",
      subject: subject ?? "",
      body,
    });
    if (automatic) {
      const named = sentFrom ?? (from.name && senderEmail ? formatAddress(from.name, senderEmail) : null);
      keepAutomaticMail(invitation, automatic, { body, subject, sentFrom: named, messageId });
      return {
        status: 200,
        message:
          automatic.kind === "bounce"
            ? "Delivery notice kept for the owner; not a story"
            : "Automatic reply kept for the owner; not a story",
      };
    }

    const sender = { to: senderEmail ?? invitee, name: senderName, inReplyTo: answerable(messageId) };
    const forwardedWords = forwarded.some((f) => f.text.trim() !== "");
    if (!hasOwnWords(body) && !forwardedWords && photos.length === 0 && documents.length === 0 && !audio) {
      const told = await keepAndAnswerEmptyReply(invitation, {
        body,
        subject,
        sentFrom,
        messageId,
        ...sender,
        refused: sorted.refused,
      });
      return {
        status: 200,
        message:
          told === "refused"
            ? "Reply kept without a story; no attachment could be kept; the sender was told"
            : "Reply kept without a story; the sender was told",
      };
    }
    const contribution = createContribution({
      campaignId: invitation.campaign.id,
      invitationId: invitation.invitation.id,
      contributorName,
      contributorEmail: invitee,
      sentFrom,
      storyContent: hasOwnWords(body) ? body : "",
      submissionMethod: "email",
      messageId,
      forwarded,
      refusedAttachments: sorted.refused,
    });
    if (!hasAttachments(contribution.id) && !hasDocuments(contribution.id)) {
      await storeStoryPhotos(contribution.id, photos);
      await storeStoryDocuments(contribution.id, documents);
    }
    const recordingRefused = audio && !audio.check.ok ? audio.check : null;
    const told = sorted.refused.length > 0;
    if (audio?.check.ok) await keepRecording(contribution.id, audio.file, audio.check.facts, { thank: true });
    else await thankForStory(contribution.id);
    if (audio && recordingRefused)
      await refuseRecording(contribution.id, audio.file.fileName, recordingRefused.code, { tell: !told });
    if (told) {
      const recordingItem =
        audio && recordingRefused ? [storyMessages.attachments.item(audio.file.fileName, recordingRefused.reason)] : [];
      await tellRefused(invitation, sender, {
        items: [...refusedItems(sorted.refused), ...recordingItem],
        storyKept: true,
        about: `story:${contribution.id}`,
      });
    }
    const notes = [
      recordingRefused ? `recording refused: ${recordingRefused.reason}` : null,
      told ? `${sorted.refused.length} attachment(s) refused` : null,
    ].filter(Boolean);
    return {
      status: 200,
      message: notes.length ? `Story stored; ${notes.join("; ")}` : "Story stored",
      contributionId: contribution.id,
    };
  } catch (error) {
    releaseWebhookToken(fields.token!);
    throw error;
  } finally {
    if (audio) await fs.rm(audio.file.path, { force: true }).catch(() => {});
  }
}

type Sender = { to: string; name: string | null; inReplyTo: string | null };

async function tellRefused(
  { invitation, campaign }: Invitation,
  sender: Sender,
  note: { items: string[]; storyKept: boolean; about: string },
) {
  const owner = await getUserById(campaign.ownerId);
  const mail = queueAttachmentsRefused({
    campaign,
    invitation,
    ownerName: owner ? ownerDisplayName(owner) : "Your family",
    to: sender.to,
    senderName: sender.name,
    ...note,
    inReplyTo: sender.inReplyTo,
  });
  if (mail) await deliverEmails([mail]);
}

type EmptyReplyInput = {
  body: string;
  subject: string | null;
  sentFrom: string | null;
  messageId: string | null;
  refused?: ReplyAttachments["refused"];
} & Sender;

function keepReplyWithoutStory(
  { invitation, campaign }: Invitation,
  reply: Pick<EmptyReplyInput, "body" | "subject" | "sentFrom" | "messageId" | "refused">,
  kind: "empty" | "automatic" | "bounce",
) {
  return keepEmptyReply({
    campaignId: campaign.id,
    invitationId: invitation.id,
    contributorEmail: invitation.email,
    sentFrom: reply.sentFrom,
    subject: reply.subject?.slice(0, 500) ?? null,
    content: reply.body,
    messageId: reply.messageId,
    refusedAttachments: reply.refused?.length ? reply.refused : null,
    kind,
  });
}

function keepAutomaticMail(
  { invitation, campaign }: Invitation,
  mail: AutomaticMail,
  reply: Pick<EmptyReplyInput, "body" | "subject" | "sentFrom" | "messageId">,
) {
  db.transaction(() => {
    const kept = keepReplyWithoutStory(
      { invitation, campaign },
      reply,
      mail.kind === "bounce" ? "bounce" : "automatic",
    );
    const invitee = invitation.email.toLowerCase();
    if (kept && mail.kind === "bounce" && mail.permanent && mail.recipients.includes(invitee)) {
      markDeliveryProblem(campaign.ownerId, invitee, {
        kind: "undeliverable",
        reason: storyMessages.emptyReplies.bounceReason(mail.reason),
        at: now(),
      });
    }
  });
}

async function keepAndAnswerEmptyReply({ invitation, campaign }: Invitation, reply: EmptyReplyInput) {
  const owner = await getUserById(campaign.ownerId);
  const ownerName = owner ? ownerDisplayName(owner) : "Your family";
  const refused = reply.refused ?? [];
  const note = db.transaction(() => {
    const kept = keepReplyWithoutStory({ invitation, campaign }, reply, "empty");
    if (!kept) return null;
    if (refused.length > 0) {
      return queueAttachmentsRefused({
        campaign,
        invitation,
        ownerName,
        to: reply.to,
        senderName: reply.name,
        items: refusedItems(refused),
        storyKept: false,
        about: `reply:${kept.id}`,
        inReplyTo: reply.inReplyTo,
      });
    }
    const input = {
      campaignTitle: campaign.title,
      ownerName,
      senderName: reply.name,
      formUrl: invitationLinks(campaign.publicId, invitation.token).formUrl,
    };
    // One note per invitation a day at most, so no two mail systems can keep answering each other.
    const day = now().toISOString().slice(0, 10);
    return queueCollectionEmail({
      kind: "empty_reply_note",
      to: reply.to,
      campaign,
      askedBy: input.ownerName,
      autoSubmitted: "auto-replied",
      render: ({ unsubscribeUrl }) => emptyReplyNoteEmail({ ...input, unsubscribeUrl }),
      replyTo: replyAddressFor(invitation.token),
      dedupeKey: `empty-reply-note:${invitation.id}:${day}`,
    });
  });
  if (note) await deliverEmails([note]);
  return refused.length > 0 ? "refused" : "empty";
}
