// Answers by e-mail: Mailgun posts each reply (a signed multipart form) to /webhooks/mailgun/inbound.
// The reply address reply+TOKEN@domain names the invitation; the full message is kept as the story,
// image attachments are kept with it, and the same message delivered twice is stored once.
import { randomUUID } from "node:crypto";
import { contributionAttachments } from "#db/schema";
import { createContribution } from "~/models/contribution.server";
import { getInvitationByToken } from "~/models/invitation.server";
import { recordSystemError } from "~/lib/system-errors.server";
import { claimWebhookToken, releaseWebhookToken } from "~/models/webhook-token.server";
import { now } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { sniffImageType } from "~/lib/image-type";
import { isMultipart, readMultipartForm } from "~/lib/multipart.server";
import { checkWebhookSignature, webhookSigningKey } from "./mailgun-webhook.server";
import { tokenFromRecipients } from "./reply-address.server";
import { getStorage } from "~/lib/storage/storage.server";

/** Mailgun stores messages up to 25 MB; a larger post is refused before it is read. */
export const MAX_INBOUND_BYTES = 25 * 1024 * 1024;
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

export type InboundResult = { status: number; message: string; contributionId?: string };

/**
 * The posted form. A multipart post is read under the 25 MB cap as it arrives (a chunked one too);
 * an attachment over 10 MB is dropped unread, as keepImageAttachments would drop it. Throws a
 * MultipartError (413 past the cap) or the platform's error for an unreadable urlencoded body.
 */
export async function readInboundForm(request: Request): Promise<FormData> {
  if (!isMultipart(request)) return request.formData();
  const { form } = await readMultipartForm(request, {
    maxBodyBytes: MAX_INBOUND_BYTES,
    maxFileBytes: MAX_ATTACHMENT_BYTES,
    // Mailgun posts every header of the message as a field of its own; the body cap bounds them all.
    maxFieldBytes: MAX_INBOUND_BYTES,
    maxFields: Infinity,
    maxParts: Infinity,
    oversized: "drop",
  });
  return form;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

/** "Robert Whitfield <robert@example.com>" → { name, email }. */
export function parseAddress(value: string | undefined) {
  if (!value) return { name: null, email: null };
  // The address is the last <…> of the line; everything before it is the display name, which may be
  // quoted and may itself contain '<', '>' or escaped quotes ("A \"B\" <c>" <x@y>).
  const match = /^(.*)<([^<>]+)>\s*$/s.exec(value);
  if (match) {
    let name = match[1]!.trim();
    if (name.length >= 2 && name.startsWith('"') && name.endsWith('"')) name = name.slice(1, -1).replace(/\\(.)/g, "$1");
    return { name: name.trim() || null, email: match[2]!.trim().toLowerCase() };
  }
  return { name: null, email: value.trim().toLowerCase() || null };
}

function reject(status: number, message: string, severity: "low" | "medium" = "low"): InboundResult {
  // Refused posts store nothing but leave a trace for the administrators.
  recordSystemError({ error: new Error(message), errorType: "inbound_email_rejected", workflow: "email:inbound", severity });
  return { status, message };
}

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
  const invitation = token ? getInvitationByToken(token) : undefined;
  // 406 tells Mailgun not to retry: these will never be accepted.
  if (!invitation) return reject(406, `No invitation for recipient ${recipients.slice(0, 200) || "(none)"}`);
  if (!invitation.campaign.isActive || invitation.campaign.status === "closed") return reject(406, "The collection is no longer accepting stories");
  // Multipart turns line breaks into CRLF; stories are stored with plain newlines.
  const body = text(form, "body-plain")?.replace(/\r\n?/g, "\n").trim();
  if (!body) return reject(406, "The reply has no text");

  if (!claimWebhookToken(fields.token!)) return reject(406, "Replayed webhook token");
  try {
    const from = parseAddress(text(form, "from") ?? text(form, "From"));
    const contribution = createContribution({
      campaignId: invitation.campaign.id,
      invitationId: invitation.invitation.id,
      contributorName: from.name,
      contributorEmail: from.email ?? parseAddress(text(form, "sender")).email ?? invitation.invitation.email,
      storyContent: body,
      submissionMethod: "email",
      messageId: text(form, "Message-Id") ?? text(form, "message-id") ?? null,
    });
    await keepImageAttachments(form, contribution.id);
    return { status: 200, message: "Story stored", contributionId: contribution.id };
  } catch (error) {
    releaseWebhookToken(fields.token!);
    throw error;
  }
}

/** Image attachments (checked by their bytes) are stored with the story; anything else is dropped. */
async function keepImageAttachments(form: FormData, contributionId: string) {
  const count = Math.min(Number(text(form, "attachment-count") ?? 0) || 0, 20);
  for (let i = 1; i <= count; i++) {
    const file = form.get(`attachment-${i}`);
    if (!(file instanceof File) || file.size === 0 || file.size > MAX_ATTACHMENT_BYTES) continue;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const image = sniffImageType(bytes);
    if (!image) continue;
    const storageKey = `attachments/${contributionId}/${randomUUID()}.${image.ext}`;
    const { size } = await getStorage().put(storageKey, bytes);
    db.insert(contributionAttachments)
      .values({ contributionId, storageKey, fileName: file.name.slice(0, 200) || `photo.${image.ext}`, contentType: image.type, size })
      .run();
  }
}
