import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

import { devToolsEnabled, env } from "~/lib/env.server";

/** A signed post older (or newer) than this is refused, so a captured one cannot be replayed later. */
export const WEBHOOK_MAX_AGE_SECONDS = 5 * 60;

export function webhookSigningKey() {
  return env().MAILGUN_WEBHOOK_SIGNING_KEY ?? (devToolsEnabled() ? "dev-webhook-signing-key" : null);
}

export const signWebhook = (key: string, timestamp: string, token: string) =>
  createHmac("sha256", key)
    .update(timestamp + token)
    .digest("hex");

export type SignatureCheck = "ok" | "missing" | "forged" | "stale";

export function checkWebhookSignature(
  fields: { timestamp?: string; token?: string; signature?: string },
  key: string,
  at: Date,
): SignatureCheck {
  const { timestamp, token, signature } = fields;
  if (!timestamp || !token || !signature || !/^\d+$/.test(timestamp)) return "missing";
  const expected = Buffer.from(signWebhook(key, timestamp, token), "hex");
  const given = Buffer.from(signature, "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "forged";
  if (Math.abs(at.getTime() / 1000 - Number(timestamp)) > WEBHOOK_MAX_AGE_SECONDS) return "stale";
  return "ok";
}

export type InboundMessage = {
  recipient: string;
  from: string;
  subject: string;
  bodyPlain?: string;
  bodyHtml?: string;
  messageId: string;
  attachments?: File[];
  headers?: Record<string, string>;
};

export function signedInboundForm(
  message: InboundMessage,
  key: string,
  at: Date,
  token = randomBytes(25).toString("hex"),
) {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const form = new FormData();
  form.set("recipient", message.recipient);
  form.set("sender", message.from.replace(/^.*<([^>]+)>.*$/, "$1"));
  form.set("from", message.from);
  form.set("subject", message.subject);
  if (message.bodyPlain !== undefined) form.set("body-plain", message.bodyPlain);
  if (message.bodyHtml !== undefined) form.set("body-html", message.bodyHtml);
  for (const [name, value] of Object.entries(message.headers ?? {})) form.set(name, value);
  form.set("Message-Id", message.messageId);
  form.set("timestamp", timestamp);
  form.set("token", token);
  form.set("signature", signWebhook(key, timestamp, token));
  const attachments = message.attachments ?? [];
  form.set("attachment-count", String(attachments.length));
  attachments.forEach((file, i) => form.set(`attachment-${i + 1}`, file));
  return form;
}
