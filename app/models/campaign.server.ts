import { activities, campaigns, invitations } from "#db/schema";
import { and, asc, desc, eq, max, sql } from "drizzle-orm";

import { db, preparedPerConnection } from "~/lib/db.server";
import { mergeMailboxes, parseMailbox, type Mailbox } from "~/lib/email-address";
import { notFound } from "~/lib/http.server";
import { enqueueJob } from "~/lib/queue/queue.server";
import { wakeJobs } from "~/lib/queue/wake.server";
import { publicId, randomToken } from "~/lib/tokens.server";

import { recalculateDeliveryDates } from "./collection-order.server";
import { getDistributionSettings } from "./workflow.server";

export type Campaign = typeof campaigns.$inferSelect;

/** The owner's campaign, or undefined — a foreign id looks exactly like a missing one. */
const ownedCampaign = preparedPerConnection((d) =>
  d
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, sql.placeholder("campaignId")), eq(campaigns.ownerId, sql.placeholder("ownerId"))))
    .prepare(),
);

export function getOwnedCampaign(ownerId: string, campaignId: string): Campaign | undefined {
  return ownedCampaign().get({ ownerId, campaignId });
}

export async function requireOwnedCampaign(ownerId: string, campaignId: string) {
  const campaign = await getOwnedCampaign(ownerId, campaignId);
  if (!campaign) throw notFound();
  return campaign;
}

export function listCampaigns(ownerId: string) {
  return db
    .select()
    .from(campaigns)
    .where(eq(campaigns.ownerId, ownerId))
    .orderBy(asc(campaigns.sortOrder), desc(campaigns.createdAt))
    .all()
    .map((campaign) => ({ ...campaign, contributionCount: campaign.storyCount }));
}
export type CampaignWithCounts = ReturnType<typeof listCampaigns>[number];

export function listInviteEmails(campaignId: string) {
  return db
    .select({ email: invitations.email })
    .from(invitations)
    .where(eq(invitations.campaignId, campaignId))
    .orderBy(asc(invitations.createdAt))
    .all()
    .map((r) => r.email);
}

export function listCampaignsWithInvites(ownerId: string) {
  const list = listCampaigns(ownerId);
  const byCampaign = new Map<string, Mailbox[]>(list.map((c) => [c.id, []]));
  if (list.length) {
    const rows = db
      .select({ campaignId: invitations.campaignId, email: invitations.email, name: invitations.name })
      .from(invitations)
      .innerJoin(campaigns, eq(campaigns.id, invitations.campaignId))
      .where(eq(campaigns.ownerId, ownerId))
      // Rows of one insert share a timestamp; rowid keeps them in the order they were added.
      .orderBy(asc(invitations.createdAt), sql`"invitations"."rowid"`)
      .all();
    for (const row of rows) byCampaign.get(row.campaignId)?.push({ email: row.email, name: row.name });
  }
  return list.map((c) => ({
    ...c,
    inviteEmails: (byCampaign.get(c.id) ?? []).map((i) => i.email),
    invitees: byCampaign.get(c.id) ?? [],
  }));
}

export type NewCampaign = {
  title: string;
  description?: string | null;
  prompt: string;
  inviteEmails: ReadonlyArray<string | Mailbox>;
  scheduledDate?: Date | null;
};

// SQLite caps the number of bound variables per statement; invitations go in slices.
const INSERT_CHUNK = 500;

export function createCampaign(ownerId: string, input: NewCampaign, now = new Date()) {
  const typed = input.inviteEmails.map((entry) =>
    typeof entry === "string" ? (parseMailbox(entry) ?? { name: null, email: entry.trim().toLowerCase() }) : entry,
  );
  const invitees = mergeMailboxes(
    [],
    typed.filter((i) => i.email),
  );
  const emails = invitees.map((i) => i.email);
  const scheduledDate = input.scheduledDate ?? null;
  const status = scheduledDate && scheduledDate.getTime() > now.getTime() ? "scheduled" : "active";
  const created = db.transaction((tx) => {
    const last = tx
      .select({ sortOrder: max(campaigns.sortOrder) })
      .from(campaigns)
      .where(eq(campaigns.ownerId, ownerId))
      .get();
    const campaign = tx
      .insert(campaigns)
      .values({
        ownerId,
        publicId: publicId(),
        title: input.title,
        description: input.description || null,
        prompt: input.prompt,
        status,
        scheduledDate,
        sortOrder: (last?.sortOrder ?? 0) + 1,
      })
      .returning()
      .get();
    for (let i = 0; i < invitees.length; i += INSERT_CHUNK) {
      tx.insert(invitations)
        .values(
          invitees.slice(i, i + INSERT_CHUNK).map(({ email, name }) => ({
            campaignId: campaign.id,
            email,
            name,
            token: randomToken(),
            status: "pending" as const,
          })),
        )
        .run();
    }
    tx.insert(activities)
      .values({ type: "campaign_created", userId: ownerId, details: `Created "${campaign.title}"` })
      .run();
    recalculateDeliveryDates(tx, ownerId, getDistributionSettings(ownerId), now);
    if (status === "active")
      enqueueJob("dispatch-invitations", { campaignId: campaign.id }, { dedupeKey: `dispatch:${campaign.id}` });
    return { ...campaign, inviteEmails: emails, invitees, invitedCount: emails.length, contributionCount: 0 };
  });
  if (created.status === "active") wakeJobs();
  return created;
}
export type CreatedCampaign = ReturnType<typeof createCampaign>;
