// Addresses Mailgun reported as dead (a permanent bounce) or as complaining (marked as spam): the
// address is suppressed and the owner's contact and open invitations are marked, so nothing more is
// sent there (decision 0143; by address since).
import { and, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { campaigns, contacts, invitations, newsletters, suppressedAddresses } from "#db/schema";
import { db } from "~/lib/db.server";

export type DeliveryProblemKind = "undeliverable" | "unsubscribed";
export type DeliveryProblem = { kind: DeliveryProblemKind; reason: string; at: Date };

const sameAddress = (column: typeof contacts.email | typeof invitations.email, email: string) => sql`lower(${column}) = ${email.trim().toLowerCase()}`;

/**
 * The owner an outbox row was sent for, read from its dedupe key: an invitation or reminder to a
 * relative (`invitation:<id>…`, `reminder:<id>:<n>`, `empty-reply-note:<id>:…`, `story-thanks:<id>:…`) or a newsletter
 * (`newsletter:<id>:<address>`). Null for mail to account holders (resets, podcast news).
 */
export function ownerOfOutboxKey(key: string | null): { ownerId: string; invitationId: string | null } | null {
  const [kind, id] = (key ?? "").split(":");
  if (!id) return null;
  if (kind === "invitation" || kind === "reminder" || kind === "empty-reply-note" || kind === "story-thanks") {
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
export function markDeliveryProblem(ownerId: string, email: string, problem: DeliveryProblem, everyoneElse?: DeliveryProblem) {
  return db.transaction(() => {
    suppress(ownerId, email, problem);
    if (everyoneElse) suppress(null, email, everyoneElse);
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

/** One row per scope and address; a complaint outranks a bounce, a later bounce only updates its words. */
function suppress(ownerId: string | null, email: string, problem: DeliveryProblem) {
  const address = email.trim().toLowerCase();
  const scope = ownerId === null ? isNull(suppressedAddresses.ownerId) : eq(suppressedAddresses.ownerId, ownerId);
  const existing = db.select().from(suppressedAddresses).where(and(scope, eq(suppressedAddresses.email, address))).get();
  if (!existing) {
    db.insert(suppressedAddresses).values({ ownerId, email: address, kind: problem.kind, reason: problem.reason, createdAt: problem.at }).run();
  } else if (!(existing.kind === "unsubscribed" && problem.kind === "undeliverable")) {
    db.update(suppressedAddresses).set({ kind: problem.kind, reason: problem.reason, createdAt: problem.at }).where(eq(suppressedAddresses.id, existing.id)).run();
  }
}

export type Blocked = { kind: DeliveryProblemKind; reason: string | null };

/**
 * The owner's addresses that must get no more e-mail (lower-cased), with why: the owner's own
 * suppressions and contacts marked by 0143, and complaints made against anyone's mail. `among`
 * narrows it to the addresses a caller is about to use.
 */
export function blockedAddresses(ownerId: string, among?: readonly string[]): Map<string, Blocked> {
  const wanted = among?.map((e) => e.trim().toLowerCase());
  if (wanted && wanted.length === 0) return new Map();
  const out = new Map<string, Blocked>();
  const suppressed = db
    .select({ email: suppressedAddresses.email, kind: suppressedAddresses.kind, reason: suppressedAddresses.reason, ownerId: suppressedAddresses.ownerId })
    .from(suppressedAddresses)
    .where(and(or(eq(suppressedAddresses.ownerId, ownerId), isNull(suppressedAddresses.ownerId)), wanted ? inArray(suppressedAddresses.email, wanted) : undefined))
    .all()
    // The owner's own words first: their complaint says more to them than everyone's.
    .sort((a, b) => Number(a.ownerId === null) - Number(b.ownerId === null));
  for (const row of suppressed) if (!out.has(row.email)) out.set(row.email, { kind: row.kind, reason: row.reason });
  const marked = db
    .select({ email: contacts.email, kind: contacts.deliveryStatus, reason: contacts.deliveryProblem })
    .from(contacts)
    .where(and(eq(contacts.ownerId, ownerId), ne(contacts.deliveryStatus, "ok"), wanted ? inArray(sql`lower(${contacts.email})`, wanted) : undefined))
    .all();
  for (const r of marked) {
    const email = r.email.trim().toLowerCase();
    if (!out.has(email)) out.set(email, { kind: r.kind as DeliveryProblemKind, reason: r.reason });
  }
  return out;
}

/** Why this owner may not e-mail this address, or undefined when they may. */
export const blockedAddress = (ownerId: string, email: string): Blocked | undefined => blockedAddresses(ownerId, [email]).get(email.trim().toLowerCase());

/** The owner's contact with this address, if any (for a correction to carry the contact along). */
export function contactByAddress(ownerId: string, email: string) {
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.ownerId, ownerId), sameAddress(contacts.email, email)))
    .get();
}

/** An invitation (not yet sent, or waiting for reminders) to an address known to be blocked: shown to the owner with why. */
export function markInvitationBlocked(invitationId: string, kind: DeliveryProblemKind, reason: string | null) {
  db.update(invitations)
    .set({ status: kind === "undeliverable" ? "failed" : "unsubscribed", failureReason: reason })
    .where(and(eq(invitations.id, invitationId), inArray(invitations.status, ["pending", "sent"])))
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
