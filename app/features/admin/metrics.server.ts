// What each figure means (UTC months, Deepgram 0, `queries` = stored rows): docs/decisions/0108-admin-area-and-external-api.md
import { campaigns, contributions, emailOutbox, jobs, llmUsage, podcasts, systemErrors, users } from "#db/schema";
import { count, desc, eq, gte, inArray, sql, sum } from "drizzle-orm";

import { db } from "~/lib/db.server";
import { ACTIVE_USER_DAYS, growthPercent } from "~/lib/number-format";

const DAY_MS = 86_400_000;

export function monthStarts(now: Date) {
  const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return { thisMonth, lastMonth };
}

type Column = Parameters<typeof gte>[0];

function monthly(column: Column, now: Date) {
  const { thisMonth, lastMonth } = monthStarts(now);
  return {
    thisMonth: sql<number>`coalesce(sum(${column} >= ${thisMonth.getTime()}), 0)`.mapWith(Number),
    lastMonth:
      sql<number>`coalesce(sum(${column} >= ${lastMonth.getTime()} and ${column} < ${thisMonth.getTime()}), 0)`.mapWith(
        Number,
      ),
  };
}

const DELIVERED = ["sent", "stored"] as const;

export const TREND_MONTHS = 6;
export type TrendMonth = { month: string; users: number; podcasts: number; stories: number };

/** New users, podcasts and stories per UTC calendar month, the last `months` months (this one included), counted in SQL. */
export function monthlyTrend(now = new Date(), months = TREND_MONTHS): TrendMonth[] {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
  const perMonth = (table: typeof users | typeof podcasts | typeof contributions, column: Column) => {
    const month = sql<string>`strftime('%Y-%m', ${column} / 1000, 'unixepoch')`;
    const rows = db.select({ month, n: count() }).from(table).where(gte(column, start)).groupBy(month).all();
    return new Map(rows.map((r) => [r.month, r.n]));
  };
  const u = perMonth(users, users.createdAt);
  const p = perMonth(podcasts, podcasts.createdAt);
  const s = perMonth(contributions, contributions.submittedAt);
  return Array.from({ length: months }, (_, i) => {
    const d = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + i, 1));
    const month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
    return { month, users: u.get(month) ?? 0, podcasts: p.get(month) ?? 0, stories: s.get(month) ?? 0 };
  });
}

export function getSystemMetrics(now = new Date()) {
  const { thisMonth } = monthStarts(now);
  const u = db
    .select({
      total: count(),
      active:
        sql<number>`coalesce(sum(${users.lastLoginAt} >= ${now.getTime() - ACTIVE_USER_DAYS * DAY_MS}), 0)`.mapWith(
          Number,
        ),
      ...monthly(users.createdAt, now),
    })
    .from(users)
    .get()!;
  const p = db
    .select({ total: count(), ...monthly(podcasts.createdAt, now) })
    .from(podcasts)
    .get()!;
  const c = db
    .select({ total: count(), active: sql<number>`coalesce(sum(${campaigns.isActive} = 1), 0)`.mapWith(Number) })
    .from(campaigns)
    .get()!;
  const s = db
    .select({ total: count(), ...monthly(contributions.submittedAt, now) })
    .from(contributions)
    .get()!;
  // 'stored' is delivery to the local outbox, which stands in for Mailgun outside production.
  const sentAt = sql`coalesce(${emailOutbox.sentAt}, ${emailOutbox.createdAt})`;
  const e = db
    .select({ total: count(), ...monthly(sentAt as unknown as Column, now) })
    .from(emailOutbox)
    .where(inArray(emailOutbox.status, DELIVERED))
    .get()!;
  const t = db
    .select({
      totalCost: sql<number>`coalesce(${sum(llmUsage.costUsd)}, 0)`.mapWith(Number),
      thisMonth:
        sql<number>`coalesce(sum(case when ${llmUsage.createdAt} >= ${thisMonth.getTime()} then ${llmUsage.costUsd} else 0 end), 0)`.mapWith(
          Number,
        ),
      openaiCost:
        sql<number>`coalesce(sum(case when ${llmUsage.provider} like 'openai%' then ${llmUsage.costUsd} else 0 end), 0)`.mapWith(
          Number,
        ),
      calls: count(),
      promptTokens: sql<number>`coalesce(${sum(llmUsage.promptTokens)}, 0)`.mapWith(Number),
      completionTokens: sql<number>`coalesce(${sum(llmUsage.completionTokens)}, 0)`.mapWith(Number),
    })
    .from(llmUsage)
    .get()!;

  return {
    users: { total: u.total, growth: growthPercent(u.thisMonth, u.lastMonth), active: u.active, new: u.thisMonth },
    podcasts: { total: p.total, growth: growthPercent(p.thisMonth, p.lastMonth), thisMonth: p.thisMonth },
    campaigns: { total: c.total, active: c.active },
    stories: { total: s.total, growth: growthPercent(s.thisMonth, s.lastMonth), thisMonth: s.thisMonth },
    emails: { sent: e.total, thisMonth: e.thisMonth, growth: growthPercent(e.thisMonth, e.lastMonth) },
    tokenUsage: {
      totalCost: roundUsd(t.totalCost),
      thisMonth: roundUsd(t.thisMonth),
      openaiCost: roundUsd(t.openaiCost),
      deepgramCost: 0,
      calls: t.calls,
      promptTokens: t.promptTokens,
      completionTokens: t.completionTokens,
      byModel: usageByModel(),
    },
    database: databaseHealth(),
    health: healthFigures(now),
  };
}
export type SystemMetrics = ReturnType<typeof getSystemMetrics>;

const roundUsd = (n: number) => Math.round(n * 1_000_000) / 1_000_000;

function usageByModel() {
  return db
    .select({
      provider: llmUsage.provider,
      model: llmUsage.model,
      calls: count(),
      tokens: sql<number>`coalesce(sum(${llmUsage.promptTokens} + ${llmUsage.completionTokens}), 0)`.mapWith(Number),
      cost: sql<number>`coalesce(${sum(llmUsage.costUsd)}, 0)`.mapWith(Number),
    })
    .from(llmUsage)
    .groupBy(llmUsage.provider, llmUsage.model)
    .orderBy(desc(sql`5`))
    .all()
    .map((row) => ({ ...row, cost: roundUsd(row.cost) }));
}

export function databaseHealth() {
  const client = db.$client;
  const pageCount = Number(client.pragma("page_count", { simple: true }));
  const pageSize = Number(client.pragma("page_size", { simple: true }));
  const tables = client
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' order by name",
    )
    .all() as Array<{ name: string }>;
  const rows = tables.length
    ? Number(
        (
          client
            .prepare(
              tables.map((t) => `select count(*) as n from "${t.name.replaceAll('"', '""')}"`).join(" union all "),
            )
            .all() as Array<{ n: number }>
        ).reduce((total, r) => total + r.n, 0),
      )
    : 0;
  return { size: pageCount * pageSize, connections: 1, queries: rows, tables: tables.length, pageCount, pageSize };
}

function healthFigures(now: Date) {
  const j = db
    .select({
      queued: sql<number>`coalesce(sum(${jobs.status} = 'queued'), 0)`.mapWith(Number),
      running: sql<number>`coalesce(sum(${jobs.status} = 'running'), 0)`.mapWith(Number),
      failed: sql<number>`coalesce(sum(${jobs.status} = 'failed'), 0)`.mapWith(Number),
    })
    .from(jobs)
    .get()!;
  const errors = db
    .select({
      unresolved: sql<number>`coalesce(sum(${systemErrors.isResolved} = 0), 0)`.mapWith(Number),
      last24h: sql<number>`coalesce(sum(${systemErrors.createdAt} >= ${now.getTime() - DAY_MS}), 0)`.mapWith(Number),
    })
    .from(systemErrors)
    .get()!;
  const failedEmails = db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, "failed")).get()!;
  return { jobs: j, errors, failedEmails: failedEmails.n };
}
