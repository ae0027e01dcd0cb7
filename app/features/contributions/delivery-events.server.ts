// Mailgun's webhooks for mail that will never arrive (decision 0143).
import { z } from "zod";

import { now } from "~/lib/clock.server";
import { OUTBOX_ID_VARIABLE, outboxIdFromMessageId } from "~/lib/email/mailgun.server";
import { getOutboxEmail } from "~/lib/email/outbox.server";
import { markDeliveryProblem, ownerOfOutboxKey, type DeliveryProblem } from "~/models/delivery-problem.server";
import { claimWebhookToken } from "~/models/webhook-token.server";

import { checkWebhookSignature, webhookSigningKey } from "./mailgun-webhook.server";

const short = (max: number) => z.string().max(max).optional();

export const DeliveryEventSchema = z.object({
  signature: z.object(
    { timestamp: short(20), token: short(200), signature: short(200) },
    { error: "Malformed webhook: signature fields are missing" },
  ),
  "event-data": z.looseObject({
    event: z.string().max(50),
    severity: short(50),
    recipient: short(320),
    reason: short(200),
    "delivery-status": z
      .looseObject({
        code: z.union([z.number(), z.string().max(20)]).optional(),
        message: short(2000),
        description: short(2000),
      })
      .optional(),
    message: z.looseObject({ headers: z.looseObject({ "message-id": short(998) }).optional() }).optional(),
    "user-variables": z.record(z.string().max(100), z.unknown()).optional(),
  }),
});
export type DeliveryEvent = z.infer<typeof DeliveryEventSchema>;

export type DeliveryEventResult = { status: number; message: string };

export const COMPLAINED_ELSEWHERE = "This address marked an e-mail sent from here as spam, so we send it nothing more.";

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

export function problemOf(data: DeliveryEvent["event-data"], at: Date): DeliveryProblem | null {
  if (data.event === "complained")
    return { kind: "unsubscribed", reason: "The relative marked the e-mail as spam.", at };
  if (data.event !== "failed" || data.severity !== "permanent") return null;
  const status = data["delivery-status"];
  const detail = oneLine(status?.description || status?.message || "").slice(0, 300);
  const code = status?.code ? `${status.code}` : "";
  const reason = detail
    ? `The address refused the e-mail${code ? ` (${code})` : ""}: ${detail}`
    : "The address does not accept e-mail.";
  return { kind: "undeliverable", reason, at };
}

function outboxRowFor(data: DeliveryEvent["event-data"]) {
  const variable = data["user-variables"]?.[OUTBOX_ID_VARIABLE];
  const messageId = data.message?.headers?.["message-id"];
  const id = typeof variable === "string" ? variable : messageId ? outboxIdFromMessageId(messageId) : null;
  return id ? getOutboxEmail(id) : undefined;
}

const addressOf = (to: string) => (/<([^>]+)>/.exec(to)?.[1] ?? to).trim().toLowerCase();

export function handleDeliveryEvent(payload: DeliveryEvent): DeliveryEventResult {
  const key = webhookSigningKey();
  if (!key) return { status: 503, message: "E-mail events are not configured" };
  const at = now();
  const check = checkWebhookSignature(payload.signature, key, at);
  if (check === "missing") return { status: 400, message: "Malformed webhook: signature fields are missing" };
  if (check === "forged") return { status: 401, message: "Invalid webhook signature" };
  if (check === "stale") return { status: 401, message: "Webhook timestamp is too old" };
  if (!claimWebhookToken(payload.signature.token!)) return { status: 406, message: "Replayed webhook token" };

  const data = payload["event-data"];
  const problem = problemOf(data, at);
  // 200 for everything we do not act on, so Mailgun does not retry it.
  if (!problem) return { status: 200, message: `Ignored: ${data.event} events change nothing here` };
  const row = outboxRowFor(data);
  if (!row) return { status: 200, message: "Ignored: not a message this app sent" };
  const owner = ownerOfOutboxKey(row.dedupeKey);
  if (!owner) return { status: 200, message: "Ignored: not an e-mail to a relative" };
  // The row's own address: a forwarded copy's recipient must not mark someone else.
  const everyoneElse = problem.kind === "unsubscribed" ? { ...problem, reason: COMPLAINED_ELSEWHERE } : undefined;
  const changed = markDeliveryProblem(owner.ownerId, addressOf(row.to), problem, everyoneElse);
  return {
    status: 200,
    message: `Recorded: ${changed.invitations} invitation(s) and ${changed.contacts} contact(s) marked ${problem.kind}`,
  };
}
