import { MAX_REMINDERS } from "#db/enums";
import { campaigns, contributions, emailOutbox, invitations, users, workflowSettings } from "#db/schema";
import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";

import { db, preparedPerConnection } from "~/lib/db.server";

export type Invitation = typeof invitations.$inferSelect;

export function dueInvitations(at: Date, limit: number) {
  return db
    .select({ invitation: invitations, campaign: campaigns, owner: users })
    .from(invitations)
    .innerJoin(campaigns, eq(campaigns.id, invitations.campaignId))
    .innerJoin(users, eq(users.id, campaigns.ownerId))
    .where(
      and(
        eq(invitations.status, "pending"),
        eq(campaigns.isActive, true),
        sql`${campaigns.status} <> 'closed'`,
        or(isNull(campaigns.scheduledDate), lte(campaigns.scheduledDate, at)),
      ),
    )
    .limit(limit)
    .all();
}

/** Marks a pending invitation sent; false when another run already did (so it is e-mailed once). */
export function markInvitationSent(invitationId: string, at: Date) {
  return (
    db
      .update(invitations)
      .set({ status: "sent", sentAt: at })
      .where(and(eq(invitations.id, invitationId), eq(invitations.status, "pending")))
      .run().changes === 1
  );
}

export function markCampaignsSent(campaignIds: string[], at: Date) {
  if (campaignIds.length === 0) return;
  db.update(campaigns)
    .set({
      sentDate: sql`coalesce(${campaigns.sentDate}, ${at.getTime()})`,
      status: sql`case when ${campaigns.status} in ('scheduled', 'pending') then 'active' else ${campaigns.status} end`,
    })
    .where(inArray(campaigns.id, campaignIds))
    .run();
}

/** Records one more reminder; false when the count moved meanwhile (never two for one step). */
export function recordReminder(invitationId: string, expectedCount: number, at: Date) {
  return (
    db
      .update(invitations)
      .set({ reminderCount: expectedCount + 1, lastReminderAt: at })
      .where(
        and(
          eq(invitations.id, invitationId),
          eq(invitations.reminderCount, expectedCount),
          eq(invitations.status, "sent"),
        ),
      )
      .run().changes === 1
  );
}

export function getInvitationByToken(token: string) {
  return db
    .select({ invitation: invitations, campaign: campaigns })
    .from(invitations)
    .innerJoin(campaigns, eq(campaigns.id, invitations.campaignId))
    .where(eq(invitations.token, token))
    .get();
}

export function remindableInvitations(limit: number) {
  const own = alias(workflowSettings, "own");
  const global = alias(workflowSettings, "global");
  return db
    .select({
      invitation: invitations,
      campaign: campaigns,
      owner: users,
      mode: sql<string>`coalesce(${own.collectionMode}, ${global.collectionMode})`,
      startDate: sql<number | null>`coalesce(${own.collectionStartDate}, ${global.collectionStartDate})`,
      maxReminders: sql<number>`coalesce(${own.maxReminders}, ${global.maxReminders})`,
    })
    .from(invitations)
    .innerJoin(campaigns, eq(campaigns.id, invitations.campaignId))
    .innerJoin(users, eq(users.id, campaigns.ownerId))
    .leftJoin(own, and(eq(own.ownerId, campaigns.ownerId), eq(own.campaignId, campaigns.id)))
    .leftJoin(global, and(eq(global.ownerId, campaigns.ownerId), isNull(global.campaignId)))
    .where(
      and(
        eq(invitations.status, "sent"),
        // Whoever wrote the story (the model, the demo seed, an import), it answers the invitation.
        sql`not exists (select 1 from ${contributions} where ${contributions.invitationId} = ${invitations.id})`,
        eq(campaigns.isActive, true),
        sql`${campaigns.status} <> 'closed'`,
        sql`coalesce(${own.collectionMode}, ${global.collectionMode}, 'manual') <> 'manual'`,
        sql`${invitations.reminderCount} < coalesce(${own.maxReminders}, ${global.maxReminders}, 0)`,
      ),
    )
    .limit(limit)
    .all();
}

const latestEmailKey = sql`case when ${invitations.reminderCount} > 0
  then 'reminder:' || ${invitations.id} || ':' || ${invitations.reminderCount} else 'invitation:' || ${invitations.id} end`;

function maxRemindersOf() {
  const own = alias(workflowSettings, "own");
  const global = alias(workflowSettings, "global");
  return {
    own,
    global,
    maxReminders: sql<number>`coalesce(${own.maxReminders}, ${global.maxReminders}, ${MAX_REMINDERS.default})`.mapWith(
      Number,
    ),
  };
}

const campaignInvitations = preparedPerConnection((d) =>
  d
    .select({
      id: invitations.id,
      email: invitations.email,
      name: invitations.name,
      status: invitations.status,
      sentAt: invitations.sentAt,
      reminderCount: invitations.reminderCount,
      respondedAt: invitations.respondedAt,
      failureReason: invitations.failureReason,
      deliveryStatus: sql<
        string | null
      >`(select ${emailOutbox.status} from ${emailOutbox} where ${emailOutbox.dedupeKey} = ${latestEmailKey})`,
    })
    .from(invitations)
    .where(eq(invitations.campaignId, sql.placeholder("campaignId")))
    .orderBy(invitations.createdAt, invitations.email)
    .prepare(),
);

export function listCampaignInvitations(campaignId: string) {
  return campaignInvitations().all({ campaignId });
}

export function getInvitationToResend(campaignId: string, invitationId: string) {
  const { own, global, maxReminders } = maxRemindersOf();
  return db
    .select({ invitation: invitations, campaign: campaigns, owner: users, maxReminders })
    .from(invitations)
    .innerJoin(campaigns, eq(campaigns.id, invitations.campaignId))
    .innerJoin(users, eq(users.id, campaigns.ownerId))
    .leftJoin(own, and(eq(own.ownerId, campaigns.ownerId), eq(own.campaignId, campaigns.id)))
    .leftJoin(global, and(eq(global.ownerId, campaigns.ownerId), isNull(global.campaignId)))
    .where(and(eq(invitations.id, invitationId), eq(invitations.campaignId, campaignId)))
    .get();
}

const campaignCap = preparedPerConnection((d) => {
  const { own, global, maxReminders } = maxRemindersOf();
  return d
    .select({ maxReminders })
    .from(campaigns)
    .leftJoin(own, and(eq(own.ownerId, campaigns.ownerId), eq(own.campaignId, campaigns.id)))
    .leftJoin(global, and(eq(global.ownerId, campaigns.ownerId), isNull(global.campaignId)))
    .where(eq(campaigns.id, sql.placeholder("campaignId")))
    .prepare();
});

export function campaignMaxReminders(campaignId: string) {
  return campaignCap().get({ campaignId })?.maxReminders ?? MAX_REMINDERS.default;
}
