// Outgoing e-mail. Every message is written to the outbox first, so nothing is lost: with Mailgun
// configured it is then sent and marked sent/failed (failed ones are retried by
// deliverPendingEmails); without Mailgun (a local run) it is marked 'stored' and /dev/mailbox shows it.
import { recordSystemError } from "~/models/system-error.server";
import {
  markFailed,
  markSent,
  markStored,
  MAX_EMAIL_ATTEMPTS,
  pendingEmails,
  queueEmail,
  type OutboxEmail,
} from "~/models/outbox.server";
import { env } from "./env.server";
import { createMailgun, describeMailgunError, mailgunSend } from "./mailgun.server";

export type SendEmailInput = {
  /** What the mail is for, e.g. "password_reset"; shown in the mailbox and error records. */
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string | null;
  /** Extra MIME headers (name → value), e.g. { "X-Storyhearth-Campaign": id }. */
  headers?: Record<string, string>;
};

// Built once per process: env() is parsed once too.
let mailgun: ReturnType<typeof createMailgun> | undefined;
function getMailgun() {
  if (mailgun === undefined) mailgun = createMailgun();
  return mailgun;
}

/** True when mail really leaves the machine (Mailgun configured). */
export const isEmailDeliveryConfigured = () => getMailgun() !== null;

/**
 * Writes the message to the outbox, then delivers it. Never throws for a delivery problem: the
 * returned row's status says what happened ('sent', 'failed' with lastError, or 'stored').
 */
export async function sendEmail(input: SendEmailInput): Promise<OutboxEmail> {
  const row = queueEmail({ ...input, from: env().MAIL_FROM });
  const mg = getMailgun();
  if (!mg) return markStored(row.id) ?? row;
  return deliver(row, mg);
}

async function deliver(row: OutboxEmail, mg: NonNullable<ReturnType<typeof createMailgun>>): Promise<OutboxEmail> {
  try {
    const result = await mailgunSend(mg.client, mg.domain, {
      from: row.from,
      to: row.to,
      subject: row.subject,
      html: row.html,
      text: row.text,
      replyTo: row.replyTo,
      headers: row.headers,
    });
    return markSent(row.id, result.id) ?? row;
  } catch (error) {
    const reason = describeMailgunError(error);
    const gaveUp = row.attempts + 1 >= MAX_EMAIL_ATTEMPTS;
    recordSystemError({
      error: new Error(`Could not send "${row.kind}" e-mail ${row.id} to ${row.to}: ${reason}`),
      errorType: "email_send_failed",
      workflow: `email:${row.kind}`,
      // A single failure will be retried; only giving up needs an administrator.
      severity: gaveUp ? "high" : "medium",
    });
    return markFailed(row.id, reason) ?? row;
  }
}

export type DeliveryReport = { attempted: number; sent: number; failed: number; stored: number };

let delivering: Promise<DeliveryReport> | null = null;

/**
 * Retries failed messages (and queued ones a crash interrupted) with tries left. For the job runner;
 * overlapping calls share one run so a message is never sent twice by two ticks.
 */
export function deliverPendingEmails(limit = 20): Promise<DeliveryReport> {
  delivering ??= runDelivery(limit).finally(() => {
    delivering = null;
  });
  return delivering;
}

async function runDelivery(limit: number): Promise<DeliveryReport> {
  const report: DeliveryReport = { attempted: 0, sent: 0, failed: 0, stored: 0 };
  const mg = getMailgun();
  for (const row of pendingEmails(limit)) {
    report.attempted++;
    if (!mg) {
      markStored(row.id);
      report.stored++;
      continue;
    }
    // One at a time: a retry run is background work, and it keeps Mailgun's rate limits happy.
    const result = await deliver(row, mg);
    if (result.status === "sent") report.sent++;
    else report.failed++;
  }
  return report;
}
