import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useId, type MouseEvent } from "react";
import type { z } from "zod";

import { ErrorList, FormActions } from "~/components/forms";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { Dialog } from "~/components/ui/dialog";
import { Pager } from "~/components/ui/pager";
import { StatCard } from "~/components/ui/stat-card";
import { requireAdmin } from "~/features/account/auth.server";
import {
  createCollectionAction,
  deleteCollectionAction,
  moveCollectionAction,
  reorderCollectionsAction,
  toggleCollectionAction,
  updateCollectionAction,
  UpdateCollectionSchema,
  type CollectionFormReply,
} from "~/features/admin/collection-intents.server";
import {
  countAdminCollections,
  getAdminCollection,
  getAdminCollectionStats,
  listAdminCollections,
} from "~/features/admin/collections.server";
import { AdminErrorBoundary } from "~/features/admin/components/admin-access-required";
import {
  AdminPageHeader,
  ConfirmButton,
  ConfirmDialog,
  hrefWith,
  IntentButton,
} from "~/features/admin/components/admin-ui";
import { CollectionFields, datetimeLocalValue } from "~/features/admin/components/collection-fields";
import { ListControls } from "~/features/admin/components/list-controls";
import { ADMIN_COLLECTIONS_PAGE_SIZE } from "~/features/admin/limits";
import { listMessages } from "~/features/admin/list-messages";
import {
  COLLECTIONS_LIST,
  isUnfilteredList,
  listQuery,
  pageCountFor,
  parseListParams,
} from "~/features/admin/list-params";
import { adminMessages } from "~/features/admin/messages";
import { CollectionFormSchema } from "~/features/admin/schemas";
import {
  MoveButtons,
  ReorderRow,
  useOptimisticReorder,
  type ReorderHandleProps,
} from "~/features/collections/components/collection-reorder";
import { campaignStatusLabel } from "~/features/collections/status-badges";
import { cn } from "~/lib/cn";
import { formatDateTimeAt } from "~/lib/format-date";
import { badIntent, notFound, readFormData } from "~/lib/http.server";
import { formatCount } from "~/lib/text-format";
import { constraintOf, type FormConstraint } from "~/lib/zod-constraint";

const PATH = "/admin/story-collections";

type ListState = Record<string, string | null>;
/** A link into the list that keeps its search, filters and sort (`list`). */
const listHref = (page: number, extra: Record<string, string> = {}, list: ListState = {}) =>
  hrefWith(PATH, { ...list, page: page > 1 ? page : null, ...extra });
const listStateOf = (url: URL) => listQuery(COLLECTIONS_LIST, parseListParams(COLLECTIONS_LIST, url.searchParams));

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const stats = getAdminCollectionStats();
  const params = parseListParams(COLLECTIONS_LIST, url.searchParams);
  const matching = countAdminCollections(params);
  const pageCount = pageCountFor(matching, ADMIN_COLLECTIONS_PAGE_SIZE);
  const page = Math.min(params.page, pageCount);
  const offset = (page - 1) * ADMIN_COLLECTIONS_PAGE_SIZE;
  const dialog = url.searchParams.get("dialog");
  const dialogId = url.searchParams.get("id");
  const selected = (dialog === "edit" || dialog === "delete") && dialogId ? getAdminCollection(dialogId) : undefined;
  if ((dialog === "edit" || dialog === "delete") && !selected) throw notFound();
  return {
    stats,
    rows: listAdminCollections(offset, ADMIN_COLLECTIONS_PAGE_SIZE, params),
    page,
    pageCount,
    offset,
    params,
    matching,
    list: listQuery(COLLECTIONS_LIST, params),
    // Reordering is by position in the whole list, so only the unfiltered list in delivery order offers it.
    reorderable: isUnfilteredList(COLLECTIONS_LIST, params),
    dialog: dialog === "new" || selected ? dialog : null,
    selected: selected
      ? {
          id: selected.id,
          title: selected.title,
          description: selected.description,
          prompt: selected.prompt,
          scheduledDate: selected.scheduledDate,
        }
      : null,
    // The forms' HTML constraints, worked out here so the page ships no schema code.
    constraints: { create: constraintOf(CollectionFormSchema), update: constraintOf(UpdateCollectionSchema) },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const page = Math.max(1, Number.parseInt(String(formData.get("page") ?? "1"), 10) || 1);
  const id = String(formData.get("id") ?? "");
  const list = listStateOf(new URL(request.url));

  const back = listHref(page, {}, list);
  switch (intent) {
    case "create":
      return createCollectionAction(admin.id, formData, back);
    case "update":
      return updateCollectionAction(formData, back);
    case "toggle":
      return toggleCollectionAction(id, back);
    case "delete":
      return deleteCollectionAction(id, back);
    case "move":
      return moveCollectionAction(formData, page, (to) => listHref(to));
    case "reorder":
      return reorderCollectionsAction(formData);
    default:
      throw badIntent();
  }
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = LoaderData["rows"][number];

export default function AdminStoryCollections() {
  const { stats, rows, page, pageCount, offset, params, matching, list, reorderable, dialog, selected, constraints } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const reply = actionData && "intent" in actionData ? (actionData as CollectionFormReply) : undefined;
  // A refused reorder is not followed by a reload: the revalidation shows the toast and the stored order.
  const { order, draggingId, handleProps, itemRef, moveHandler } = useOptimisticReorder({
    ids: rows.map((r) => r.id),
    page,
    action: PATH,
    fetcherKey: "admin-reorder-collections",
  });
  const rowsById = new Map(rows.map((r) => [r.id, r]));
  const closeHref = listHref(page, {}, list);
  const showNew = dialog === "new" || reply?.intent === "create";
  const showEdit = selected && (dialog === "edit" || reply?.intent === "update");

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <AdminPageHeader
        title={adminMessages.collections.pageTitle}
        description={adminMessages.collections.subtitle}
        actions={
          <Link to={listHref(page, { dialog: "new" }, list)} preventScrollReset className={buttonClass()}>
            {adminMessages.collections.newCollection}
          </Link>
        }
      />

      <section aria-label="Summary" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label={adminMessages.collections.cards.total} value={formatCount(stats.totalCollections)} />
        <StatCard label={adminMessages.collections.cards.active} value={formatCount(stats.activeCampaigns)} />
        <StatCard label={adminMessages.collections.cards.stories} value={formatCount(stats.totalStories)} />
        <StatCard label={adminMessages.collections.cards.scheduled} value={formatCount(stats.scheduled)} />
      </section>

      {stats.totalCollections > 0 ? (
        <ListControls
          label={listMessages.collections.label}
          action={PATH}
          q={params.q}
          searchHint={listMessages.collections.searchHint}
          filters={[
            {
              name: "state",
              label: listMessages.collections.state,
              value: params.filters.state,
              options: listMessages.collections.states,
            },
          ]}
          sort={params.sort}
          sorts={listMessages.collections.sorts}
          total={matching}
          filtered={!reorderable}
        />
      ) : null}

      {rows.length === 0 ? (
        <Card className="py-12 text-center">
          <CardTitle>{stats.totalCollections > 0 ? listMessages.noMatches : adminMessages.collections.empty}</CardTitle>
        </Card>
      ) : !reorderable ? (
        <section aria-labelledby="collections-heading" className="space-y-3">
          <h2 id="collections-heading" className="text-xl font-semibold">
            Matching Collections
          </h2>
          <p className="text-sm text-muted-foreground">{listMessages.collections.reorderOff}</p>
          <ol className="space-y-3">
            {rows.map((row) => (
              <StaticCollectionRow key={row.id} row={row} page={page} list={list} />
            ))}
          </ol>
          {pageCount > 1 ? <CollectionPager page={page} pageCount={pageCount} list={list} /> : null}
        </section>
      ) : (
        <section aria-labelledby="collections-heading" className="space-y-3">
          <h2 id="collections-heading" className="text-xl font-semibold">
            All Collections
          </h2>
          <p id="reorder-hint" className="text-sm text-muted-foreground">
            Drag a collection by its handle, use the arrow keys on the handle, or the move buttons, to change the order.
          </p>
          <ol className="space-y-3" aria-describedby="reorder-hint">
            {order.map((id, i) => {
              const row = rowsById.get(id);
              if (!row) return null;
              return (
                <CollectionRow
                  key={id}
                  row={row}
                  position={offset + i}
                  total={stats.totalCollections}
                  page={page}
                  dragging={draggingId === id}
                  itemRef={itemRef(id)}
                  handleProps={handleProps(id)}
                  onMove={moveHandler(i)}
                />
              );
            })}
          </ol>
          {pageCount > 1 ? <CollectionPager page={page} pageCount={pageCount} list={list} /> : null}
        </section>
      )}

      {showNew ? (
        <CollectionDialog
          key="new"
          title={adminMessages.collections.newCollection}
          intent="create"
          page={page}
          closeHref={closeHref}
          constraint={constraints.create}
          lastResult={reply?.intent === "create" ? reply.result : undefined}
        />
      ) : null}
      {showEdit ? (
        <CollectionDialog
          key={`edit-${selected.id}`}
          title={`Edit "${selected.title}"`}
          intent="update"
          page={page}
          closeHref={closeHref}
          selected={selected}
          constraint={constraints.update}
          lastResult={reply?.intent === "update" ? reply.result : undefined}
        />
      ) : null}
      {dialog === "delete" && selected ? (
        <ConfirmDialog
          title="Delete collection"
          message={adminMessages.collections.deleteConfirm(selected.title)}
          fields={{ intent: "delete", id: selected.id, page: String(page) }}
          confirmLabel="Delete"
          closeHref={closeHref}
        />
      ) : null}
    </div>
  );
}

type RowProps = {
  row: Row;
  position: number;
  total: number;
  page: number;
  dragging: boolean;
  itemRef: (el: HTMLElement | null) => void;
  handleProps: ReorderHandleProps;
  onMove: (direction: "up" | "down", event: MouseEvent<HTMLButtonElement>) => void;
};

function activeBadge(row: Row) {
  return (
    <Badge variant={row.isActive ? "default" : "secondary"} data-testid="active-badge">
      {row.isActive ? "Active" : "Inactive"}
    </Badge>
  );
}

/** Activate/Deactivate, Edit and Delete: the same in the ordered and in the searched list. */
function RowActions({ row, page, list, titleId }: { row: Row; page: number; list: ListState; titleId: string }) {
  return (
    <div className="flex flex-wrap gap-2 sm:justify-end">
      <IntentButton
        intent="toggle"
        fields={{ id: row.id, page: String(page) }}
        variant={row.isActive ? "outline" : "default"}
        describedBy={titleId}
      >
        {row.isActive ? "Deactivate" : "Activate"}
      </IntentButton>
      <Link
        to={listHref(page, { dialog: "edit", id: row.id }, list)}
        preventScrollReset
        className={buttonClass("outline", "sm")}
        aria-describedby={titleId}
      >
        Edit
      </Link>
      <ConfirmButton
        confirmHref={listHref(page, { dialog: "delete", id: row.id }, list)}
        message={adminMessages.collections.deleteConfirm(row.title)}
        fields={{ intent: "delete", id: row.id, page: String(page) }}
        variant="destructive"
        describedBy={titleId}
      >
        Delete
      </ConfirmButton>
    </div>
  );
}

function RowDetails({ row }: { row: Row }) {
  const owner = [row.ownerFirstName, row.ownerLastName].filter(Boolean).join(" ") || row.ownerEmail;
  return (
    <>
      {row.description ? <p className="text-sm text-muted-foreground">{row.description}</p> : null}
      <p className="text-sm text-muted-foreground">
        {`Owner: ${owner} · Status: ${campaignStatusLabel(row.status)} · ${row.emailsSent} email(s) sent · ${row.storiesReceived} story(ies) received`}
      </p>
      {row.scheduledDate ? <p className="text-sm">Scheduled for {formatDateTimeAt(row.scheduledDate)} UTC</p> : null}
    </>
  );
}

/** A row of a searched, filtered or re-sorted list: no position, handle or move buttons. */
function StaticCollectionRow({ row, page, list }: { row: Row; page: number; list: ListState }) {
  const titleId = useId();
  return (
    <li data-testid="admin-collection-row" data-collection-id={row.id} aria-labelledby={titleId}>
      <Card className={cn("flex flex-wrap gap-x-4 gap-y-3 p-4 sm:flex-nowrap", !row.isActive && "border-dashed")}>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="text-lg font-semibold">
              {row.title}
            </h3>
            {activeBadge(row)}
          </div>
          <RowDetails row={row} />
        </div>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:shrink-0 sm:items-end">
          <RowActions row={row} page={page} list={list} titleId={titleId} />
        </div>
      </Card>
    </li>
  );
}

function CollectionRow({ row, position, total, page, dragging, itemRef, handleProps, onMove }: RowProps) {
  const titleId = useId();
  return (
    <ReorderRow
      testId="admin-collection-row"
      collectionId={row.id}
      titleId={titleId}
      title={row.title}
      position={position}
      badge={activeBadge(row)}
      dragging={dragging}
      dashed={!row.isActive}
      itemRef={itemRef}
      handleProps={handleProps}
      actions={
        <>
          <RowActions row={row} page={page} list={{}} titleId={titleId} />
          <Form method="post" action={PATH} className="flex gap-1" preventScrollReset>
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="id" value={row.id} />
            <input type="hidden" name="page" value={page} />
            <MoveButtons
              field={(direction) => ({ name: "direction", value: direction })}
              first={position === 0}
              last={position === total - 1}
              describedBy={titleId}
              onMove={onMove}
            />
          </Form>
        </>
      }
    >
      <RowDetails row={row} />
    </ReorderRow>
  );
}

function CollectionPager({ page, pageCount, list }: { page: number; pageCount: number; list: ListState }) {
  return (
    <Pager
      label="Pages"
      className="pt-2"
      previousHref={page > 1 ? listHref(page - 1, {}, list) : undefined}
      nextHref={page < pageCount ? listHref(page + 1, {}, list) : undefined}
    >
      Page {page} of {pageCount}
    </Pager>
  );
}

type Selected = NonNullable<LoaderData["selected"]>;

function CollectionDialog({
  title,
  intent,
  page,
  closeHref,
  selected,
  constraint,
  lastResult,
}: {
  title: string;
  intent: "create" | "update";
  page: number;
  closeHref: string;
  selected?: Selected;
  /** From the loader: the page loads no schema code. */
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof UpdateCollectionSchema>>({
    id: `admin-collection-${intent}`,
    lastResult,
    constraint,
    defaultValue: selected
      ? {
          title: selected.title,
          description: selected.description ?? "",
          prompt: selected.prompt,
          scheduledDate: datetimeLocalValue(selected.scheduledDate),
        }
      : undefined,
    // Checked by the server only (decision 0182).
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Dialog title={title} closeTo={closeHref}>
      <Form method="post" className="space-y-4" preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="page" value={page} />
        {selected ? <input type="hidden" name="id" value={selected.id} /> : null}
        <ErrorList errors={form.errors} />
        <CollectionFields
          title={fields.title}
          description={fields.description}
          prompt={fields.prompt}
          scheduledDate={fields.scheduledDate}
        />
        <FormActions cancelTo={closeHref}>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : intent === "create" ? "Create Collection" : "Save Changes"}
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}

export const meta: MetaFunction = () => [{ title: `${adminMessages.collections.pageTitle} | Admin | Storyhearth` }];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
