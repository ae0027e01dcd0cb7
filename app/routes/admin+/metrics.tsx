import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { Card, CardTitle } from "~/components/ui/card";
import { StatCard } from "~/components/ui/stat-card";
import { requireAdmin } from "~/features/account/auth.server";
import { AdminErrorBoundary } from "~/features/admin/components/admin-access-required";
import { AdminPageHeader, hrefWith, TabLinks } from "~/features/admin/components/admin-ui";
import { TrendChart } from "~/features/admin/components/trend-chart";
import { adminMessages } from "~/features/admin/messages";
import { getSystemMetrics, monthlyTrend } from "~/features/admin/metrics.server";
import { cn } from "~/lib/cn";
import { ACTIVE_USER_DAYS, formatBytes, formatGrowth, formatUsd } from "~/lib/number-format";
import { formatCount } from "~/lib/text-format";

const PATH = "/admin/metrics";
const TABS = ["overview", "usage", "health"] as const;
type Tab = (typeof TABS)[number];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const requested = new URL(request.url).searchParams.get("tab");
  const tab: Tab = (TABS as readonly string[]).includes(requested ?? "") ? (requested as Tab) : "overview";
  return { tab, metrics: getSystemMetrics(), trend: tab === "overview" ? monthlyTrend() : [] };
}

function Growth({ value }: { value: number }) {
  return (
    <span
      className={cn(value > 0 && "text-green-700 dark:text-green-400", value < 0 && "text-destructive")}
      data-testid="growth"
    >
      {formatGrowth(value)} {adminMessages.metrics.fromLastMonth}
    </span>
  );
}

export default function AdminMetrics() {
  const { tab, metrics, trend } = useLoaderData<typeof loader>();
  const { users, podcasts, campaigns, stories, emails, tokenUsage, database, health } = metrics;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <AdminPageHeader title={adminMessages.metrics.pageTitle} />
      <TabLinks
        label="Metrics"
        current={tab}
        tabs={TABS.map((t) => ({
          key: t,
          label: adminMessages.metrics.tabs[t],
          href: hrefWith(PATH, { tab: t === "overview" ? null : t }),
        }))}
      />

      {tab === "overview" ? (
        <section aria-label={adminMessages.metrics.tabs.overview} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <StatCard label="Total Users" value={formatCount(users.total)}>
            <Growth value={users.growth} />
          </StatCard>
          <StatCard
            label="Active Users"
            value={formatCount(users.active)}
          >{`Signed in within ${ACTIVE_USER_DAYS} days · ${formatCount(users.new)} new this month`}</StatCard>
          <StatCard label="Podcasts" value={formatCount(podcasts.total)}>
            <Growth value={podcasts.growth} />
          </StatCard>
          <StatCard label="Podcasts This Month" value={formatCount(podcasts.thisMonth)} />
          <StatCard
            label="Campaigns"
            value={formatCount(campaigns.total)}
          >{`${formatCount(campaigns.active)} active`}</StatCard>
          <StatCard label="Stories" value={formatCount(stories.total)}>
            <Growth value={stories.growth} />
          </StatCard>
          <StatCard label="Stories This Month" value={formatCount(stories.thisMonth)} />
          <StatCard label="Emails Sent" value={formatCount(emails.sent)}>
            <Growth value={emails.growth} />
          </StatCard>
          <StatCard label="Emails This Month" value={formatCount(emails.thisMonth)} />
        </section>
      ) : null}
      {tab === "overview" ? (
        <Card className="space-y-4">
          <CardTitle>{adminMessages.metrics.trendTitle(trend.length)}</CardTitle>
          <TrendChart title={adminMessages.metrics.trendTitle(trend.length)} points={trend} />
        </Card>
      ) : null}

      {tab === "usage" ? (
        <section aria-label={adminMessages.metrics.tabs.usage} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard label="Total Cost" value={formatUsd(tokenUsage.totalCost)}>
              All recorded script-writing calls
            </StatCard>
            <StatCard label="Cost This Month" value={formatUsd(tokenUsage.thisMonth)} />
            <StatCard label="OpenAI Cost" value={formatUsd(tokenUsage.openaiCost)} />
            <StatCard label="Deepgram Cost" value={formatUsd(tokenUsage.deepgramCost)}>
              Not used: voices are rendered locally
            </StatCard>
          </div>
          <Card className="space-y-3">
            <CardTitle>Language model usage</CardTitle>
            <p className="text-sm text-muted-foreground">
              {formatCount(tokenUsage.calls)} call(s) · {formatCount(tokenUsage.promptTokens)} prompt tokens ·{" "}
              {formatCount(tokenUsage.completionTokens)} completion tokens
            </p>
            {tokenUsage.byModel.length ? (
              // Long model names scroll inside their own box on a phone, not the page.
              <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Language model usage by model">
                <table className="w-full text-left text-sm">
                  <thead className="border-b border-border text-muted-foreground">
                    <tr>
                      <th className="py-2 pr-4 font-medium">Provider</th>
                      <th className="py-2 pr-4 font-medium">Model</th>
                      <th className="py-2 pr-4 font-medium">Calls</th>
                      <th className="py-2 pr-4 font-medium">Tokens</th>
                      <th className="py-2 font-medium">Cost</th>
                    </tr>
                  </thead>
                  <tbody>
                    {tokenUsage.byModel.map((row) => (
                      <tr key={`${row.provider}/${row.model}`} className="border-b border-border">
                        <td className="py-2 pr-4">{row.provider}</td>
                        <td className="py-2 pr-4">{row.model}</td>
                        <td className="py-2 pr-4">{formatCount(row.calls)}</td>
                        <td className="py-2 pr-4">{formatCount(row.tokens)}</td>
                        <td className="py-2">{formatUsd(row.cost)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">
                No language model calls recorded yet (the built-in script writer costs nothing).
              </p>
            )}
          </Card>
        </section>
      ) : null}

      {tab === "health" ? (
        <section aria-label={adminMessages.metrics.tabs.health} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <StatCard
            label="Database Size"
            value={formatBytes(database.size)}
          >{`${formatCount(database.pageCount)} pages of ${formatCount(database.pageSize)} bytes`}</StatCard>
          <StatCard label="Connections" value={formatCount(database.connections)}>
            SQLite: one connection per process
          </StatCard>
          <StatCard
            label="Stored Rows"
            value={formatCount(database.queries)}
          >{`${formatCount(database.tables)} tables`}</StatCard>
          <StatCard
            label="Unresolved Errors"
            value={formatCount(health.errors.unresolved)}
          >{`${formatCount(health.errors.last24h)} in the last 24 hours`}</StatCard>
          <StatCard
            label="Jobs Queued"
            value={formatCount(health.jobs.queued)}
          >{`${formatCount(health.jobs.running)} running`}</StatCard>
          <StatCard label="Jobs Failed" value={formatCount(health.jobs.failed)} />
          <StatCard label="Failed Emails" value={formatCount(health.failedEmails)} />
        </section>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: `${adminMessages.metrics.pageTitle} | Admin | Storyhearth` }];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
