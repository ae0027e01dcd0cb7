// A fixed number of statements whatever the data size; no per-campaign queries (decision 0104).
import { asc, desc, eq, sql } from "drizzle-orm";
import { campaigns, contributions, podcasts } from "#db/schema";
import { db } from "~/lib/db.server";
import { DASHBOARD_LIST_LIMIT, PERIOD_DAYS, type Period } from "~/features/collections/limits";

const DAY_MS = 24 * 60 * 60 * 1000;

/** UTC, because the app formats every date in UTC. */
export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
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

/** One statement; each part reads through an index, and the story total from trigger-kept counters. */
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

/** Picked from the (campaign, submittedAt) index alone, so only `limit` rows are read from the table. */
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

/** 4 statements in all (tested). */
export function getDashboard(ownerId: string, period: Period, now = new Date()) {
  return {
    metrics: getUserMetrics(ownerId, period, now),
    recentPodcasts: listRecentPodcasts(ownerId),
    recentSubmissions: listRecentSubmissions(ownerId),
    scheduledCampaigns: listScheduledCampaigns(ownerId, now),
  };
}
