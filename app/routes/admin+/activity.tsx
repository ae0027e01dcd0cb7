import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPageHeader } from "~/features/admin/components/admin-ui";
import { AdminErrorBoundary } from "~/features/admin/components/admin-access-required";
import { Badge } from "~/components/ui/badge";
import { Card, CardTitle } from "~/components/ui/card";
import { getActivitySummary, listRecentActivity, listTopUsers, type ActivityType } from "~/models/activity.server";
import { adminMessages } from "~/features/admin/messages";
import { requireAdmin } from "~/features/account/auth.server";
import { formatDateTimeAt } from "~/lib/format-date";
import { formatCount } from "~/lib/number-format";

const m = adminMessages.activity;

const TYPE_LABELS: Record<ActivityType, string> = {
  podcast_created: "Podcast created",
  campaign_created: "Collection created",
  user_registered: "User registered",
  story_submitted: "Story submitted",
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { recent: listRecentActivity(), topUsers: listTopUsers(), summary: getActivitySummary() };
}

export default function AdminActivity() {
  const { recent, topUsers, summary } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <AdminPageHeader title={m.pageTitle} />

      <Card className="space-y-3">
        <CardTitle>{m.summary}</CardTitle>
        <table className="w-full text-left text-sm" aria-label={m.summary}>
          <thead className="border-b border-border text-muted-foreground">
            <tr>
              <th className="py-2 pr-4 font-medium">Activity</th>
              <th className="py-2 pr-4 font-medium">Last 7 days</th>
              <th className="py-2 pr-4 font-medium">Last 30 days</th>
              <th className="py-2 font-medium">All time</th>
            </tr>
          </thead>
          <tbody>
            {summary.map((row) => (
              <tr key={row.type} className="border-b border-border" data-testid={`summary-${row.type}`}>
                <td className="py-2 pr-4">{TYPE_LABELS[row.type]}</td>
                <td className="py-2 pr-4">{formatCount(row.last7Days)}</td>
                <td className="py-2 pr-4">{formatCount(row.last30Days)}</td>
                <td className="py-2">{formatCount(row.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="space-y-3">
          <CardTitle>{m.recent}</CardTitle>
          {recent.length === 0 ? (
            <p className="text-muted-foreground">{m.empty}</p>
          ) : (
            <ul className="divide-y divide-border" aria-label={m.recent}>
              {recent.map((item) => (
                <li key={item.id} className="space-y-1 py-3" data-testid="activity-item">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant="outline">{TYPE_LABELS[item.type]}</Badge>
                    <span className="text-xs text-muted-foreground">{formatDateTimeAt(item.timestamp)} UTC</span>
                  </div>
                  <p className="text-sm">{item.details}</p>
                  {item.user ? <p className="text-xs text-muted-foreground">{item.user.name}</p> : null}
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card className="space-y-3">
          <CardTitle>{m.topUsers}</CardTitle>
          {topUsers.length === 0 ? (
            <p className="text-muted-foreground">{m.noUsers}</p>
          ) : (
            <ol className="divide-y divide-border" aria-label={m.topUsers}>
              {topUsers.map((user, i) => (
                <li key={user.userId} className="flex items-start justify-between gap-4 py-3" data-testid="top-user">
                  <div className="min-w-0">
                    <p className="font-medium">
                      {i + 1}. {user.username}
                    </p>
                    <p className="text-xs text-muted-foreground">{user.email}</p>
                    <p className="text-xs text-muted-foreground">Last active {user.lastActive ? `${formatDateTimeAt(user.lastActive)} UTC` : "never"}</p>
                  </div>
                  <p className="shrink-0 text-right text-sm">
                    {formatCount(user.podcastCount)} podcast(s)
                    <br />
                    {formatCount(user.storyCount)} story(ies)
                  </p>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: `${m.pageTitle} | Admin | Storyhearth` }];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
