import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { isPiperVoiceInstalled } from "~/audio/piper-files.server";
import { piperDownloadState } from "~/audio/voice-download.server";
import { configuredPiperModels } from "~/audio/voices.server";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Pager } from "~/components/ui/pager";
import { requireAdmin } from "~/features/account/auth.server";
import { AdminErrorBoundary } from "~/features/admin/components/admin-access-required";
import { CreateUserDialog } from "~/features/admin/components/create-user-dialog";
import { ListControls } from "~/features/admin/components/list-controls";
import { ManageUserDialog } from "~/features/admin/components/manage-user-dialog";
import { PiperVoicesNotice } from "~/features/admin/components/piper-voices-notice";
import { UsersTable } from "~/features/admin/components/users-table";
import { listMessages } from "~/features/admin/list-messages";
import { isUnfilteredList, pageCountFor, USERS_LIST } from "~/features/admin/list-params";
import {
  createUserAction,
  extendTrialAction,
  setLimitAction,
  updateRoleAction,
  updateSubscriptionAction,
} from "~/features/admin/user-intents.server";
import { CreateUserSchema, CustomLimitSchema } from "~/features/admin/user-schemas";
import { toAdminUserRow } from "~/features/admin/user-view";
import { adminUrl, placeOf, type Place } from "~/features/admin/users-place";
import {
  ADMIN_USERS_PAGE_SIZE,
  countUsersForAdmin,
  getAdminStats,
  getUserForAdmin,
  listUsersForAdmin,
} from "~/features/admin/users.server";
import { badIntent, notFound, readFormData } from "~/lib/http.server";
import { constraintOf } from "~/lib/zod-constraint";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const url = new URL(request.url);
  const now = new Date();
  const stats = getAdminStats(now);
  const { params, list } = placeOf(url);
  const matching = countUsersForAdmin(params);
  const pageCount = pageCountFor(matching, ADMIN_USERS_PAGE_SIZE);
  const page = Math.min(params.page, pageCount);
  const users = listUsersForAdmin({
    ...params,
    limit: ADMIN_USERS_PAGE_SIZE,
    offset: (page - 1) * ADMIN_USERS_PAGE_SIZE,
  });
  const manageId = url.searchParams.get("manage");
  const managed = manageId ? await getUserForAdmin(manageId) : undefined;
  if (manageId && !managed) throw notFound();
  return {
    adminId: admin.id,
    stats,
    page,
    pageCount,
    params,
    list,
    matching,
    filtered: !isUnfilteredList(USERS_LIST, params),
    users: users.map((user) => toAdminUserRow(user, now)),
    managed: managed ? toAdminUserRow(managed, now) : null,
    creating: !managed && url.searchParams.get("dialog") === "create-user",
    piperVoices: piperDownloadState(),
    piperMissing: configuredPiperModels().filter((model) => !isPiperVoiceInstalled(model)),
    // The forms' HTML constraints, worked out here so the page ships no schema code.
    constraints: { createUser: constraintOf(CreateUserSchema), customLimit: constraintOf(CustomLimitSchema) },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await readFormData(request);
  const place = placeOf(new URL(request.url));
  switch (formData.get("intent")) {
    case "update-role":
      return updateRoleAction(formData, admin, place);
    case "update-subscription":
      return updateSubscriptionAction(formData, place);
    case "extend-trial":
      return extendTrialAction(formData, place);
    case "set-limit":
      return setLimitAction(formData, place);
    case "create-user":
      return createUserAction(formData, admin);
    default:
      throw badIntent();
  }
}

const TILES = [
  {
    to: "/admin/system-errors",
    title: "System Errors",
    text: "Failures recorded by the service, and which are resolved.",
  },
  { to: "/admin/metrics", title: "Metrics", text: "Overview, usage and costs, and system health." },
  { to: "/admin/activity", title: "Activity", text: "Recent activity, top users and a summary." },
  { to: "/admin/api-keys", title: "API Keys", text: "Keys for external integrations and their usage." },
] as const;

export default function AdminDashboard() {
  const {
    adminId,
    stats,
    page: pageNumber,
    pageCount,
    params,
    list,
    matching,
    filtered,
    users,
    managed,
    creating,
    piperVoices,
    piperMissing,
    constraints,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const place: Place = { page: pageNumber, list };
  const closeTo = adminUrl(place);
  const dialogOpen = Boolean(managed || creating);
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8">
      {/* The page behind an open dialog is inert, so keyboard focus stays in the dialog. */}
      <div className="space-y-8" aria-hidden={dialogOpen || undefined} inert={dialogOpen}>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold">Admin Dashboard</h1>
            <p className="text-muted-foreground">Users, subscriptions and the state of the service.</p>
          </div>
          <Link to={adminUrl(place, { dialog: "create-user" })} preventScrollReset className={buttonClass()}>
            Create User
          </Link>
        </div>

        <PiperVoicesNotice state={piperVoices} missing={piperMissing} />

        <nav aria-label="Admin areas" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {TILES.map((tile) => (
            <Link
              key={tile.to}
              to={tile.to}
              className="rounded-lg border border-border bg-card p-4 shadow-sm transition hover:bg-muted"
            >
              <span className="block font-semibold">{tile.title}</span>
              <span className="text-sm text-muted-foreground">{tile.text}</span>
            </Link>
          ))}
        </nav>

        <section aria-label="User statistics" className="grid gap-4 sm:grid-cols-3">
          {(
            [
              ["Total Users", stats.totalUsers],
              ["Active Trials", stats.activeTrials],
              ["Active Subscriptions", stats.activeSubscriptions],
            ] as const
          ).map(([label, value]) => (
            <Card key={label} className="space-y-1">
              <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
              <p className="text-3xl font-bold tabular-nums">{value}</p>
            </Card>
          ))}
        </section>

        <Card className="space-y-4">
          <h2 className="text-xl font-semibold">Users</h2>
          <ListControls
            label={listMessages.users.label}
            action="/admin"
            q={params.q}
            searchHint={listMessages.users.searchHint}
            filters={[
              {
                name: "role",
                label: listMessages.users.role,
                value: params.filters.role,
                options: listMessages.users.roles,
              },
              {
                name: "status",
                label: listMessages.users.status,
                value: params.filters.status,
                options: listMessages.users.statuses,
              },
            ]}
            sort={params.sort}
            sorts={listMessages.users.sorts}
            total={matching}
            filtered={filtered}
          />
          {users.length === 0 && filtered ? <p className="text-muted-foreground">{listMessages.noMatches}</p> : null}
          <UsersTable users={users} manageHref={(id) => adminUrl(place, { manage: id })} />
          {pageCount > 1 ? (
            <Pager
              label="Users pages"
              previousHref={pageNumber > 1 ? adminUrl({ page: pageNumber - 1, list }) : undefined}
              nextHref={pageNumber < pageCount ? adminUrl({ page: pageNumber + 1, list }) : undefined}
            >
              Page {pageNumber} of {pageCount}
            </Pager>
          ) : null}
        </Card>
      </div>

      {managed ? (
        <ManageUserDialog
          key={managed.id}
          user={managed}
          isSelf={managed.id === adminId}
          closeTo={closeTo}
          limitConstraint={constraints.customLimit}
        />
      ) : null}
      {creating ? (
        <CreateUserDialog closeTo={closeTo} lastResult={actionData?.result} constraint={constraints.createUser} />
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Admin Dashboard | Storyhearth" }];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
