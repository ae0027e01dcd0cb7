import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { AdminErrorBoundary } from "~/features/admin/components/admin-access-required";
import { CreateUserDialog } from "~/features/admin/components/create-user-dialog";
import { ManageUserDialog } from "~/features/admin/components/manage-user-dialog";
import { UsersTable } from "~/features/admin/components/users-table";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import {
  ADMIN_USERS_PAGE_SIZE,
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
import { readFormData } from "~/lib/http.server";
import { requireAdmin } from "~/features/account/auth.server";
import { redirectWithToast } from "~/lib/toast.server";

const m = adminUserMessages;
const notFound = () => new Response("Not Found", { status: 404 });

function adminUrl(page: number, extra: Record<string, string> = {}) {
  const params = new URLSearchParams(extra);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/admin?${search}` : "/admin";
}

function pageOf(url: URL) {
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return Number.isFinite(page) && page > 0 ? page : 1;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const url = new URL(request.url);
  const now = new Date();
  const stats = getAdminStats(now);
  const pageCount = Math.max(1, Math.ceil(stats.totalUsers / ADMIN_USERS_PAGE_SIZE));
  const page = Math.min(pageOf(url), pageCount);
  const users = listUsersForAdmin({ limit: ADMIN_USERS_PAGE_SIZE, offset: (page - 1) * ADMIN_USERS_PAGE_SIZE });
  const manageId = url.searchParams.get("manage");
  const managed = manageId ? await getUserForAdmin(manageId) : undefined;
  if (manageId && !managed) throw notFound();
  return {
    adminId: admin.id,
    stats,
    page,
    pageCount,
    users: users.map((user) => toAdminUserRow(user, now)),
    managed: managed ? toAdminUserRow(managed, now) : null,
    creating: !managed && url.searchParams.get("dialog") === "create-user",
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
function refuse(intent: ManageIntent, userId: string, page: number, reason: string) {
  return redirectWithToast(adminUrl(page, { manage: userId }), { title: FAILED[intent], description: reason, variant: "destructive" });
}

const firstError = (error: Record<string, string[] | null> | null | undefined) => Object.values(error ?? {}).flat().find(Boolean) ?? "";

async function change<S extends z.ZodType>(intent: ManageIntent, formData: FormData, page: number, schema: S, apply: (userId: string, value: z.output<S>) => User | undefined) {
  const userId = String(formData.get("userId") ?? "");
  if (!(await getUserForAdmin(userId))) throw notFound();
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return refuse(intent, userId, page, firstError(submission.error));
  if (!apply(userId, submission.value)) throw notFound();
  return redirectWithToast(adminUrl(page, { manage: userId }), { title: DONE[intent] });
}

async function createUser(formData: FormData, admin: User) {
  const submission = parseWithZod(formData, { schema: CreateUserSchema });
  if (submission.status !== "success") return data({ intent: "create-user" as const, result: submission.reply() }, { status: 400 });
  const result = await createUserAsAdmin({ ...submission.value, sendInvite: submission.value.sendInvite ?? false }, admin);
  if (!result.ok) return data({ intent: "create-user" as const, result: submission.reply({ formErrors: [m.error.emailTaken] }) }, { status: 409 });
  return redirectWithToast(adminUrl(1), { title: result.invited ? m.toast.userCreated : m.toast.userCreatedNoInvite });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await readFormData(request);
  const page = pageOf(new URL(request.url));
  const intent = formData.get("intent");
  switch (intent) {
    case "update-role":
      // An administrator cannot demote themselves (it could lock the last one out).
      if (formData.get("userId") === admin.id) return refuse(intent, admin.id, page, m.error.ownRole);
      return change(intent, formData, page, RoleSchema, (id, v) => updateUserRole(id, v.role));
    case "update-subscription":
      return change(intent, formData, page, SubscriptionSchema, (id, v) => updateUserSubscription(id, v.status));
    case "extend-trial":
      return change(intent, formData, page, ExtendTrialSchema, (id, v) => extendUserTrial(id, v.days));
    case "set-limit":
      return change(intent, formData, page, CustomLimitSchema, (id, v) => setUserPodcastLimit(id, v.podcastLimit));
    case "create-user":
      return createUser(formData, admin);
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

const TILES = [
  { to: "/admin/system-errors", title: "System Errors", text: "Failures recorded by the service, and which are resolved." },
  { to: "/admin/metrics", title: "Metrics", text: "Overview, usage and costs, and system health." },
  { to: "/admin/activity", title: "Activity", text: "Recent activity, top users and a summary." },
  { to: "/admin/api-keys", title: "API Keys", text: "Keys for external integrations and their usage." },
] as const;

export default function AdminDashboard() {
  const { adminId, stats, page, pageCount, users, managed, creating } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeTo = adminUrl(page);
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
          <Link to={adminUrl(page, { dialog: "create-user" })} preventScrollReset className={buttonClass()}>
            Create User
          </Link>
        </div>

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
          <UsersTable users={users} manageHref={(id) => adminUrl(page, { manage: id })} />
          {pageCount > 1 ? (
            <nav aria-label="Users pages" className="flex items-center justify-between text-sm">
              {page > 1 ? (
                <Link to={adminUrl(page - 1)} className={buttonClass("outline", "sm")}>
                  Previous
                </Link>
              ) : (
                <span />
              )}
              <span className="text-muted-foreground">
                Page {page} of {pageCount}
              </span>
              {page < pageCount ? (
                <Link to={adminUrl(page + 1)} className={buttonClass("outline", "sm")}>
                  Next
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </Card>
      </div>

      {managed ? (
        <ManageUserDialog
          key={managed.id}
          user={managed}
          isSelf={managed.id === adminId}
          closeTo={closeTo}
        />
      ) : null}
      {creating ? <CreateUserDialog closeTo={closeTo} lastResult={actionData?.result} /> : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Admin Dashboard | Storyhearth" }];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
