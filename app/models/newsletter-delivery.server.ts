// The schema has no "delivered" column, so the outbox is the record: a key `newsletter:<id>:<address>` means
// that address has it (sent, or queued and retried), and a newsletter with any such key has been delivered.
import { campaigns, emailOutbox, invitations, newsletters, newsletterStories, podcasts, users } from "#db/schema";
import { and, desc, eq, gte, lt, lte, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

import { db } from "~/lib/db.server";
import { parseMailbox } from "~/lib/email-address";

import { collectionMailBlocks } from "./collection-mail-recipient.server";
import { qualified } from "./sql-columns.server";
import { getWorkflowSettings } from "./workflow.server";

export const NEWSLETTER_EMAIL_KIND = "family_newsletter";

const keyPrefix = (newsletterId: string) => `newsletter:${newsletterId}:`;
// ';' follows ':', so one newsletter's keys sort in [prefix, end): a range the unique index answers (LIKE would scan).
const keyEnd = (newsletterId: string) => `newsletter:${newsletterId};`;

export const deliveryKey = (newsletterId: string, email: string) =>
  `${keyPrefix(newsletterId)}${email.trim().toLowerCase()}`;

export function deliveredAddresses(newsletterId: string): Set<string> {
  const rows = db
    .select({ key: emailOutbox.dedupeKey })
    .from(emailOutbox)
    .where(and(gte(emailOutbox.dedupeKey, keyPrefix(newsletterId)), lt(emailOutbox.dedupeKey, keyEnd(newsletterId))))
    .all();
  return new Set(rows.map((r) => r.key!.slice(keyPrefix(newsletterId).length)));
}

export function deliveredCountSql(idColumn: SQLiteColumn): SQL<number> {
  const id = qualified(idColumn);
  return sql<number>`(select count(*) from ${emailOutbox} where ${qualified(emailOutbox.dedupeKey)} >= 'newsletter:' || ${id} || ':' and ${qualified(emailOutbox.dedupeKey)} < 'newsletter:' || ${id} || ';')`.mapWith(
    Number,
  );
}

export type Recipient = { email: string; name: string | null };

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
  const blocked = collectionMailBlocks(
    ownerId,
    campaignId,
    found.map((r) => r.email),
  );
  return found.filter((r) => !blocked.has(r.email));
}

/** Only the newest undelivered edition of a collection is due: older ones were superseded before their day came. */
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

export function newsletterDeliveryContext(newsletterId: string) {
  const row = db
    .select({
      newsletter: newsletters,
      campaignId: campaigns.id,
      campaignOwnerId: campaigns.ownerId,
      owner: { firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
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
