// Who a family newsletter goes to, which newsletters are due, and what was already delivered.
//
// The schema has no "delivered" column, so the outbox is the record: a newsletter e-mail is written
// with the dedupe key `newsletter:<newsletterId>:<address>`, all of one delivery in one transaction.
// A key that exists means that address has it (sent, or queued and retried by the outbox), and a
// newsletter with any such key has been delivered.
import { and, desc, eq, gte, lt, lte, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { campaigns, emailOutbox, invitations, newsletterStories, newsletters, podcasts, users } from "#db/schema";
import { db } from "~/lib/db.server";
import { parseMailbox } from "~/lib/email-address";
import { qualified } from "./sql-columns.server";
import { collectionMailBlocks } from "./collection-mail-recipient.server";
import { getWorkflowSettings } from "./workflow.server";

export const NEWSLETTER_EMAIL_KIND = "family_newsletter";

const keyPrefix = (newsletterId: string) => `newsletter:${newsletterId}:`;
// ';' follows ':' in code-point order, so every key of one newsletter sorts in [prefix, end):
// a range the outbox's unique index on dedupe_key answers directly (LIKE would scan).
const keyEnd = (newsletterId: string) => `newsletter:${newsletterId};`;

/** The outbox dedupe key of one newsletter for one address. */
export const deliveryKey = (newsletterId: string, email: string) => `${keyPrefix(newsletterId)}${email.trim().toLowerCase()}`;

/** The addresses that already have (or are being sent) the newsletter. */
export function deliveredAddresses(newsletterId: string): Set<string> {
  const rows = db
    .select({ key: emailOutbox.dedupeKey })
    .from(emailOutbox)
    .where(and(gte(emailOutbox.dedupeKey, keyPrefix(newsletterId)), lt(emailOutbox.dedupeKey, keyEnd(newsletterId))))
    .all();
  return new Set(rows.map((r) => r.key!.slice(keyPrefix(newsletterId).length)));
}

/** For a list query: how many addresses the newsletter whose id is in `idColumn` went to. */
export function deliveredCountSql(idColumn: SQLiteColumn): SQL<number> {
  const id = qualified(idColumn);
  return sql<number>`(select count(*) from ${emailOutbox} where ${qualified(emailOutbox.dedupeKey)} >= 'newsletter:' || ${id} || ':' and ${qualified(emailOutbox.dedupeKey)} < 'newsletter:' || ${id} || ';')`.mapWith(
    Number,
  );
}

/** `name`: typed with the workflow entry, else the invitation's; the feature adds the owner's contact name. */
export type Recipient = { email: string; name: string | null };

/**
 * The distribution recipients of a collection: the owner's workflow recipients, or (when there are
 * none) the collection's invitees. Each address once, lower-cased; entries that are not e-mail
 * addresses are skipped, and so is every address the collection may not mail (decision 0200).
 */
export function distributionRecipients(ownerId: string, campaignId: string): Recipient[] {
  const configured = getWorkflowSettings(ownerId).distribution.recipients;
  const invites = db
    .select({ email: invitations.email, name: invitations.name })
    .from(invitations)
    .where(eq(invitations.campaignId, campaignId))
    .orderBy(invitations.createdAt, sql`"invitations"."rowid"`)
    .all();
  const byEmail = new Map(invites.map((i) => [i.email.toLowerCase(), i]));
  const wanted = configured.length ? configured : invites.map((i) => i.email);
  const seen = new Set<string>();
  const found: Recipient[] = [];
  for (const raw of wanted) {
    const mailbox = parseMailbox(raw);
    if (!mailbox || seen.has(mailbox.email)) continue;
    seen.add(mailbox.email);
    found.push({ email: mailbox.email, name: mailbox.name ?? byEmail.get(mailbox.email)?.name ?? null });
  }
  const blocked = collectionMailBlocks(ownerId, campaignId, found.map((r) => r.email));
  return found.filter((r) => !blocked.has(r.email));
}

/**
 * Newsletters whose collection's delivery date (the stored nextDeliveryDate, written by the
 * delivery-date rule whenever the distribution settings or the order change) has come, that were
 * never delivered. Only the newest edition of a collection is delivered: older undelivered editions
 * were superseded before their day came.
 */
export function dueNewsletterIds(at: Date, limit = 200): string[] {
  const newest = sql`(select max(n2.edition) from ${newsletters} n2 where n2.campaign_id = ${qualified(newsletters.campaignId)})`;
  return db
    .select({ id: newsletters.id })
    .from(newsletters)
    .innerJoin(campaigns, eq(campaigns.id, newsletters.campaignId))
    .where(
      and(
        lte(campaigns.nextDeliveryDate, at),
        eq(newsletters.edition, newest),
        sql`${deliveredCountSql(newsletters.id)} = 0`,
      ),
    )
    .orderBy(campaigns.nextDeliveryDate)
    .limit(limit)
    .all()
    .map((r) => r.id);
}

/** What the delivery e-mail needs: the newsletter, its collection and owner, its stories' titles and whether it has audio. */
export function newsletterDeliveryContext(newsletterId: string) {
  const row = db
    .select({ newsletter: newsletters, campaignId: campaigns.id, campaignOwnerId: campaigns.ownerId, owner: { firstName: users.firstName, lastName: users.lastName, email: users.email } })
    .from(newsletters)
    .innerJoin(campaigns, eq(campaigns.id, newsletters.campaignId))
    .innerJoin(users, eq(users.id, newsletters.ownerId))
    .where(eq(newsletters.id, newsletterId))
    .get();
  if (!row) return undefined;
  const storyTitles = db
    .select({ title: newsletterStories.title })
    .from(newsletterStories)
    .where(eq(newsletterStories.newsletterId, newsletterId))
    .orderBy(newsletterStories.sortOrder)
    .all()
    .map((s) => s.title);
  const podcast = row.newsletter.podcastId
    ? db
        .select({ id: podcasts.id })
        .from(podcasts)
        .where(and(eq(podcasts.id, row.newsletter.podcastId), eq(podcasts.status, "complete")))
        .orderBy(desc(podcasts.createdAt))
        .get()
    : undefined;
  return { ...row, storyTitles, hasPodcast: Boolean(podcast) };
}
