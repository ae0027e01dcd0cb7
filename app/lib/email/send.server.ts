// Outgoing e-mail. Every message is written to the outbox first, so nothing is lost. With Mailgun
// configured it is claimed ('sending'), sent and marked sent, or 'retrying' by backoff for a day and
// then 'failed' (decision 0193); a claim left behind by a crash or by an answer that never came is
// settled by asking Mailgun's event log, so a message is sent once. Without Mailgun (a local run) it is 'stored' and /dev/mailbox shows it.
import { recordSystemError } from "~/lib/system-errors.server";
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
import { now } from "~/lib/clock.server";
import { env } from "~/lib/env.server";
import { headerValue } from "./header-value";
import { fromLine, sendingDomainFor, supportAddress, type Sender } from "./senders.server";
import { createMailgun, describeMailgunError, mailgunFailure, mailgunSend, mailgunWasAccepted, OUTBOX_ID_VARIABLE, outboxMessageId } from "./mailgun.server";

export type SendEmailInput = {
  /** What the mail is for, e.g. "password_reset"; shown in the mailbox and error records. */
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Unset: the service's own address. */
  from?: Sender;
  /** Unset: the support inbox, so every reply reaches a person. */
  replyTo?: string | null;
  /**
   * RFC 3834, for mail no person sent (decision 0201): "auto-generated" for notifications,
   * "auto-replied" for a note answering an e-mail that came in. Out-of-office responders then stay quiet.
   */
  autoSubmitted?: "auto-generated" | "auto-replied";
  /** Extra MIME headers (name → value), e.g. { "List-Unsubscribe": "<…>" }. */
  headers?: Record<string, string>;
  /** Same key, same e-mail: written to the outbox once whatever happens. */
  dedupeKey?: string;
};

type Mailer = NonNullable<ReturnType<typeof createMailgun>>;

// Built once per process: env() is parsed once too.
let mailgun: ReturnType<typeof createMailgun> | undefined;
function getMailgun() {
  if (mailgun === undefined) mailgun = createMailgun();
  return mailgun;
}

/** True when mail really leaves the machine (Mailgun configured). */
export const isEmailDeliveryConfigured = () => getMailgun() !== null;

/** A claim older than this is from a process that died mid-send (Mailgun's log may lag a little). */
export const SENDING_STALE_MS = () => env().EMAIL_RECONCILE_AFTER_MS;

/**
 * Writes the message to the outbox without sending it (the job runner delivers it). Every e-mail is
 * built here, so this is where its header values are made one clean line each (header-value.ts).
 */
export function queueOutgoingEmail({ from, replyTo, autoSubmitted, ...input }: SendEmailInput): OutboxEmail {
  const automatic = autoSubmitted ? { "Auto-Submitted": autoSubmitted, "X-Auto-Response-Suppress": "All" } : {};
  const headers = Object.fromEntries(Object.entries({ ...input.headers, ...automatic }).map(([name, value]) => [name, headerValue(value)]));
  return queueEmail({
    ...input,
    to: headerValue(input.to),
    subject: headerValue(input.subject),
    replyTo: headerValue(replyTo || supportAddress()),
    headers,
    from: headerValue(fromLine(from)),
  });
}

/**
 * Writes the message to the outbox, then delivers it. Never throws for a delivery problem: the
 * returned row's status says what happened ('sent', 'failed' with lastError, or 'stored').
 */
export async function sendEmail(input: SendEmailInput): Promise<OutboxEmail> {
  return deliverEmail(queueOutgoingEmail(input));
}

/** Delivers one outbox row (if nobody else is delivering it). */
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
      recordSystemError({ error: new Error(`No answer from Mailgun for "${row.kind}" e-mail ${row.id} to ${row.to}: ${reason}`), errorType: "email_send_unsettled", workflow: `email:${row.kind}`, severity: "medium" });
      return markUnsettled(row.id, reason) ?? row;
    }
    return refused(row, reason, { permanent: failure.permanent });
  }
}

/**
 * Mailgun did not take it: tried again by backoff while the day lasts (`now`: at once, for a send a
 * crash interrupted long enough ago), else given up on.
 */
function refused(row: OutboxEmail, reason: string, { permanent = false, now: atOnce = false } = {}) {
  const at = now();
  const gaveUp = permanent || at.getTime() - row.createdAt.getTime() >= DELIVERY_WINDOW_MS || row.attempts >= MAX_EMAIL_ATTEMPTS;
  recordSystemError({
    error: new Error(`Could not send "${row.kind}" e-mail ${row.id} to ${row.to}: ${reason}`),
    errorType: "email_send_failed",
    workflow: `email:${row.kind}`,
    // A failure will be retried; only giving up needs an administrator.
    severity: gaveUp ? "high" : "medium",
  });
  return (gaveUp ? markFailed(row.id, reason) : markRetrying(row.id, reason, atOnce ? at : nextRetryAt(row.attempts, at))) ?? row;
}

/** Delivers many rows with a few requests in flight at once (Mailgun is happy with that). */
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

/**
 * Settles interrupted sends, then retries failed messages (and queued ones a crash interrupted).
 * Overlapping calls share one run.
 */
export function deliverPendingEmails(limit = 200, { afterRestart = false } = {}): Promise<DeliveryReport> {
  delivering ??= runDelivery(limit, afterRestart).finally(() => {
    delivering = null;
  });
  return delivering;
}

/**
 * `afterRestart`: this process just became the only sender, so queued rows of any age were left by
 * the process that died and are delivered at once.
 */
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

/**
 * A row left 'sending' means the process died between handing it to Mailgun and writing the answer.
 * Mailgun's event log says whether it was accepted: if so it is sent, otherwise it goes back to be retried.
 */
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
        if (await mailgunWasAccepted(mg.client, domain, messageId, row.claimedAt ?? row.createdAt, now())) markSent(row.id, `<${messageId}>`, now());
        else refused(row, row.lastError ?? "Interrupted before Mailgun accepted it", { now: true });
      } catch (error) {
        // Unknown outcome: leave it 'sending' and ask again next time rather than risk a duplicate.
        recordSystemError({ error, errorType: "email_reconcile_failed", workflow: `email:${row.kind}`, severity: "medium" });
        continue;
      }
    }
    settled++;
  }
  return settled;
}
