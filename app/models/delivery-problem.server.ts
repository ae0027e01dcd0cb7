// Addresses Mailgun reported as bounced or complaining: suppressed, and the owner's contact and open invitations marked (decision 0143).
import { campaigns, contacts, invitations, newsletters, suppressedAddresses } from "#db/schema";
import { and, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";

import { db } from "~/lib/db.server";

export type DeliveryProblemKind = "undeliverable" | "unsubscribed";
export type DeliveryProblem = { kind: DeliveryProblemKind; reason: string; at: Date };

const sameAddress = (column: typeof contacts.email | typeof invitations.email, email: string) =>
  sql`lower(${column}) = ${email.trim().toLowerCase()}`;

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

/** A complaint outranks a bounce: an unsubscribed contact stays unsubscribed. */
export function markDeliveryProblem(
  ownerId: string,
  email: string,
  problem: DeliveryProblem,
  everyoneElse?: DeliveryProblem,
) {
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
          inArray(
            invitations.status,
            problem.kind === "undeliverable" ? ["pending", "sent"] : ["pending", "sent", "failed"],
          ),
        ),
      )
      .run();
    return { contacts: contactUpdate.changes, invitations: invitationUpdate.changes };
  });
}

function suppress(ownerId: string | null, email: string, problem: DeliveryProblem) {
  const address = email.trim().toLowerCase();
  const scope = ownerId === null ? isNull(suppressedAddresses.ownerId) : eq(suppressedAddresses.ownerId, ownerId);
  const existing = db
    .select()
    .from(suppressedAddresses)
    .where(and(scope, eq(suppressedAddresses.email, address)))
    .get();
  if (!existing) {
    db.insert(suppressedAddresses)
      .values({ ownerId, email: address, kind: problem.kind, reason: problem.reason, createdAt: problem.at })
      .run();
  } else if (!(existing.kind === "unsubscribed" && problem.kind === "undeliverable")) {
    db.update(suppressedAddresses)
      .set({ kind: problem.kind, reason: problem.reason, createdAt: problem.at })
      .where(eq(suppressedAddresses.id, existing.id))
      .run();
  }
}

export type Blocked = { kind: DeliveryProblemKind; reason: string | null };

export function blockedAddresses(ownerId: string, among?: readonly string[]): Map<string, Blocked> {
  const wanted = among?.map((e) => e.trim().toLowerCase());
  if (wanted && wanted.length === 0) return new Map();
  const out = new Map<string, Blocked>();
  const suppressed = db
    .select({
      email: suppressedAddresses.email,
      kind: suppressedAddresses.kind,
      reason: suppressedAddresses.reason,
      ownerId: suppressedAddresses.ownerId,
    })
    .from(suppressedAddresses)
    .where(
      and(
        or(eq(suppressedAddresses.ownerId, ownerId), isNull(suppressedAddresses.ownerId)),
        wanted ? inArray(suppressedAddresses.email, wanted) : undefined,
      ),
    )
    .all()
    .sort((a, b) => Number(a.ownerId === null) - Number(b.ownerId === null));
  for (const row of suppressed) if (!out.has(row.email)) out.set(row.email, { kind: row.kind, reason: row.reason });
  const marked = db
    .select({ email: contacts.email, kind: contacts.deliveryStatus, reason: contacts.deliveryProblem })
    .from(contacts)
    .where(
      and(
        eq(contacts.ownerId, ownerId),
        ne(contacts.deliveryStatus, "ok"),
        wanted ? inArray(sql`lower(${contacts.email})`, wanted) : undefined,
      ),
    )
    .all();
  for (const r of marked) {
    const email = r.email.trim().toLowerCase();
    if (!out.has(email)) out.set(email, { kind: r.kind as DeliveryProblemKind, reason: r.reason });
  }
  return out;
}

export const blockedAddress = (ownerId: string, email: string): Blocked | undefined =>
  blockedAddresses(ownerId, [email]).get(email.trim().toLowerCase());

export function contactByAddress(ownerId: string, email: string) {
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.ownerId, ownerId), sameAddress(contacts.email, email)))
    .get();
}

export function markInvitationBlocked(invitationId: string, kind: DeliveryProblemKind, reason: string | null) {
  db.update(invitations)
    .set({ status: kind === "undeliverable" ? "failed" : "unsubscribed", failureReason: reason })
    .where(and(eq(invitations.id, invitationId), inArray(invitations.status, ["pending", "sent"])))
    .run();
}

export function isInvitedTo(campaignId: string, email: string) {
  return Boolean(
    db
      .select({ id: invitations.id })
      .from(invitations)
      .where(and(eq(invitations.campaignId, campaignId), sameAddress(invitations.email, email)))
      .get(),
  );
}

/** False when the invitation is no longer 'failed' (a double submit already corrected it). */
export function correctInvitationAddress(
  ownerId: string,
  invitationId: string,
  oldEmail: string,
  email: string,
  at: Date,
) {
  const corrected =
    db
      .update(invitations)
      .set({ email, status: "sent", sentAt: at, reminderCount: 0, lastReminderAt: null, failureReason: null })
      .where(and(eq(invitations.id, invitationId), eq(invitations.status, "failed")))
      .run().changes === 1;
  if (corrected && !contactByAddress(ownerId, email)) {
    db.update(contacts)
      .set({ email, deliveryStatus: "ok", deliveryProblem: null, deliveryProblemAt: null, updatedAt: at })
      .where(
        and(
          eq(contacts.ownerId, ownerId),
          sameAddress(contacts.email, oldEmail),
          eq(contacts.deliveryStatus, "undeliverable"),
        ),
      )
      .run();
  }
  return corrected;
}
