import { and, asc, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
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

/** Delivery gives up on a message after this many tries; it stays 'failed' in the outbox. */
export const MAX_EMAIL_ATTEMPTS = 5;
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
    .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ["queued", "failed"]), lt(emailOutbox.attempts, MAX_EMAIL_ATTEMPTS)))
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
    .set({ status: "sent", providerMessageId, sentAt: now, lastError: null })
    .where(eq(emailOutbox.id, id))
    .returning()
    .get();
}

export function markFailed(id: string, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  return db
    .update(emailOutbox)
    .set({ status: "failed", lastError: message.slice(0, 2000) })
    .where(eq(emailOutbox.id, id))
    .returning()
    .get();
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

/** Messages still to deliver, oldest first: failed ones with tries left, and stale queued ones. */
export function pendingEmails(limit = 20, now = new Date(), queuedGraceMs = QUEUED_GRACE_MS) {
  const staleBefore = new Date(now.getTime() - queuedGraceMs + (queuedGraceMs === 0 ? 1 : 0));
  return db
    .select()
    .from(emailOutbox)
    .where(
      and(
        lt(emailOutbox.attempts, MAX_EMAIL_ATTEMPTS),
        or(
          eq(emailOutbox.status, "failed"),
          and(eq(emailOutbox.status, "queued"), lt(emailOutbox.createdAt, staleBefore)),
        ),
      ),
    )
    .orderBy(asc(emailOutbox.createdAt))
    .limit(limit)
    .all();
}

