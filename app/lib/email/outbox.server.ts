import { emailOutbox } from "#db/schema";
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";

import { db } from "~/lib/db.server";

export type OutboxEmail = typeof emailOutbox.$inferSelect;
export type OutboxStatus = OutboxEmail["status"];

export type QueueEmailInput = {
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

// Tried for a day, so Mailgun throttling or an outage loses nothing, then given up on (decision 0193).
export const DELIVERY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const MAX_EMAIL_ATTEMPTS = 60;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;

// Each delay is jittered, so a throttled batch does not come back all at once.
export function nextRetryAt(attempts: number, at: Date, random = Math.random) {
  const base = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return new Date(at.getTime() + Math.round(base * (0.8 + 0.4 * random())));
}
// A younger 'queued' row is probably being sent by the request that wrote it.
export const QUEUED_GRACE_MS = 60_000;

export function queueEmail(input: QueueEmailInput): OutboxEmail {
  const values = {
    ...input,
    replyTo: input.replyTo ?? null,
    headers: input.headers ?? {},
    dedupeKey: input.dedupeKey ?? null,
    status: "queued" as const,
  };
  const inserted = db
    .insert(emailOutbox)
    .values(values)
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning()
    .get();
  if (inserted) return inserted;
  return db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, input.dedupeKey!)).get()!;
}

export function claimForSending(id: string, now = new Date()) {
  return db
    .update(emailOutbox)
    .set({ status: "sending", claimedAt: now, attempts: sql`${emailOutbox.attempts} + 1` })
    .where(
      and(
        eq(emailOutbox.id, id),
        inArray(emailOutbox.status, ["queued", "retrying"]),
        lt(emailOutbox.attempts, MAX_EMAIL_ATTEMPTS),
      ),
    )
    .returning()
    .get();
}

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

export function markFailed(id: string, error: unknown) {
  return db
    .update(emailOutbox)
    .set({ status: "failed", lastError: errorText(error), retryAt: null })
    .where(eq(emailOutbox.id, id))
    .returning()
    .get();
}

export function markRetrying(id: string, error: unknown, retryAt: Date) {
  return db
    .update(emailOutbox)
    .set({ status: "retrying", lastError: errorText(error), retryAt })
    .where(eq(emailOutbox.id, id))
    .returning()
    .get();
}

// Left 'sending', so nothing sends it again until the reconciliation has asked Mailgun's log.
export function markUnsettled(id: string, error: unknown) {
  return db
    .update(emailOutbox)
    .set({ lastError: errorText(error) })
    .where(eq(emailOutbox.id, id))
    .returning()
    .get();
}

export function withdrawListMail(to: string, unsubscribeUrls: readonly string[], reason: string) {
  if (unsubscribeUrls.length === 0) return 0;
  return db
    .update(emailOutbox)
    .set({ status: "failed", lastError: reason, retryAt: null })
    .where(
      and(
        sql`lower(${emailOutbox.to}) = ${to.trim().toLowerCase()}`,
        inArray(emailOutbox.status, ["queued", "retrying"]),
        inArray(
          sql`json_extract(${emailOutbox.headers}, '$."List-Unsubscribe"')`,
          unsubscribeUrls.map((url) => `<${url}>`),
        ),
      ),
    )
    .run().changes;
}

export function markStored(id: string) {
  return db.update(emailOutbox).set({ status: "stored" }).where(eq(emailOutbox.id, id)).returning().get();
}

export function listOutbox({ limit = 100 }: { limit?: number } = {}) {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id)).limit(limit).all();
}

export function getOutboxEmail(id: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).get();
}

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
