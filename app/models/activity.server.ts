import { activities, activityTypes, campaigns, contributions, podcasts, users } from "#db/schema";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";

import { db } from "~/lib/db.server";
import { containsText } from "~/lib/sql-search.server";

export type ActivityType = (typeof activityTypes)[number];

const DAY_MS = 86_400_000;
export const RECENT_ACTIVITY_LIMIT = 50;
export const TOP_USERS_LIMIT = 10;

const displayName = (u: { firstName: string | null; lastName: string | null; email: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email;

export type ActivityQuery = { q?: string; type?: ActivityType | "all"; sort?: "newest" | "oldest"; offset?: number };

function activityWhere({ q = "", type = "all" }: ActivityQuery) {
  const name = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
  return and(
    type === "all" ? undefined : eq(activities.type, type),
    containsText(q, [activities.details, users.email, name]),
  );
}

export function countActivity(query: ActivityQuery = {}) {
  return (
    db
      .select({ n: count() })
      .from(activities)
      .leftJoin(users, eq(users.id, activities.userId))
      .where(activityWhere(query))
      .get()?.n ?? 0
  );
}

export function listRecentActivity(limit = RECENT_ACTIVITY_LIMIT, query: ActivityQuery = {}) {
  const order =
    query.sort === "oldest"
      ? [asc(activities.createdAt), asc(activities.id)]
      : [desc(activities.createdAt), desc(activities.id)];
  return db
    .select({
      id: activities.id,
      type: activities.type,
      timestamp: activities.createdAt,
      details: activities.details,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(activities)
    .leftJoin(users, eq(users.id, activities.userId))
    .where(activityWhere(query))
    .orderBy(...order)
    .limit(limit)
    .offset(query.offset ?? 0)
    .all()
    .map(({ userId, firstName, lastName, email, ...item }) => ({
      ...item,
      user: userId && email ? { id: userId, name: displayName({ firstName, lastName, email }), email } : null,
    }));
}
export type ActivityItem = ReturnType<typeof listRecentActivity>[number];

export type TopUser = {
  userId: string;
  username: string;
  email: string;
  lastActive: Date | null;
  podcastCount: number;
  storyCount: number;
};

export function listTopUsers(limit = TOP_USERS_LIMIT): TopUser[] {
  const rows = db.all<{
    id: string;
    firstName: string | null;
    lastName: string | null;
    email: string;
    podcastCount: number;
    storyCount: number;
    lastActive: number | null;
  }>(sql`
    with pc as (select ${podcasts.ownerId} as owner_id, count(*) as n from ${podcasts} group by ${podcasts.ownerId}),
    sc as (
      select ${campaigns.ownerId} as owner_id, count(*) as n
      from ${contributions} join ${campaigns} on ${campaigns.id} = ${contributions.campaignId}
      group by ${campaigns.ownerId}
    ),
    la as (select ${activities.userId} as user_id, max(${activities.createdAt}) as t from ${activities} group by ${activities.userId})
    select u.id as id, u.first_name as firstName, u.last_name as lastName, u.email as email,
      coalesce(pc.n, 0) as podcastCount, coalesce(sc.n, 0) as storyCount,
      nullif(max(coalesce(u.last_login_at, 0), coalesce(la.t, 0)), 0) as lastActive
    from ${users} u
    left join pc on pc.owner_id = u.id
    left join sc on sc.owner_id = u.id
    left join la on la.user_id = u.id
    where coalesce(pc.n, 0) + coalesce(sc.n, 0) > 0 or u.last_login_at is not null or la.t is not null
    order by podcastCount + storyCount desc, lastActive desc, u.email
    limit ${limit}
  `);
  return rows.map((r) => ({
    userId: r.id,
    username: displayName(r),
    email: r.email,
    lastActive: r.lastActive === null ? null : new Date(Number(r.lastActive)),
    podcastCount: Number(r.podcastCount),
    storyCount: Number(r.storyCount),
  }));
}

export type ActivitySummaryRow = { type: ActivityType; last7Days: number; last30Days: number; total: number };

export function getActivitySummary(now = new Date()): ActivitySummaryRow[] {
  const rows = db
    .select({
      type: activities.type,
      total: sql<number>`count(*)`.mapWith(Number),
      last7Days: sql<number>`coalesce(sum(${activities.createdAt} >= ${now.getTime() - 7 * DAY_MS}), 0)`.mapWith(
        Number,
      ),
      last30Days: sql<number>`coalesce(sum(${activities.createdAt} >= ${now.getTime() - 30 * DAY_MS}), 0)`.mapWith(
        Number,
      ),
    })
    .from(activities)
    .groupBy(activities.type)
    .all();
  const byType = new Map(rows.map((r) => [r.type, r]));
  return activityTypes.map((type) => byType.get(type) ?? { type, total: 0, last7Days: 0, last30Days: 0 });
}
