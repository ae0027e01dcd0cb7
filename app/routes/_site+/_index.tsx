import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import type { ReactNode } from "react";

import { voiceSummary } from "~/audio/voices.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { ListLink } from "~/components/ui/list-link";
import { StatCard } from "~/components/ui/stat-card";
import { getUser } from "~/features/account/auth.server";
import { dashboardMessages } from "~/features/collections/dashboard-messages";
import { getDashboard } from "~/features/collections/dashboard.server";
import { PERIOD_DAYS, PERIOD_LABELS, periodOrDefault, PERIODS, type Period } from "~/features/collections/limits";
import { scheduledCampaignBadge } from "~/features/collections/status-badges";
import { Landing } from "~/features/site/components/landing";
import { LaunchListSchema } from "~/features/site/launch-list-schema";
import { sampleEpisodeSeconds } from "~/features/site/sample-episode.server";
import { formatDay } from "~/lib/format-date";
import { describedAs } from "~/lib/link-preview";
import { formatCount, formatDuration, plural } from "~/lib/text-format";
import { constraintOf } from "~/lib/zod-constraint";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (!user)
    return {
      signedIn: false as const,
      sampleSeconds: await sampleEpisodeSeconds(),
      launchListConstraint: constraintOf(LaunchListSchema),
      voices: voiceSummary(),
    };
  // An unknown ?period= shows the default rather than an error page.
  const period = periodOrDefault(new URL(request.url).searchParams.get("period"));
  return { signedIn: true as const, period, ...getDashboard(user.id, period) };
}

export default function Index() {
  const data = useLoaderData<typeof loader>();
  if (!data.signedIn)
    return (
      <Landing
        sampleSeconds={data.sampleSeconds}
        launchListConstraint={data.launchListConstraint}
        voices={data.voices}
      />
    );
  return <Dashboard data={data} />;
}

function FirstSteps() {
  return (
    <Card className="space-y-4">
      <CardTitle>{dashboardMessages.dashboard.firstRun.heading}</CardTitle>
      <p className="text-muted-foreground">{dashboardMessages.dashboard.firstRun.text}</p>
      <ol className="list-decimal space-y-2 pl-6">
        {dashboardMessages.dashboard.firstRun.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Link to="/create-story-collection" className={buttonClass()}>
          {dashboardMessages.dashboard.firstRun.start}
        </Link>
        <Link to="/create-podcast" className={buttonClass("link")}>
          {dashboardMessages.dashboard.firstRun.orPodcast}
        </Link>
      </div>
    </Card>
  );
}

type DashboardData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { signedIn: true }>;

function Dashboard({ data }: { data: DashboardData }) {
  const { metrics, period, recentPodcasts, recentSubmissions, scheduledCampaigns } = data;
  const days = PERIOD_DAYS[period];
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="font-serif text-3xl font-bold">{dashboardMessages.dashboard.heading}</h1>
          <p className="text-muted-foreground">{dashboardMessages.dashboard.subheading}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Link to="/create-story-collection" className={buttonClass()}>
            {dashboardMessages.dashboard.newCollection}
          </Link>
          <Link to="/manage-collections" className={buttonClass("outline")}>
            {dashboardMessages.dashboard.manage}
          </Link>
          <PeriodSelector period={period} />
        </div>
      </div>

      {metrics.campaigns.total === 0 && metrics.podcasts.total === 0 ? <FirstSteps /> : null}

      <section aria-label="Statistics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Family Podcasts" value={metrics.podcasts.total}>
          <span>{formatCount(metrics.podcasts.thisMonth)} this month</span>
          <span>{`${formatCount(metrics.podcasts.inPeriod)} in the last ${days} days`}</span>
        </StatCard>
        <StatCard label="Story Collections" value={metrics.campaigns.total}>
          <span>{formatCount(metrics.campaigns.active)} active</span>
        </StatCard>
        <StatCard label="Stories Collected" value={metrics.stories.total}>
          <span>{`${formatCount(metrics.stories.inPeriod)} in the last ${days} days`}</span>
        </StatCard>
        <StatCard label="Total Listens" value={metrics.podcasts.totalListens}>
          <span>All time</span>
        </StatCard>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={dashboardMessages.dashboard.recentPodcasts}>
          {recentPodcasts.length ? (
            <ul className="divide-y divide-border">
              {recentPodcasts.map((p) => (
                <li key={p.id} className="flex items-center justify-between gap-4 py-3">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{p.title}</p>
                    <p className="text-sm text-muted-foreground">
                      {`${formatDuration(p.duration)} · ${plural(p.listens, "listen", "listens")} · ${formatDay(p.createdAt)}`}
                    </p>
                  </div>
                  <div className="flex shrink-0 items-center gap-2">
                    {p.status !== "complete" ? (
                      <Badge variant="secondary">{p.status.replaceAll("_", " ")}</Badge>
                    ) : null}
                    <ListLink
                      to={`/podcast/${p.id}`}
                      className={buttonClass("outline", "sm")}
                      aria-label={`Listen to ${p.title}`}
                    >
                      Listen
                    </ListLink>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState
              text="No family podcasts yet."
              to="/create-podcast"
              action={dashboardMessages.dashboard.noPodcasts}
            />
          )}
        </Panel>

        <Panel title={dashboardMessages.dashboard.recentSubmissions}>
          {recentSubmissions.length ? (
            <ul className="divide-y divide-border">
              {recentSubmissions.map((s) => (
                <li key={s.id} className="py-3">
                  <p className="font-medium">{s.contributorName?.trim() || dashboardMessages.dashboard.anonymous}</p>
                  <p className="text-sm text-muted-foreground">
                    {`${s.campaignTitle} · ${formatDay(s.createdAt)} · ${plural(s.wordCount, "word", "words")}`}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState
              text="No stories submitted yet."
              to="/create-story-collection"
              action={dashboardMessages.dashboard.noSubmissions}
            />
          )}
        </Panel>
      </div>

      <Panel title={dashboardMessages.dashboard.scheduled}>
        {scheduledCampaigns.length ? (
          <ul className="divide-y divide-border">
            {scheduledCampaigns.map((c) => (
              <li key={c.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <div className="flex items-center gap-2">
                    <p className="font-medium">{c.title}</p>
                    <Badge variant={scheduledCampaignBadge(c).variant}>{scheduledCampaignBadge(c).label}</Badge>
                  </div>
                  {c.description ? <p className="text-sm text-muted-foreground">{c.description}</p> : null}
                  <p className="text-sm text-muted-foreground">
                    {`${formatDay(c.scheduledDate)} · ${plural(c.recipientCount, "recipient", "recipients")}`}
                  </p>
                </div>
                <ListLink
                  to={`/campaigns/${c.id}/stories`}
                  className={buttonClass("outline", "sm")}
                  aria-label={`View details of ${c.title}`}
                >
                  {dashboardMessages.dashboard.viewDetails}
                </ListLink>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState
            text="No collections are scheduled."
            to="/create-story-collection"
            action={dashboardMessages.dashboard.noScheduled}
          />
        )}
      </Panel>
    </div>
  );
}

/** A GET form, so it works without JavaScript; with JavaScript a change submits at once. */
function PeriodSelector({ period }: { period: Period }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname === "/" &&
    navigation.location.search.includes("period=");
  return (
    <Form method="get" action="/" className="flex items-center gap-2" preventScrollReset>
      <label htmlFor="dashboard-period" className="text-sm font-medium">
        Period
      </label>
      <select
        id="dashboard-period"
        name="period"
        defaultValue={period}
        key={period}
        onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true, replace: true })}
        className="h-10 rounded-md border border-border bg-card px-3 text-sm"
      >
        {PERIODS.map((p) => (
          <option key={p} value={p}>
            {PERIOD_LABELS[p]}
          </option>
        ))}
      </select>
      <noscript>
        <Button type="submit" variant="outline">
          Apply
        </Button>
      </noscript>
      {loading ? (
        <span role="status" className="text-sm text-muted-foreground">
          {dashboardMessages.dashboard.loading}
        </span>
      ) : null}
    </Form>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardTitle className="mb-4">{title}</CardTitle>
      {children}
    </Card>
  );
}

function EmptyState({ text, to, action }: { text: string; to: string; action: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-6 text-center">
      <p className="text-muted-foreground">{text}</p>
      <Link to={to} className={buttonClass()}>
        {action}
      </Link>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data?.signedIn
      ? `${dashboardMessages.dashboard.pageTitle} | Storyhearth`
      : "Storyhearth: your family's stories, kept and told",
  },
  describedAs(),
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
