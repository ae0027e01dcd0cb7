import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useNavigation, useRevalidator } from "@remix-run/react";
import { useId } from "react";

import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { requireAdmin } from "~/features/account/auth.server";
import { AdminErrorBoundary } from "~/features/admin/components/admin-access-required";
import { AdminPageHeader, hrefWith, IntentButton, TabLinks } from "~/features/admin/components/admin-ui";
import { ListControls } from "~/features/admin/components/list-controls";
import { listMessages } from "~/features/admin/list-messages";
import { ERRORS_LIST, isUnfilteredList, listQuery, parseListParams } from "~/features/admin/list-params";
import { adminMessages } from "~/features/admin/messages";
import { severityClass } from "~/features/admin/severity";
import { cn } from "~/lib/cn";
import { formatDateTimeAt } from "~/lib/format-date";
import { badIntent, notFound, readFormData } from "~/lib/http.server";
import { countUnresolvedSystemErrors, listSystemErrors, resolveSystemError } from "~/lib/system-errors.server";
import { redirectWithToast } from "~/lib/toast.server";

const PATH = "/admin/system-errors";
type Tab = "all" | "unresolved";
type ListState = Record<string, string | null>;
const tabHref = (tab: Tab, list: ListState = {}) => hrefWith(PATH, { tab: tab === "all" ? null : tab, ...list });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const tab: Tab = url.searchParams.get("tab") === "unresolved" ? "unresolved" : "all";
  const params = parseListParams(ERRORS_LIST, url.searchParams);
  const errors = listSystemErrors({
    unresolvedOnly: tab === "unresolved",
    q: params.q,
    severity: params.filters.severity,
    sort: params.sort,
  });
  return {
    tab,
    params,
    list: listQuery(ERRORS_LIST, params),
    filtered: !isUnfilteredList(ERRORS_LIST, params),
    errors,
    unresolved: countUnresolvedSystemErrors(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const formData = await readFormData(request);
  if (formData.get("intent") !== "resolve") throw badIntent();
  const resolved = resolveSystemError(String(formData.get("id") ?? ""));
  if (!resolved) throw notFound();
  const list = listQuery(ERRORS_LIST, parseListParams(ERRORS_LIST, new URL(request.url).searchParams));
  return redirectWithToast(
    tabHref(formData.get("tab") === "unresolved" ? "unresolved" : "all", list),
    adminMessages.systemErrors.toast.resolved,
  );
}

export default function AdminSystemErrors() {
  const { tab, params, list, filtered, errors, unresolved } = useLoaderData<typeof loader>();
  const location = useLocation();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const refreshing =
    revalidator.state === "loading" || (navigation.state === "loading" && navigation.location.pathname === PATH);
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <AdminPageHeader
        title={adminMessages.systemErrors.pageTitle}
        actions={
          // A link to this very page reloads it without JavaScript; with it the data is re-read in place.
          <Link
            to={location.pathname + location.search}
            className={buttonClass("outline")}
            onClick={(event) => {
              event.preventDefault();
              revalidator.revalidate();
            }}
          >
            {refreshing ? "Refreshing..." : adminMessages.systemErrors.refresh}
          </Link>
        }
      />
      <TabLinks
        label="Errors"
        current={tab}
        tabs={[
          { key: "all", label: adminMessages.systemErrors.tabs.all, href: tabHref("all", list) },
          {
            key: "unresolved",
            label: adminMessages.systemErrors.tabs.unresolved,
            href: tabHref("unresolved", list),
            count: unresolved,
          },
        ]}
      />
      <ListControls
        label={listMessages.errors.label}
        action={PATH}
        q={params.q}
        searchHint={listMessages.errors.searchHint}
        filters={[
          {
            name: "severity",
            label: listMessages.errors.severity,
            value: params.filters.severity,
            options: listMessages.errors.severities,
          },
        ]}
        sort={params.sort}
        sorts={listMessages.errors.sorts}
        hidden={{ tab: tab === "all" ? null : tab }}
        total={errors.length}
        filtered={filtered}
      />
      {errors.length === 0 ? (
        <Card className="py-10 text-center text-muted-foreground">
          {filtered
            ? listMessages.noMatches
            : tab === "unresolved"
              ? adminMessages.systemErrors.emptyUnresolved
              : adminMessages.systemErrors.empty}
        </Card>
      ) : (
        <ul className="space-y-3">
          {errors.map((error) => (
            <ErrorItem key={error.id} error={error} tab={tab} />
          ))}
        </ul>
      )}
    </div>
  );
}

type ErrorRow = ReturnType<typeof useLoaderData<typeof loader>>["errors"][number];

function ErrorItem({ error, tab }: { error: ErrorRow; tab: Tab }) {
  const titleId = useId();
  return (
    <li data-testid="system-error" data-error-id={error.id} aria-labelledby={titleId}>
      <Card
        className={cn(
          "flex flex-col gap-3 p-4 md:flex-row md:items-start md:justify-between",
          error.isResolved && "border-dashed",
        )}
      >
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="outline" className={severityClass(error.severity)} data-testid="severity">
              {error.severity}
            </Badge>
            <h2 id={titleId} className="font-semibold">
              {error.errorType}
            </h2>
            {error.isResolved ? (
              <Badge variant="secondary">Resolved</Badge>
            ) : (
              <Badge variant="outline">Unresolved</Badge>
            )}
          </div>
          <p className="break-words text-sm">{error.errorMessage}</p>
          <p className="text-xs text-muted-foreground">
            {error.workflow ? `${error.workflow} · ` : ""}
            {formatDateTimeAt(error.createdAt)} UTC
            {error.resolvedAt ? ` · resolved ${formatDateTimeAt(error.resolvedAt)} UTC` : ""}
          </p>
        </div>
        {!error.isResolved ? (
          <IntentButton intent="resolve" fields={{ id: error.id, tab }} describedBy={titleId}>
            {adminMessages.systemErrors.resolve}
          </IntentButton>
        ) : null}
      </Card>
    </li>
  );
}

export const meta: MetaFunction = () => [{ title: `${adminMessages.systemErrors.pageTitle} | Admin | Storyhearth` }];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
