// The one rule every sender of collection mail consults, and the unsubscribe links it rests on (decision 0200).
import { campaigns, collectionMailRecipients, invitations } from "#db/schema";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";

import { db } from "~/lib/db.server";
import { randomToken } from "~/lib/tokens.server";

import { blockedAddresses, type Blocked } from "./delivery-problem.server";

const normalized = (email: string) => email.trim().toLowerCase();

const UNSUBSCRIBED_REASON = "Unsubscribed from this collection's e-mails.";

/** Also blocks an address whose invitation bounced or unsubscribed before unsubscribes had a table. */
export function collectionMailBlocks(
  ownerId: string,
  campaignId: string,
  among: readonly string[],
): Map<string, Blocked> {
  const wanted = [...new Set(among.map(normalized))];
  if (wanted.length === 0) return new Map();
  const out = blockedAddresses(ownerId, wanted);
  const unsubscribed = db
    .select({ email: collectionMailRecipients.email })
    .from(collectionMailRecipients)
    .where(
      and(
        eq(collectionMailRecipients.campaignId, campaignId),
        inArray(collectionMailRecipients.email, wanted),
        isNotNull(collectionMailRecipients.unsubscribedAt),
      ),
    )
    .all();
  for (const row of unsubscribed)
    if (!out.has(row.email)) out.set(row.email, { kind: "unsubscribed", reason: UNSUBSCRIBED_REASON });
  const closed = db
    .select({ email: invitations.email, status: invitations.status, reason: invitations.failureReason })
    .from(invitations)
    .where(
      and(
        eq(invitations.campaignId, campaignId),
        inArray(sql`lower(${invitations.email})`, wanted),
        inArray(invitations.status, ["failed", "unsubscribed"]),
      ),
    )
    .all();
  for (const row of closed) {
    const email = normalized(row.email);
    if (!out.has(email))
      out.set(email, { kind: row.status === "failed" ? "undeliverable" : "unsubscribed", reason: row.reason });
  }
  return out;
}

export const collectionMailBlock = (ownerId: string, campaignId: string, email: string) =>
  collectionMailBlocks(ownerId, campaignId, [email]).get(normalized(email));

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

export function getUnsubscribeLink(token: string) {
  if (!token) return undefined;
  return db
    .select({
      campaign: campaigns,
      email: collectionMailRecipients.email,
      unsubscribedAt: collectionMailRecipients.unsubscribedAt,
    })
    .from(collectionMailRecipients)
    .innerJoin(campaigns, eq(campaigns.id, collectionMailRecipients.campaignId))
    .where(eq(collectionMailRecipients.token, token))
    .get();
}

export function hasUnsubscribed(campaignId: string, email: string) {
  return Boolean(
    db
      .select({ id: collectionMailRecipients.id })
      .from(collectionMailRecipients)
      .where(
        and(
          eq(collectionMailRecipients.campaignId, campaignId),
          eq(collectionMailRecipients.email, normalized(email)),
          isNotNull(collectionMailRecipients.unsubscribedAt),
        ),
      )
      .get(),
  );
}

export function unsubscribeFromCollection(campaignId: string, email: string, at: Date) {
  const address = normalized(email);
  db.transaction(() => {
    unsubscribeTokenFor(campaignId, address);
    db.update(collectionMailRecipients)
      .set({ unsubscribedAt: at })
      .where(
        and(
          eq(collectionMailRecipients.campaignId, campaignId),
          eq(collectionMailRecipients.email, address),
          sql`${collectionMailRecipients.unsubscribedAt} is null`,
        ),
      )
      .run();
    db.update(invitations)
      .set({ status: "unsubscribed" })
      .where(
        and(
          eq(invitations.campaignId, campaignId),
          sql`lower(${invitations.email}) = ${address}`,
          inArray(invitations.status, ["pending", "sent"]),
        ),
      )
      .run();
  });
}
