// The signed-in dashboard (spec part 1, "Dashboard"): every figure and list in a fixed number of SQL
// statements whatever the number of campaigns, stories or podcasts — no per-campaign queries.
import { asc, desc, eq, sql } from "drizzle-orm";
import { campaigns, contributions, podcasts } from "#db/schema";
import { db } from "~/lib/db.server";
import { DASHBOARD_LIST_LIMIT, PERIOD_DAYS, type Period } from "~/features/collections/limits";

const DAY_MS = 24 * 60 * 60 * 1000;

/** First instant of the current calendar month, in UTC (the app formats every date in UTC). */
export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
/** "In the last N days" is a rolling window ending now. */
export const periodStart = (period: Period, now: Date) => new Date(now.getTime() - PERIOD_DAYS[period] * DAY_MS);

export type UserMetrics = {
  period: Period;
  podcasts: { total: number; thisMonth: number; inPeriod: number; totalListens: number };
  campaigns: { total: number; active: number };
  stories: { total: number; inPeriod: number };
};

type MetricsRow = {
  podcastTotal: number;
  podcastsThisMonth: number;
  podcastsInPeriod: number;
  totalListens: number;
  campaignTotal: number;
  activeCampaigns: number;
  storyTotal: number;
  storiesInPeriod: number;
};

/**
 * Every count of the stat cards in one statement: the podcasts by the (owner, createdAt) index; the
 * campaigns by the (owner, sortOrder) index, whose trigger-kept counters give the story total; and the
 * period's stories through the (campaign, submittedAt) index, reading only stories inside the period.
 */
export function getUserMetrics(ownerId: string, period: Period, now = new Date()): UserMetrics {
  const month = monthStart(now).getTime();
  const since = periodStart(period, now).getTime();
  const row = db.get<MetricsRow>(sql`
    select p.total as podcastTotal, p.this_month as podcastsThisMonth, p.in_period as podcastsInPeriod, p.listens as totalListens,
           c.total as campaignTotal, c.active as activeCampaigns, c.stories as storyTotal,
           s.in_period as storiesInPeriod
    from (
      select count(*) as total,
             coalesce(sum(${podcasts.createdAt} >= ${month}), 0) as this_month,
             coalesce(sum(${podcasts.createdAt} >= ${since}), 0) as in_period,
             coalesce(sum(${podcasts.listens}), 0) as listens
      from ${podcasts} where ${podcasts.ownerId} = ${ownerId}
    ) as p,
    (
      select count(*) as total, coalesce(sum(${campaigns.status} = ${"active"}), 0) as active, coalesce(sum(${campaigns.storyCount}), 0) as stories
      from ${campaigns} where ${campaigns.ownerId} = ${ownerId}
    ) as c,
    (
      select count(*) as in_period
      from ${campaigns} join ${contributions} on ${contributions.campaignId} = ${campaigns.id} and ${contributions.submittedAt} >= ${since}
      where ${campaigns.ownerId} = ${ownerId}
    ) as s
  `);
  return {
    period,
    podcasts: { total: row.podcastTotal, thisMonth: row.podcastsThisMonth, inPeriod: row.podcastsInPeriod, totalListens: row.totalListens },
    campaigns: { total: row.campaignTotal, active: row.activeCampaigns },
    stories: { total: row.storyTotal, inPeriod: row.storiesInPeriod },
  };
}

/** The newest podcasts ('Recent Family Podcasts'). */
export function listRecentPodcasts(ownerId: string, limit = DASHBOARD_LIST_LIMIT) {
  return db
    .select({
      id: podcasts.id,
      title: podcasts.title,
      duration: podcasts.duration,
      listens: podcasts.listens,
      status: podcasts.status,
      createdAt: podcasts.createdAt,
    })
    .from(podcasts)
    .where(eq(podcasts.ownerId, ownerId))
    .orderBy(desc(podcasts.createdAt), desc(podcasts.id))
    .limit(limit)
    .all();
}
export type RecentPodcast = ReturnType<typeof listRecentPodcasts>[number];

/**
 * The newest stories over all the owner's campaigns ('Recent Story Submissions'). The newest rows are
 * picked from the (campaign, submittedAt) index alone, so only `limit` rows are read from the table.
 */
export function listRecentSubmissions(ownerId: string, limit = DASHBOARD_LIST_LIMIT) {
  const newest = sql`(
    select ${contributions}.rowid from ${campaigns} join ${contributions} on ${contributions.campaignId} = ${campaigns.id}
    where ${campaigns.ownerId} = ${ownerId}
    order by ${contributions.submittedAt} desc limit ${limit}
  )`;
  return db
    .select({
      id: contributions.id,
      contributorName: contributions.contributorName,
      campaignId: campaigns.id,
      campaignTitle: campaigns.title,
      createdAt: contributions.submittedAt,
      wordCount: contributions.wordCount,
    })
    .from(contributions)
    .innerJoin(campaigns, eq(campaigns.id, contributions.campaignId))
    .where(sql`${contributions}.rowid in ${newest}`)
    .orderBy(desc(contributions.submittedAt), desc(contributions.id))
    .all();
}
export type RecentSubmission = ReturnType<typeof listRecentSubmissions>[number];

/**
 * Campaigns with a scheduled date ('Scheduled Story Collections'): upcoming ones first (soonest
 * first), then past ones (latest first), each with its recipient count.
 */
export function listScheduledCampaigns(ownerId: string, now = new Date(), limit = DASHBOARD_LIST_LIMIT) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return db
    .select({
      id: campaigns.id,
      title: campaigns.title,
      description: campaigns.description,
      status: campaigns.status,
      scheduledDate: sql<Date>`${campaigns.scheduledDate}`.mapWith(campaigns.scheduledDate),
      sentDate: campaigns.sentDate,
      recipientCount: campaigns.invitedCount,
    })
    .from(campaigns)
    .where(sql`${campaigns.ownerId} = ${ownerId} and ${campaigns.scheduledDate} is not null`)
    .orderBy(
      sql`${campaigns.scheduledDate} < ${today}`,
      sql`case when ${campaigns.scheduledDate} >= ${today} then ${campaigns.scheduledDate} else -${campaigns.scheduledDate} end`,
      asc(campaigns.id),
    )
    .limit(limit)
    .all();
}
export type ScheduledCampaign = ReturnType<typeof listScheduledCampaigns>[number];

/** Everything the dashboard shows: 4 statements in all. */
export function getDashboard(ownerId: string, period: Period, now = new Date()) {
  return {
    metrics: getUserMetrics(ownerId, period, now),
    recentPodcasts: listRecentPodcasts(ownerId),
    recentSubmissions: listRecentSubmissions(ownerId),
    scheduledCampaigns: listScheduledCampaigns(ownerId, now),
  };
}
