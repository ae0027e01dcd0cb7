// Every message is written to the outbox first, so nothing is lost; a claim left by a crash or an unanswered
// send is settled by asking Mailgun's log, so a message is sent once (decision 0193).
import { now } from "~/lib/clock.server";
import {
  claimForSending,
  DELIVERY_WINDOW_MS,
  markFailed,
  markRetrying,
  markSent,
  markStored,
  markUnsettled,
  MAX_EMAIL_ATTEMPTS,
  nextRetryAt,
  pendingEmails,
  queueEmail,
  staleSendingEmails,
  type OutboxEmail,
} from "~/lib/email/outbox.server";
import { env } from "~/lib/env.server";
import { recordSystemError } from "~/lib/system-errors.server";

import { headerValue } from "./header-value";
import {
  createMailgun,
  describeMailgunError,
  mailgunFailure,
  mailgunSend,
  mailgunWasAccepted,
  OUTBOX_ID_VARIABLE,
  outboxMessageId,
} from "./mailgun.server";
import { fromLine, sendingDomainFor, supportAddress, type Sender } from "./senders.server";

export type SendEmailInput = {
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  from?: Sender;
  replyTo?: string | null;
  /** RFC 3834, for mail no person sent, so out-of-office responders stay quiet (decision 0201). */
  autoSubmitted?: "auto-generated" | "auto-replied";
  headers?: Record<string, string>;
  dedupeKey?: string;
};

type Mailer = NonNullable<ReturnType<typeof createMailgun>>;

let mailgun: ReturnType<typeof createMailgun> | undefined;
function getMailgun() {
  if (mailgun === undefined) mailgun = createMailgun();
  return mailgun;
}

export const isEmailDeliveryConfigured = () => getMailgun() !== null;

export const SENDING_STALE_MS = () => env().EMAIL_RECONCILE_AFTER_MS;

export function queueOutgoingEmail({ from, replyTo, autoSubmitted, ...input }: SendEmailInput): OutboxEmail {
  const automatic = autoSubmitted ? { "Auto-Submitted": autoSubmitted, "X-Auto-Response-Suppress": "All" } : {};
  const headers = Object.fromEntries(
    Object.entries({ ...input.headers, ...automatic }).map(([name, value]) => [name, headerValue(value)]),
  );
  return queueEmail({
    ...input,
    to: headerValue(input.to),
    subject: headerValue(input.subject),
    replyTo: headerValue(replyTo || supportAddress()),
    headers,
    from: headerValue(fromLine(from)),
  });
}

export async function sendEmail(input: SendEmailInput): Promise<OutboxEmail> {
  return deliverEmail(queueOutgoingEmail(input));
}

export async function deliverEmail(row: OutboxEmail): Promise<OutboxEmail> {
  const mg = getMailgun();
  if (!mg) return markStored(row.id) ?? row;
  const claimed = claimForSending(row.id, now());
  if (!claimed) return row;
  return send(claimed, mg);
}

async function send(row: OutboxEmail, mg: Mailer): Promise<OutboxEmail> {
  const domain = sendingDomainFor(row.from, mg.domain);
  try {
    const result = await mailgunSend(mg.client, domain, {
      from: row.from,
      to: row.to,
      subject: row.subject,
      html: row.html,
      text: row.text,
      replyTo: row.replyTo,
      headers: { ...row.headers, "Message-Id": `<${outboxMessageId(row.id, domain)}>` },
      variables: { [OUTBOX_ID_VARIABLE]: row.id },
    });
    return markSent(row.id, result.id, now()) ?? row;
  } catch (error) {
    const reason = describeMailgunError(error);
    const failure = mailgunFailure(error);
    // No answer: Mailgun may have it. The reconciliation asks its log before anything is sent again.
    if (failure.outcome === "unknown") {
      recordSystemError({
        error: new Error(`No answer from Mailgun for "${row.kind}" e-mail ${row.id} to ${row.to}: ${reason}`),
        errorType: "email_send_unsettled",
        workflow: `email:${row.kind}`,
        severity: "medium",
      });
      return markUnsettled(row.id, reason) ?? row;
    }
    return refused(row, reason, { permanent: failure.permanent });
  }
}

function refused(row: OutboxEmail, reason: string, { permanent = false, now: atOnce = false } = {}) {
  const at = now();
  const gaveUp =
    permanent || at.getTime() - row.createdAt.getTime() >= DELIVERY_WINDOW_MS || row.attempts >= MAX_EMAIL_ATTEMPTS;
  recordSystemError({
    error: new Error(`Could not send "${row.kind}" e-mail ${row.id} to ${row.to}: ${reason}`),
    errorType: "email_send_failed",
    workflow: `email:${row.kind}`,
    severity: gaveUp ? "high" : "medium",
  });
  return (
    (gaveUp ? markFailed(row.id, reason) : markRetrying(row.id, reason, atOnce ? at : nextRetryAt(row.attempts, at))) ??
    row
  );
}

export async function deliverEmails(rows: OutboxEmail[], concurrency = 8) {
  const queue = [...rows];
  const results: OutboxEmail[] = [];
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let row = queue.shift(); row; row = queue.shift()) results.push(await deliverEmail(row));
    }),
  );
  return results;
}

export type DeliveryReport = { attempted: number; sent: number; failed: number; stored: number; reconciled: number };

let delivering: Promise<DeliveryReport> | null = null;

export function deliverPendingEmails(limit = 200, { afterRestart = false } = {}): Promise<DeliveryReport> {
  delivering ??= runDelivery(limit, afterRestart).finally(() => {
    delivering = null;
  });
  return delivering;
}

async function runDelivery(limit: number, afterRestart: boolean): Promise<DeliveryReport> {
  const report: DeliveryReport = { attempted: 0, sent: 0, failed: 0, stored: 0, reconciled: 0 };
  report.reconciled = await reconcileInterruptedSends();
  const rows = pendingEmails(limit, now(), afterRestart ? 0 : undefined);
  report.attempted = rows.length;
  for (const row of await deliverEmails(rows)) {
    if (row.status === "sent") report.sent++;
    else if (row.status === "stored") report.stored++;
    else report.failed++;
  }
  return report;
}

export async function reconcileInterruptedSends(staleMs = SENDING_STALE_MS()): Promise<number> {
  const mg = getMailgun();
  let settled = 0;
  for (const row of staleSendingEmails(staleMs, 100, now())) {
    if (!mg) {
      markStored(row.id);
    } else {
      try {
        const domain = sendingDomainFor(row.from, mg.domain);
        const messageId = outboxMessageId(row.id, domain);
        if (await mailgunWasAccepted(mg.client, domain, messageId, row.claimedAt ?? row.createdAt, now()))
          markSent(row.id, `<${messageId}>`, now());
        else refused(row, row.lastError ?? "Interrupted before Mailgun accepted it", { now: true });
      } catch (error) {
        // Unknown outcome: leave it 'sending' and ask again next time rather than risk a duplicate.
        recordSystemError({
          error,
          errorType: "email_reconcile_failed",
          workflow: `email:${row.kind}`,
          severity: "medium",
        });
        continue;
      }
    }
    settled++;
  }
  return settled;
}
