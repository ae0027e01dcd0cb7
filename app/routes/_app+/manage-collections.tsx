import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { MAX_REMINDERS } from "#db/enums";
import { useId, type MouseEvent } from "react";
import type { z } from "zod";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, FormActions, FormAlert, SelectField, TextareaField } from "~/components/forms";
import { showToast } from "~/components/toaster";
import { BackLink } from "~/components/ui/back-link";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { Dialog } from "~/components/ui/dialog";
import { ListLink } from "~/components/ui/list-link";
import { Pager } from "~/components/ui/pager";
import { StatCard } from "~/components/ui/stat-card";
import { requireUser } from "~/features/account/auth.server";
import { ArchiveLink } from "~/features/archive/components/archive-link";
import {
  MoveButtons,
  ReorderRow,
  useOptimisticReorder,
  type ReorderHandleProps,
} from "~/features/collections/components/collection-reorder";
import { dashboardMessages } from "~/features/collections/dashboard-messages";
import { MANAGE_PAGE_SIZE } from "~/features/collections/limits";
import { moveAction, reorderAction, workflowsAction } from "~/features/collections/manage-intents.server";
import { getCollectionStats, listCollectionsPage } from "~/features/collections/manage.server";
import {
  DATED_DISTRIBUTION_MODES,
  DAY_OF_MONTH,
  DISTRIBUTION_MODE_LABELS,
  DISTRIBUTION_MODES,
  MONTHS,
  REMINDER_MODE_LABELS,
  REMINDER_MODES,
  WEEKDAYS,
} from "~/features/collections/workflow-options";
import { WorkflowFormSchema } from "~/features/collections/workflow-settings";
import { displayAddress } from "~/lib/display-address";
import { formatDay } from "~/lib/format-date";
import { badIntent, readFormData } from "~/lib/http.server";
import { formatCount, plural } from "~/lib/text-format";
import { constraintOf, type FormConstraint } from "~/lib/zod-constraint";
import { deliveryDateFor, formatDeliveryDate, isoDay, toDistributionSettings } from "~/models/delivery-dates";
import { getWorkflowSettings } from "~/models/workflow.server";

const PATH = "/manage-collections";

const pageHref = (page: number, extra?: string) => {
  const params = new URLSearchParams();
  if (page > 1) params.set("page", String(page));
  if (extra) params.set("dialog", extra);
  const query = params.toString();
  return query ? `${PATH}?${query}` : PATH;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const stats = getCollectionStats(user.id);
  const pageCount = Math.max(1, Math.ceil(stats.totalCollections / MANAGE_PAGE_SIZE));
  const requested = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const page = Math.min(Math.max(Number.isFinite(requested) ? requested : 1, 1), pageCount);
  const offset = (page - 1) * MANAGE_PAGE_SIZE;
  return {
    settings: getWorkflowSettings(user.id),
    stats,
    rows: listCollectionsPage(user.id, offset),
    page,
    pageCount,
    offset,
    // Delivery dates are computed from this day on both server and browser, so the two renders agree.
    today: isoDay(new Date()),
    dialogOpen: url.searchParams.get("dialog") === "workflows",
    // The dialog's HTML constraints, worked out here so the page ships no schema code (decision 0183).
    constraint: constraintOf(WorkflowFormSchema),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  const intent = formData.get("intent");

  switch (intent) {
    case "workflows":
      return workflowsAction(user.id, formData, PATH);
    case "move":
      return moveAction(user.id, formData, PATH, pageHref);
    case "reorder":
      return reorderAction(user.id, formData);
    default:
      throw badIntent();
  }
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = LoaderData["rows"][number];

export default function ManageCollections() {
  const { settings, stats, rows, page, pageCount, offset, today, dialogOpen, constraint } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && !("ok" in actionData) ? (actionData as SubmissionResult<string[]>) : undefined;
  const navigation = useNavigation();
  const loadingList = navigation.state === "loading" && navigation.location.pathname === PATH && !navigation.formData;

  const distribution = toDistributionSettings(settings.distribution);
  const dated = DATED_DISTRIBUTION_MODES.includes(settings.distribution.mode);
  const todayDate = new Date(`${today}T00:00:00.000Z`);

  const { order, draggingId, handleProps, itemRef, moveHandler } = useOptimisticReorder({
    ids: rows.map((r) => r.id),
    page,
    action: PATH,
    fetcherKey: "reorder-collections",
    onRefused: () => showToast(dashboardMessages.toast.reorderFailed),
  });
  const rowsById = new Map(rows.map((r) => [r.id, r]));

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <div className="space-y-2">
          <BackLink to="/">{dashboardMessages.manage.backToDashboard}</BackLink>
          <h1 className="font-serif text-3xl font-bold">{dashboardMessages.manage.pageTitle}</h1>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={pageHref(page, "workflows")} className={buttonClass("outline")} preventScrollReset>
            {dashboardMessages.manage.configureWorkflows}
          </Link>
          <Link to="/create-story-collection" className={buttonClass()}>
            {dashboardMessages.manage.newCollection}
          </Link>
        </div>
      </div>

      <dl
        aria-label="Workflow summary"
        className="flex flex-wrap gap-x-8 gap-y-2 rounded-lg border border-border bg-muted px-4 py-3 text-sm"
      >
        <div className="flex gap-2">
          <dt className="font-medium">Reminder mode:</dt>
          <dd data-testid="reminder-mode">{REMINDER_MODE_LABELS[settings.collection.mode]}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="font-medium">Distribution mode:</dt>
          <dd data-testid="distribution-mode">{DISTRIBUTION_MODE_LABELS[settings.distribution.mode]}</dd>
        </div>
      </dl>
      <ArchiveLink href="/archive" scope="account" />

      <section aria-label="Statistics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Total Collections" value={stats.totalCollections} />
        <StatCard label="Active Campaigns" value={stats.activeCampaigns} />
        <StatCard label="Stories Collected" value={stats.storiesCollected} />
        <StatCard label="Family Members" value={stats.familyMembers} />
      </section>

      {rows.length === 0 ? (
        <Card className="flex flex-col items-center gap-4 py-12 text-center">
          <CardTitle>{dashboardMessages.manage.empty}</CardTitle>
          <p className="text-muted-foreground">
            Start a story collection and invite your family to share their memories.
          </p>
          <Link to="/create-story-collection" className={buttonClass()}>
            {dashboardMessages.manage.createFirst}
          </Link>
        </Card>
      ) : (
        <section aria-labelledby="collections-heading" className="space-y-3">
          <div className="flex items-center justify-between gap-4">
            <h2 id="collections-heading" className="text-xl font-semibold">
              Your Collections
            </h2>
            {loadingList ? (
              <span role="status" className="text-sm text-muted-foreground">
                {dashboardMessages.manage.loading}
              </span>
            ) : null}
          </div>
          <p id="reorder-hint" className="text-sm text-muted-foreground">
            Drag a collection by its handle, use the arrow keys on the handle, or the move buttons, to change the
            delivery order.
          </p>
          <Form method="post" action={PATH} preventScrollReset>
            <input type="hidden" name="intent" value="move" />
            <ol className="space-y-3" aria-describedby="reorder-hint">
              {order.map((id, i) => {
                const row = rowsById.get(id);
                if (!row) return null;
                const position = offset + i;
                return (
                  <CollectionRow
                    key={id}
                    row={row}
                    position={position}
                    total={stats.totalCollections}
                    delivery={dated ? formatDeliveryDate(deliveryDateFor(distribution, position, todayDate)) : null}
                    dragging={draggingId === id}
                    itemRef={itemRef(id)}
                    handleProps={handleProps(id)}
                    onMove={moveHandler(i)}
                  />
                );
              })}
            </ol>
          </Form>
          {pageCount > 1 ? (
            <Pager
              label="Pages"
              className="pt-2"
              previousHref={page > 1 ? pageHref(page - 1) : undefined}
              nextHref={page < pageCount ? pageHref(page + 1) : undefined}
            >
              {`Showing ${offset + 1}–${offset + rows.length} of ${formatCount(stats.totalCollections)} · Page ${page} of ${pageCount}`}
            </Pager>
          ) : null}
        </section>
      )}

      {dialogOpen || lastResult ? (
        <WorkflowDialog
          settings={settings}
          today={today}
          constraint={constraint}
          lastResult={lastResult}
          closeHref={pageHref(page)}
        />
      ) : null}
    </div>
  );
}

const statusLabel = (status: string) => (status === "generating_podcast" ? "Generating Podcast" : status);

type RowProps = {
  row: Row;
  position: number;
  total: number;
  delivery: string | null;
  dragging: boolean;
  itemRef: (el: HTMLElement | null) => void;
  handleProps: ReorderHandleProps;
  onMove: (direction: "up" | "down", event: MouseEvent<HTMLButtonElement>) => void;
};

function CollectionRow({ row, position, total, delivery, dragging, itemRef, handleProps, onMove }: RowProps) {
  const titleId = useId();
  return (
    <ReorderRow
      testId="collection-row"
      collectionId={row.id}
      titleId={titleId}
      title={row.title}
      position={position}
      badge={<Badge variant={row.status === "active" ? "default" : "secondary"}>{statusLabel(row.status)}</Badge>}
      dragging={dragging}
      itemRef={itemRef}
      handleProps={handleProps}
      actions={
        <>
          <div className="flex flex-wrap gap-2 sm:justify-end">
            <ListLink
              to={`/campaigns/${row.id}/stories`}
              className={buttonClass("outline", "sm")}
              aria-describedby={titleId}
            >
              {dashboardMessages.manage.viewStories}
            </ListLink>
            {row.contributionCount > 0 ? (
              <ListLink
                to={`/campaigns/${row.id}/stories#podcast`}
                className={buttonClass("default", "sm")}
                aria-describedby={titleId}
              >
                {dashboardMessages.manage.createPodcast}
              </ListLink>
            ) : null}
          </div>
          <div className="flex gap-1">
            <MoveButtons
              field={(direction) => ({ name: "move", value: `${row.id}:${direction}` })}
              first={position === 0}
              last={position === total - 1}
              describedBy={titleId}
              onMove={onMove}
            />
          </div>
        </>
      }
    >
      {row.description ? <p className="text-sm text-muted-foreground">{row.description}</p> : null}
      <p className="text-sm text-muted-foreground">
        {`${plural(row.invitedCount, "invited", "invited")} · ${plural(row.contributionCount, "story", "stories")} · Created ${formatDay(row.createdAt)}`}
      </p>
      {row.sentDate ? <p className="text-sm">Sent on {formatDay(row.sentDate)}</p> : null}
      {row.scheduledDate ? <p className="text-sm">Scheduled for {formatDay(row.scheduledDate)}</p> : null}
      {delivery !== null ? (
        <p className="text-sm font-medium" data-testid="delivery">
          {`Delivery #${position + 1}: ${delivery}`}
        </p>
      ) : null}
    </ReorderRow>
  );
}

type Settings = LoaderData["settings"];

const numbers = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
const REMINDER_COUNTS = numbers(MAX_REMINDERS.min, MAX_REMINDERS.max);
const MONTH_DAYS = numbers(DAY_OF_MONTH.min, DAY_OF_MONTH.max);
const WEEKDAY_OPTIONS = WEEKDAYS.map((day, i) => ({ value: String(i), label: day }));
const MONTH_OPTIONS = MONTHS.map((month, i) => ({ value: String(i + 1), label: month }));

type WorkflowDialogProps = {
  settings: Settings;
  today: string;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  closeHref: string;
};

/** Rendered by the server when the URL says ?dialog=workflows, so it opens without JavaScript. */
function WorkflowDialog({ settings, today, constraint, lastResult, closeHref }: WorkflowDialogProps) {
  const navigation = useNavigation();
  const c = settings.collection;
  const d = settings.distribution;
  // Checked by the server only (decision 0183): the action's reply carries the same messages.
  const [form, fields] = useForm<z.input<typeof WorkflowFormSchema>>({
    id: "workflow-settings",
    lastResult,
    constraint,
    defaultValue: {
      collectionMode: c.mode,
      startDate: c.startDate ?? today,
      maxReminders: String(c.maxReminders),
      // Shown as a family reads them; posted back, the parser makes them canonical again.
      contributors: c.contributors.map(displayAddress).join("\n"),
      distributionMode: d.mode,
      scheduledDate: d.scheduledDate ?? "",
      dayOfWeek: d.dayOfWeek === null ? "" : String(d.dayOfWeek),
      dayOfMonth: d.dayOfMonth === null ? "" : String(d.dayOfMonth),
      monthOfYear: d.monthOfYear === null ? "" : String(d.monthOfYear),
      recipients: d.recipients.map(displayAddress).join("\n"),
    },
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "workflows";

  return (
    <Dialog
      title={dashboardMessages.manage.configureWorkflows}
      description="These settings apply to all your story collections."
      closeTo={closeHref}
      width="2xl"
    >
      <Form method="post" className="space-y-6" preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="intent" value="workflows" />
        <FormAlert errors={form.errors} />
        <fieldset className="space-y-3">
          <legend className="font-semibold">Collection Workflow</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <SelectField
              label="Reminder mode"
              selectProps={getSelectProps(fields.collectionMode)}
              errors={fields.collectionMode.errors}
              options={REMINDER_MODES}
              optionLabel={(mode) => REMINDER_MODE_LABELS[mode]}
            />
            <Field
              label="Start date"
              inputProps={getInputProps(fields.startDate, { type: "date" })}
              errors={fields.startDate.errors}
            />
            <SelectField
              label="Max reminders"
              selectProps={getSelectProps(fields.maxReminders)}
              errors={fields.maxReminders.errors}
              options={REMINDER_COUNTS}
            />
          </div>
          <TextareaField
            label="Contributors (one e-mail per line)"
            textareaProps={{ ...getTextareaProps(fields.contributors), rows: 3 }}
            errors={fields.contributors.errors}
          />
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="font-semibold">Distribution Workflow</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label="Distribution mode"
              selectProps={getSelectProps(fields.distributionMode)}
              errors={fields.distributionMode.errors}
              options={DISTRIBUTION_MODES}
              optionLabel={(mode) => DISTRIBUTION_MODE_LABELS[mode]}
            />
            <Field
              label="Scheduled date"
              inputProps={getInputProps(fields.scheduledDate, { type: "date" })}
              errors={fields.scheduledDate.errors}
            />
            <SelectField
              label="Day of week"
              selectProps={getSelectProps(fields.dayOfWeek)}
              errors={fields.dayOfWeek.errors}
              options={WEEKDAY_OPTIONS}
              placeholder="Not set"
            />
            <SelectField
              label="Day of month"
              selectProps={getSelectProps(fields.dayOfMonth)}
              errors={fields.dayOfMonth.errors}
              options={MONTH_DAYS}
              placeholder="Not set"
            />
            <SelectField
              label="Month of year"
              selectProps={getSelectProps(fields.monthOfYear)}
              errors={fields.monthOfYear.errors}
              options={MONTH_OPTIONS}
              placeholder="Not set"
            />
          </div>
          <TextareaField
            label="Recipients (one e-mail per line)"
            textareaProps={{ ...getTextareaProps(fields.recipients), rows: 3 }}
            errors={fields.recipients.errors}
          />
          <p className="text-sm text-muted-foreground">
            Scheduled uses the scheduled date; weekly the day of week; monthly and quarterly the day of month; yearly
            the month and day. A missing setting shows as &lsquo;{dashboardMessages.manage.notScheduled}&rsquo;.
          </p>
        </fieldset>
        <FormActions cancelTo={closeHref}>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save Settings"}
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}

export const meta: MetaFunction = () => [{ title: `${dashboardMessages.manage.pageTitle} | Storyhearth` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFoundText="That collection does not exist or is not yours." />;
}
