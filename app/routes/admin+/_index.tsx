import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { AdminErrorBoundary } from "~/features/admin/components/admin-access-required";
import { CreateUserDialog } from "~/features/admin/components/create-user-dialog";
import { ManageUserDialog } from "~/features/admin/components/manage-user-dialog";
import { UsersTable } from "~/features/admin/components/users-table";
import { PiperVoicesNotice } from "~/features/admin/components/piper-voices-notice";
import { piperDownloadState } from "~/audio/voice-download.server";
import { configuredPiperModels, isPiperVoiceInstalled } from "~/audio/voices.server";
import { buttonClass } from "~/components/ui/button";
import { Pager } from "~/components/ui/pager";
import { Card } from "~/components/ui/card";
import {
  ADMIN_USERS_PAGE_SIZE,
  countUsersForAdmin,
  createUserAsAdmin,
  extendUserTrial,
  getAdminStats,
  getUserForAdmin,
  listUsersForAdmin,
  setUserPodcastLimit,
  updateUserRole,
  updateUserSubscription,
} from "~/features/admin/users.server";
import type { User } from "~/models/user.server";
import { adminUserMessages } from "~/features/admin/user-messages";
import { CreateUserSchema, CustomLimitSchema, ExtendTrialSchema, RoleSchema, SubscriptionSchema } from "~/features/admin/user-schemas";
import { toAdminUserRow } from "~/features/admin/user-view";
import { readFormData, notFound, badIntent } from "~/lib/http.server";
import { constraintOf } from "~/lib/zod-constraint";
import { hrefWith } from "~/features/admin/components/admin-ui";
import { ListControls } from "~/features/admin/components/list-controls";
import { listMessages as lm } from "~/features/admin/list-messages";
import { isUnfilteredList, listQuery, pageCountFor, parseListParams, USERS_LIST, type UsersListParams } from "~/features/admin/list-params";
import { requireAdmin } from "~/features/account/auth.server";
import { redirectWithToast } from "~/lib/toast.server";

const m = adminUserMessages;

/** Where the list is: its page and its search, filters and sort, kept by every link and redirect. */
type Place = { page: number; list: Record<string, string | null> };

function adminUrl({ page, list }: Place, extra: Record<string, string> = {}) {
  return hrefWith("/admin", { ...list, ...extra, page: page > 1 ? page : null });
}

function placeOf(url: URL): Place & { params: UsersListParams } {
  const params = parseListParams(USERS_LIST, url.searchParams);
  return { page: params.page, list: listQuery(USERS_LIST, params), params };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const url = new URL(request.url);
  const now = new Date();
  const stats = getAdminStats(now);
  const { params, list } = placeOf(url);
  const matching = countUsersForAdmin(params);
  const pageCount = pageCountFor(matching, ADMIN_USERS_PAGE_SIZE);
  const page = Math.min(params.page, pageCount);
  const users = listUsersForAdmin({ ...params, limit: ADMIN_USERS_PAGE_SIZE, offset: (page - 1) * ADMIN_USERS_PAGE_SIZE });
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

type ManageIntent = "update-role" | "update-subscription" | "extend-trial" | "set-limit";
const FAILED: Record<ManageIntent, string> = {
  "update-role": m.toast.roleFailed,
  "update-subscription": m.toast.subscriptionFailed,
  "extend-trial": m.toast.trialFailed,
  "set-limit": m.toast.subscriptionFailed,
};
const DONE: Record<ManageIntent, string> = {
  "update-role": m.toast.roleUpdated,
  "update-subscription": m.toast.subscriptionUpdated,
  "extend-trial": m.toast.trialExtended,
  // The custom limit is the subscription call with a podcastLimit (spec §7).
  "set-limit": m.toast.subscriptionUpdated,
};

// A redirect, not a 400: a flash toast set on a 400 would only appear on the next page.
function refuse(intent: ManageIntent, userId: string, place: Place, reason: string) {
  return redirectWithToast(adminUrl(place, { manage: userId }), { title: FAILED[intent], description: reason, variant: "destructive" });
}

const firstError = (error: Record<string, string[] | null> | null | undefined) => Object.values(error ?? {}).flat().find(Boolean) ?? "";

async function change<S extends z.ZodType>(intent: ManageIntent, formData: FormData, place: Place, schema: S, apply: (userId: string, value: z.output<S>) => User | undefined) {
  const userId = String(formData.get("userId") ?? "");
  if (!(await getUserForAdmin(userId))) throw notFound();
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return refuse(intent, userId, place, firstError(submission.error));
  if (!apply(userId, submission.value)) throw notFound();
  return redirectWithToast(adminUrl(place, { manage: userId }), { title: DONE[intent] });
}

async function createUser(formData: FormData, admin: User) {
  const submission = parseWithZod(formData, { schema: CreateUserSchema });
  if (submission.status !== "success") return data({ intent: "create-user" as const, result: submission.reply() }, { status: 400 });
  const result = await createUserAsAdmin({ ...submission.value, sendInvite: submission.value.sendInvite ?? false }, admin);
  if (!result.ok) return data({ intent: "create-user" as const, result: submission.reply({ formErrors: [m.error.emailTaken] }) }, { status: 409 });
  return redirectWithToast(adminUrl({ page: 1, list: {} }), { title: result.invited ? m.toast.userCreated : m.toast.userCreatedNoInvite });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await readFormData(request);
  const place = placeOf(new URL(request.url));
  const intent = formData.get("intent");
  switch (intent) {
    case "update-role":
      // An administrator cannot demote themselves (it could lock the last one out).
      if (formData.get("userId") === admin.id) return refuse(intent, admin.id, place, m.error.ownRole);
      return change(intent, formData, place, RoleSchema, (id, v) => updateUserRole(id, v.role));
    case "update-subscription":
      return change(intent, formData, place, SubscriptionSchema, (id, v) => updateUserSubscription(id, v.status));
    case "extend-trial":
      return change(intent, formData, place, ExtendTrialSchema, (id, v) => extendUserTrial(id, v.days));
    case "set-limit":
      return change(intent, formData, place, CustomLimitSchema, (id, v) => setUserPodcastLimit(id, v.podcastLimit));
    case "create-user":
      return createUser(formData, admin);
    default:
      throw badIntent();
  }
}

const TILES = [
  { to: "/admin/system-errors", title: "System Errors", text: "Failures recorded by the service, and which are resolved." },
  { to: "/admin/metrics", title: "Metrics", text: "Overview, usage and costs, and system health." },
  { to: "/admin/activity", title: "Activity", text: "Recent activity, top users and a summary." },
  { to: "/admin/api-keys", title: "API Keys", text: "Keys for external integrations and their usage." },
] as const;

export default function AdminDashboard() {
  const { adminId, stats, page: pageNumber, pageCount, params, list, matching, filtered, users, managed, creating, piperVoices, piperMissing, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const place: Place = { page: pageNumber, list };
  const closeTo = adminUrl(place);
  const dialogOpen = Boolean(managed || creating);
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8">
      {/* The page behind an open dialog is inert, so keyboard focus stays in the dialog (React 18 knows no `inert` prop). */}
      <div className="space-y-8" aria-hidden={dialogOpen || undefined} {...(dialogOpen ? { inert: "" } : {})}>
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
            <Link key={tile.to} to={tile.to} className="rounded-lg border border-border bg-card p-4 shadow-sm transition hover:bg-muted">
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
            label={lm.users.label}
            action="/admin"
            q={params.q}
            searchHint={lm.users.searchHint}
            filters={[
              { name: "role", label: lm.users.role, value: params.filters.role, options: lm.users.roles },
              { name: "status", label: lm.users.status, value: params.filters.status, options: lm.users.statuses },
            ]}
            sort={params.sort}
            sorts={lm.users.sorts}
            total={matching}
            filtered={filtered}
          />
          {users.length === 0 && filtered ? <p className="text-muted-foreground">{lm.noMatches}</p> : null}
          <UsersTable users={users} manageHref={(id) => adminUrl(place, { manage: id })} />
          {pageCount > 1 ? (
            <Pager label="Users pages" previousHref={pageNumber > 1 ? adminUrl({ page: pageNumber - 1, list }) : undefined} nextHref={pageNumber < pageCount ? adminUrl({ page: pageNumber + 1, list }) : undefined}>
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
      {creating ? <CreateUserDialog closeTo={closeTo} lastResult={actionData?.result} constraint={constraints.createUser} /> : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Admin Dashboard | Storyhearth" }];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
