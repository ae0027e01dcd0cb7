// Who may get a collection's mail: the one rule every sender of collection mail consults, and the
// unsubscribe links it rests on, one per collection and address whatever kind of recipient (decision 0200).
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { campaigns, collectionMailRecipients, invitations } from "#db/schema";
import { db } from "~/lib/db.server";
import { randomToken } from "~/lib/tokens.server";
import { blockedAddresses, type Blocked } from "./delivery-problem.server";

const normalized = (email: string) => email.trim().toLowerCase();

/** Why, for a sender that records it: the address used an unsubscribe link of this collection. */
const UNSUBSCRIBED_REASON = "Unsubscribed from this collection's e-mails.";

/**
 * Why these addresses may not get this collection's mail (lower-cased keys), else nothing for them:
 * the owner's suppressions and everyone's complaints (decision 0143), an unsubscribe from this
 * collection, or an invitation to it that bounced or unsubscribed before unsubscribes had a table.
 */
export function collectionMailBlocks(ownerId: string, campaignId: string, among: readonly string[]): Map<string, Blocked> {
  const wanted = [...new Set(among.map(normalized))];
  if (wanted.length === 0) return new Map();
  const out = blockedAddresses(ownerId, wanted);
  const unsubscribed = db
    .select({ email: collectionMailRecipients.email })
    .from(collectionMailRecipients)
    .where(and(eq(collectionMailRecipients.campaignId, campaignId), inArray(collectionMailRecipients.email, wanted), isNotNull(collectionMailRecipients.unsubscribedAt)))
    .all();
  for (const row of unsubscribed) if (!out.has(row.email)) out.set(row.email, { kind: "unsubscribed", reason: UNSUBSCRIBED_REASON });
  const closed = db
    .select({ email: invitations.email, status: invitations.status, reason: invitations.failureReason })
    .from(invitations)
    .where(and(eq(invitations.campaignId, campaignId), inArray(sql`lower(${invitations.email})`, wanted), inArray(invitations.status, ["failed", "unsubscribed"])))
    .all();
  for (const row of closed) {
    const email = normalized(row.email);
    if (!out.has(email)) out.set(email, { kind: row.status === "failed" ? "undeliverable" : "unsubscribed", reason: row.reason });
  }
  return out;
}

/** Why this address may not get this collection's mail, or undefined when it may. */
export const collectionMailBlock = (ownerId: string, campaignId: string, email: string) => collectionMailBlocks(ownerId, campaignId, [email]).get(normalized(email));

/** The token of this address's unsubscribe link for this collection, made the first time it is needed. */
export function unsubscribeTokenFor(campaignId: string, email: string) {
  const address = normalized(email);
  const row = db
    .insert(collectionMailRecipients)
    .values({ campaignId, email: address, token: randomToken() })
    .onConflictDoNothing({ target: [collectionMailRecipients.campaignId, collectionMailRecipients.email] })
    .returning({ token: collectionMailRecipients.token })
    .get();
  if (row) return row.token;
  return db
    .select({ token: collectionMailRecipients.token })
    .from(collectionMailRecipients)
    .where(and(eq(collectionMailRecipients.campaignId, campaignId), eq(collectionMailRecipients.email, address)))
    .get()!.token;
}

/** The collection and address an unsubscribe token names, and whether it has unsubscribed. */
export function getUnsubscribeLink(token: string) {
  if (!token) return undefined;
  return db
    .select({ campaign: campaigns, email: collectionMailRecipients.email, unsubscribedAt: collectionMailRecipients.unsubscribedAt })
    .from(collectionMailRecipients)
    .innerJoin(campaigns, eq(campaigns.id, collectionMailRecipients.campaignId))
    .where(eq(collectionMailRecipients.token, token))
    .get();
}

/** Whether this address unsubscribed from this collection's mail. */
export function hasUnsubscribed(campaignId: string, email: string) {
  return Boolean(
    db
      .select({ id: collectionMailRecipients.id })
      .from(collectionMailRecipients)
      .where(and(eq(collectionMailRecipients.campaignId, campaignId), eq(collectionMailRecipients.email, normalized(email)), isNotNull(collectionMailRecipients.unsubscribedAt)))
      .get(),
  );
}

/**
 * This address gets no more of this collection's mail, whatever it is on (invited, answered, on the
 * distribution list); an invitation still waiting to be sent or answered shows the owner so.
 */
export function unsubscribeFromCollection(campaignId: string, email: string, at: Date) {
  const address = normalized(email);
  db.transaction(() => {
    unsubscribeTokenFor(campaignId, address);
    db.update(collectionMailRecipients)
      .set({ unsubscribedAt: at })
      .where(and(eq(collectionMailRecipients.campaignId, campaignId), eq(collectionMailRecipients.email, address), sql`${collectionMailRecipients.unsubscribedAt} is null`))
      .run();
    db.update(invitations)
      .set({ status: "unsubscribed" })
      .where(and(eq(invitations.campaignId, campaignId), sql`lower(${invitations.email}) = ${address}`, inArray(invitations.status, ["pending", "sent"])))
      .run();
  });
}
