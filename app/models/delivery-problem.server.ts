// Addresses Mailgun reported as dead (a permanent bounce) or as complaining (marked as spam): the
// owner's contact and open invitations are marked, so nothing more is sent there (decision 0143).
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { campaigns, contacts, invitations, newsletters } from "#db/schema";
import { db } from "~/lib/db.server";

export type DeliveryProblemKind = "undeliverable" | "unsubscribed";
export type DeliveryProblem = { kind: DeliveryProblemKind; reason: string; at: Date };

const sameAddress = (column: typeof contacts.email | typeof invitations.email, email: string) => sql`lower(${column}) = ${email.trim().toLowerCase()}`;

/**
 * The owner an outbox row was sent for, read from its dedupe key: an invitation or reminder to a
 * relative (`invitation:<id>…`, `reminder:<id>:<n>`, `empty-reply-note:<id>:…`) or a newsletter
 * (`newsletter:<id>:<address>`). Null for mail to account holders (resets, podcast news).
 */
export function ownerOfOutboxKey(key: string | null): { ownerId: string; invitationId: string | null } | null {
  const [kind, id] = (key ?? "").split(":");
  if (!id) return null;
  if (kind === "invitation" || kind === "reminder" || kind === "empty-reply-note") {
    const row = db
      .select({ ownerId: campaigns.ownerId })
      .from(invitations)
      .innerJoin(campaigns, eq(campaigns.id, invitations.campaignId))
      .where(eq(invitations.id, id))
      .get();
    return row ? { ownerId: row.ownerId, invitationId: id } : null;
  }
  if (kind === "newsletter") {
    const row = db.select({ ownerId: newsletters.ownerId }).from(newsletters).where(eq(newsletters.id, id)).get();
    return row ? { ownerId: row.ownerId, invitationId: null } : null;
  }
  return null;
}

/**
 * Marks one owner's contact with this address and every open invitation to it in the owner's
 * collections. A complaint outranks a bounce: an unsubscribed contact stays unsubscribed.
 */
export function markDeliveryProblem(ownerId: string, email: string, problem: DeliveryProblem) {
  return db.transaction(() => {
    const contactUpdate = db
      .update(contacts)
      .set({ deliveryStatus: problem.kind, deliveryProblem: problem.reason, deliveryProblemAt: problem.at })
      .where(
        and(
          eq(contacts.ownerId, ownerId),
          sameAddress(contacts.email, email),
          problem.kind === "undeliverable" ? ne(contacts.deliveryStatus, "unsubscribed") : undefined,
        ),
      )
      .run();
    const owned = db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.ownerId, ownerId));
    const invitationUpdate = db
      .update(invitations)
      .set({ status: problem.kind === "undeliverable" ? "failed" : "unsubscribed", failureReason: problem.reason })
      .where(
        and(
          inArray(invitations.campaignId, owned),
          sameAddress(invitations.email, email),
          inArray(invitations.status, problem.kind === "undeliverable" ? ["pending", "sent"] : ["pending", "sent", "failed"]),
        ),
      )
      .run();
    return { contacts: contactUpdate.changes, invitations: invitationUpdate.changes };
  });
}

/** The owner's addresses that must get no more e-mail (lower-cased), with why. */
export function blockedAddresses(ownerId: string): Map<string, { kind: DeliveryProblemKind; reason: string | null }> {
  const rows = db
    .select({ email: contacts.email, kind: contacts.deliveryStatus, reason: contacts.deliveryProblem })
    .from(contacts)
    .where(and(eq(contacts.ownerId, ownerId), ne(contacts.deliveryStatus, "ok")))
    .all();
  return new Map(rows.map((r) => [r.email.trim().toLowerCase(), { kind: r.kind as DeliveryProblemKind, reason: r.reason }]));
}

/** The owner's contact with this address, if any (for a correction to carry the contact along). */
export function contactByAddress(ownerId: string, email: string) {
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.ownerId, ownerId), sameAddress(contacts.email, email)))
    .get();
}

/** A pending invitation to an address known to be blocked: never sent, shown to the owner with why. */
export function markInvitationBlocked(invitationId: string, kind: DeliveryProblemKind, reason: string | null) {
  db.update(invitations)
    .set({ status: kind === "undeliverable" ? "failed" : "unsubscribed", failureReason: reason })
    .where(and(eq(invitations.id, invitationId), eq(invitations.status, "pending")))
    .run();
}

/** Whether another invitation of the collection already goes to this address (case ignored). */
export function isInvitedTo(campaignId: string, email: string) {
  return Boolean(
    db
      .select({ id: invitations.id })
      .from(invitations)
      .where(and(eq(invitations.campaignId, campaignId), sameAddress(invitations.email, email)))
      .get(),
  );
}

/**
 * A bounced invitation gets the corrected address and counts as sent from now, reminders from zero;
 * the owner's contact with the old address moves along (unless one with the new address exists).
 * False when the invitation is no longer 'failed' (a double submit already corrected it).
 */
export function correctInvitationAddress(ownerId: string, invitationId: string, oldEmail: string, email: string, at: Date) {
  const corrected =
    db
      .update(invitations)
      .set({ email, status: "sent", sentAt: at, reminderCount: 0, lastReminderAt: null, failureReason: null })
      .where(and(eq(invitations.id, invitationId), eq(invitations.status, "failed")))
      .run().changes === 1;
  if (corrected && !contactByAddress(ownerId, email)) {
    db.update(contacts)
      .set({ email, deliveryStatus: "ok", deliveryProblem: null, deliveryProblemAt: null, updatedAt: at })
      .where(and(eq(contacts.ownerId, ownerId), sameAddress(contacts.email, oldEmail), eq(contacts.deliveryStatus, "undeliverable")))
      .run();
  }
  return corrected;
}
