// A fixed number of statements whatever the data size; no per-campaign queries (decision 0104).
import { campaigns, contributions, podcasts } from "#db/schema";
import { asc, desc, eq, sql } from "drizzle-orm";

import { DASHBOARD_LIST_LIMIT, PERIOD_DAYS, type Period } from "~/features/collections/limits";
import { db, preparedPerConnection } from "~/lib/db.server";

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
      select count(*) as in_period from ${contributions} where ${contributions.ownerId} = ${ownerId} and ${contributions.submittedAt} >= ${since}
    ) as s
  `);
  return {
    period,
    podcasts: {
      total: row.podcastTotal,
      thisMonth: row.podcastsThisMonth,
      inPeriod: row.podcastsInPeriod,
      totalListens: row.totalListens,
    },
    campaigns: { total: row.campaignTotal, active: row.activeCampaigns },
    stories: { total: row.storyTotal, inPeriod: row.storiesInPeriod },
  };
}

const recentPodcasts = preparedPerConnection((d) =>
  d
    .select({
      id: podcasts.id,
      title: podcasts.title,
      duration: podcasts.duration,
      listens: podcasts.listens,
      status: podcasts.status,
      createdAt: podcasts.createdAt,
    })
    .from(podcasts)
    .where(eq(podcasts.ownerId, sql.placeholder("ownerId")))
    .orderBy(desc(podcasts.createdAt), desc(podcasts.id))
    .limit(sql.placeholder("limit"))
    .prepare(),
);

export function listRecentPodcasts(ownerId: string, limit = DASHBOARD_LIST_LIMIT) {
  return recentPodcasts().all({ ownerId, limit });
}
export type RecentPodcast = ReturnType<typeof listRecentPodcasts>[number];

const recentSubmissions = preparedPerConnection((d) =>
  d
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
    .where(eq(contributions.ownerId, sql.placeholder("ownerId")))
    .orderBy(desc(contributions.submittedAt), desc(contributions.id))
    .limit(sql.placeholder("limit"))
    .prepare(),
);

export function listRecentSubmissions(ownerId: string, limit = DASHBOARD_LIST_LIMIT) {
  return recentSubmissions().all({ ownerId, limit });
}
export type RecentSubmission = ReturnType<typeof listRecentSubmissions>[number];

const scheduledCampaigns = preparedPerConnection((d) => {
  const today = sql.placeholder("today");
  return d
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
    .where(sql`${campaigns.ownerId} = ${sql.placeholder("ownerId")} and ${campaigns.scheduledDate} is not null`)
    .orderBy(
      sql`${campaigns.scheduledDate} < ${today}`,
      sql`case when ${campaigns.scheduledDate} >= ${today} then ${campaigns.scheduledDate} else -${campaigns.scheduledDate} end`,
      asc(campaigns.id),
    )
    .limit(sql.placeholder("limit"))
    .prepare();
});

export function listScheduledCampaigns(ownerId: string, now = new Date(), limit = DASHBOARD_LIST_LIMIT) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return scheduledCampaigns().all({ ownerId, today, limit });
}
export type ScheduledCampaign = ReturnType<typeof listScheduledCampaigns>[number];

export function getDashboard(ownerId: string, period: Period, now = new Date()) {
  return {
    metrics: getUserMetrics(ownerId, period, now),
    recentPodcasts: listRecentPodcasts(ownerId),
    recentSubmissions: listRecentSubmissions(ownerId),
    scheduledCampaigns: listScheduledCampaigns(ownerId, now),
  };
}
