import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { Badge } from "~/components/ui/badge";
import { Card, CardTitle } from "~/components/ui/card";
import { Pager } from "~/components/ui/pager";
import { requireAdmin } from "~/features/account/auth.server";
import { AdminErrorBoundary } from "~/features/admin/components/admin-access-required";
import { AdminPageHeader, hrefWith } from "~/features/admin/components/admin-ui";
import { ListControls } from "~/features/admin/components/list-controls";
import { listMessages } from "~/features/admin/list-messages";
import {
  ACTIVITY_LIST,
  isUnfilteredList,
  listQuery,
  pageCountFor,
  parseListParams,
} from "~/features/admin/list-params";
import { adminMessages } from "~/features/admin/messages";
import { formatDateTimeAt } from "~/lib/format-date";
import { formatCount } from "~/lib/text-format";
import {
  countActivity,
  getActivitySummary,
  listRecentActivity,
  listTopUsers,
  RECENT_ACTIVITY_LIMIT,
  type ActivityType,
} from "~/models/activity.server";

const TYPE_LABELS: Record<ActivityType, string> = {
  podcast_created: "Podcast created",
  campaign_created: "Collection created",
  user_registered: "User registered",
  story_submitted: "Story submitted",
  account_deleted: "Account deleted",
};

const PATH = "/admin/activity";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = parseListParams(ACTIVITY_LIST, new URL(request.url).searchParams);
  const query = { q: params.q, type: params.filters.type, sort: params.sort };
  const matching = countActivity(query);
  const pageCount = pageCountFor(matching, RECENT_ACTIVITY_LIMIT);
  const page = Math.min(params.page, pageCount);
  return {
    params,
    list: listQuery(ACTIVITY_LIST, params),
    filtered: !isUnfilteredList(ACTIVITY_LIST, params),
    matching,
    page,
    pageCount,
    recent: listRecentActivity(RECENT_ACTIVITY_LIMIT, { ...query, offset: (page - 1) * RECENT_ACTIVITY_LIMIT }),
    topUsers: listTopUsers(),
    summary: getActivitySummary(),
  };
}

export default function AdminActivity() {
  const { params, list, filtered, matching, page, pageCount, recent, topUsers, summary } =
    useLoaderData<typeof loader>();
  const pageHref = (n: number) => hrefWith(PATH, { ...list, page: n > 1 ? n : null });
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <AdminPageHeader title={adminMessages.activity.pageTitle} />

      <Card className="space-y-3">
        <CardTitle>{adminMessages.activity.summary}</CardTitle>
        <table className="w-full text-left text-sm" aria-label={adminMessages.activity.summary}>
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
          <CardTitle>{adminMessages.activity.recent}</CardTitle>
          <ListControls
            label={listMessages.activity.label}
            action={PATH}
            q={params.q}
            searchHint={listMessages.activity.searchHint}
            filters={[
              {
                name: "type",
                label: listMessages.activity.type,
                value: params.filters.type,
                options: listMessages.activity.types,
              },
            ]}
            sort={params.sort}
            sorts={listMessages.activity.sorts}
            total={matching}
            filtered={filtered}
          />
          {recent.length === 0 ? (
            <p className="text-muted-foreground">{filtered ? listMessages.noMatches : adminMessages.activity.empty}</p>
          ) : (
            <ul className="divide-y divide-border" aria-label={adminMessages.activity.recent}>
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
          {pageCount > 1 ? (
            <Pager
              label="Activity pages"
              previousHref={page > 1 ? pageHref(page - 1) : undefined}
              nextHref={page < pageCount ? pageHref(page + 1) : undefined}
            >
              Page {page} of {pageCount}
            </Pager>
          ) : null}
        </Card>

        <Card className="space-y-3">
          <CardTitle>{adminMessages.activity.topUsers}</CardTitle>
          {topUsers.length === 0 ? (
            <p className="text-muted-foreground">{adminMessages.activity.noUsers}</p>
          ) : (
            <ol className="divide-y divide-border" aria-label={adminMessages.activity.topUsers}>
              {topUsers.map((user, i) => (
                <li key={user.userId} className="flex items-start justify-between gap-4 py-3" data-testid="top-user">
                  <div className="min-w-0">
                    <p className="font-medium">
                      {i + 1}. {user.username}
                    </p>
                    <p className="text-xs text-muted-foreground">{user.email}</p>
                    <p className="text-xs text-muted-foreground">
                      Last active {user.lastActive ? `${formatDateTimeAt(user.lastActive)} UTC` : "never"}
                    </p>
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

export const meta: MetaFunction = () => [{ title: `${adminMessages.activity.pageTitle} | Admin | Storyhearth` }];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
