import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { emailOutbox } from "#db/schema";
import { db } from "~/lib/db.server";

export type OutboxEmail = typeof emailOutbox.$inferSelect;
export type OutboxStatus = OutboxEmail["status"];

export type QueueEmailInput = {
  /** What the mail is for ("password_reset", "campaign_invitation", …), for the mailbox and stats. */
  kind: string;
  to: string;
  from: string;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  dedupeKey?: string | null;
};

/**
 * Delivery keeps trying a message for this long after it was written (a day of Mailgun throttling or
 * an outage loses nothing), then gives up: 'failed' with the last reason (decision 0193).
 */
export const DELIVERY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A guard against a loop, far above what the backoff makes in a day (about 30 tries). */
export const MAX_EMAIL_ATTEMPTS = 60;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/**
 * When to try again after `attempts` tries: one minute, doubling to an hour at most, each delay
 * drawn from 80-120 % of that so a throttled batch does not come back all at once.
 */
export function nextRetryAt(attempts: number, at: Date, random = Math.random) {
  const base = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return new Date(at.getTime() + Math.round(base * (0.8 + 0.4 * random())));
}
/**
 * A 'queued' row younger than this is probably being sent right now by the request that wrote it,
 * so a retry run leaves it alone; older ones were interrupted (crash, restart) and are picked up.
 */
export const QUEUED_GRACE_MS = 60_000;

/**
 * Writes a message to the outbox. With a dedupeKey the same message is written once: a second call
 * returns the first row (so a retried job never queues an invitation twice).
 */
export function queueEmail(input: QueueEmailInput): OutboxEmail {
  const values = { ...input, replyTo: input.replyTo ?? null, headers: input.headers ?? {}, dedupeKey: input.dedupeKey ?? null, status: "queued" as const };
  const inserted = db.insert(emailOutbox).values(values).onConflictDoNothing({ target: emailOutbox.dedupeKey }).returning().get();
  if (inserted) return inserted;
  return db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, input.dedupeKey!)).get()!;
}

/**
 * Claims a message for delivery: only one sender can move it from queued/failed to 'sending'.
 * Returns undefined when someone else has it or it is already sent.
 */
export function claimForSending(id: string, now = new Date()) {
  return db
    .update(emailOutbox)
    .set({ status: "sending", claimedAt: now, attempts: sql`${emailOutbox.attempts} + 1` })
    .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ["queued", "retrying"]), lt(emailOutbox.attempts, MAX_EMAIL_ATTEMPTS)))
    .returning()
    .get();
}

/** 'sending' claims older than the grace: the process died mid-send; Mailgun knows if it went out. */
export function staleSendingEmails(staleMs: number, limit = 100, now = new Date()) {
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "sending"), lt(emailOutbox.claimedAt, new Date(now.getTime() - staleMs))))
    .orderBy(asc(emailOutbox.claimedAt))
    .limit(limit)
    .all();
}

export function markSent(id: string, providerMessageId: string | null, now = new Date()) {
  return db
    .update(emailOutbox)
    .set({ status: "sent", providerMessageId, sentAt: now, lastError: null, retryAt: null })
    .where(eq(emailOutbox.id, id))
    .returning()
    .get();
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/** Given up on: the message will not be sent. */
export function markFailed(id: string, error: unknown) {
  return db
    .update(emailOutbox)
    .set({ status: "failed", lastError: errorText(error), retryAt: null })
    .where(eq(emailOutbox.id, id))
    .returning()
    .get();
}

/** Not sent this time; tried again from `retryAt`. */
export function markRetrying(id: string, error: unknown, retryAt: Date) {
  return db
    .update(emailOutbox)
    .set({ status: "retrying", lastError: errorText(error), retryAt })
    .where(eq(emailOutbox.id, id))
    .returning()
    .get();
}

/**
 * Mailgun may have accepted it (no answer in time): left 'sending', so nothing sends it again until
 * the reconciliation has asked Mailgun's log (send.server.ts).
 */
export function markUnsettled(id: string, error: unknown) {
  return db.update(emailOutbox).set({ lastError: errorText(error) }).where(eq(emailOutbox.id, id)).returning().get();
}

/**
 * A list's messages to `to` that no sender has handed over yet, found by their List-Unsubscribe link:
 * given up on, because the recipient left that list.
 */
export function withdrawListMail(to: string, unsubscribeUrls: readonly string[], reason: string) {
  if (unsubscribeUrls.length === 0) return 0;
  return db
    .update(emailOutbox)
    .set({ status: "failed", lastError: reason, retryAt: null })
    .where(
      and(
        sql`lower(${emailOutbox.to}) = ${to.trim().toLowerCase()}`,
        inArray(emailOutbox.status, ["queued", "retrying"]),
        inArray(sql`json_extract(${emailOutbox.headers}, '$."List-Unsubscribe"')`, unsubscribeUrls.map((url) => `<${url}>`)),
      ),
    )
    .run().changes;
}

/** A local run without Mailgun: the outbox is the mailbox. */
export function markStored(id: string) {
  return db.update(emailOutbox).set({ status: "stored" }).where(eq(emailOutbox.id, id)).returning().get();
}

/** Newest first. */
export function listOutbox({ limit = 100 }: { limit?: number } = {}) {
  return db
    .select()
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit)
    .all();
}

export function getOutboxEmail(id: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).get();
}

/** Messages still to deliver, oldest first: retrying ones whose time has come, and stale queued ones. */
export function pendingEmails(limit = 20, now = new Date(), queuedGraceMs = QUEUED_GRACE_MS) {
  const staleBefore = new Date(now.getTime() - queuedGraceMs + (queuedGraceMs === 0 ? 1 : 0));
  return db
    .select()
    .from(emailOutbox)
    .where(
      and(
        lt(emailOutbox.attempts, MAX_EMAIL_ATTEMPTS),
        or(
          and(eq(emailOutbox.status, "retrying"), or(isNull(emailOutbox.retryAt), lte(emailOutbox.retryAt, now))),
          and(eq(emailOutbox.status, "queued"), lt(emailOutbox.createdAt, staleBefore)),
        ),
      ),
    )
    .orderBy(asc(emailOutbox.createdAt))
    .limit(limit)
    .all();
}

