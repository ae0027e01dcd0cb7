import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Form,
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useRouteError,
  useSubmit,
} from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { inputClass } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { ListLink } from "~/components/ui/list-link";
import { Pager } from "~/components/ui/pager";
import { requireUser } from "~/features/account/auth.server";
import { coverVersionOf } from "~/features/podcasts/covers/covers.server";
import {
  AddToCollectionDialog,
  DeletePodcastDialog,
  EditDetailsDialog,
} from "~/features/podcasts/library/components/library-dialogs";
import { PodcastCard, type PodcastCardData } from "~/features/podcasts/library/components/podcast-card";
import {
  collectionAction,
  deletePodcastAction,
  editDetailsAction,
  transcriptAction,
} from "~/features/podcasts/library/library-intents.server";
import { libraryMessages } from "~/features/podcasts/library/library-messages";
import {
  cardBasics,
  groupByCollection,
  LIBRARY_PAGE_SIZE,
  LIBRARY_TABS,
  libraryHref,
  matchesSearch,
  pageOfTab,
  selectTab,
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
  statusFilterOrDefault,
  TAB_LABELS,
  tabOrDefault,
  type LibraryTab,
  type StatusFilter,
} from "~/features/podcasts/library/library-view";
import { listLibrary } from "~/features/podcasts/library/library.server";
import { readLibraryPins } from "~/features/podcasts/listening/listening-cookies.server";
import { hostLabel } from "~/features/podcasts/podcast-view";
import { cn } from "~/lib/cn";
import { badIntent, notFound, readFormData } from "~/lib/http.server";
import { describedAs } from "~/lib/link-preview";
import { pageOrDefault } from "~/lib/paging";
import { listCampaigns } from "~/models/campaign.server";

const DIALOGS = ["edit", "collection", "delete"] as const;
type DialogKind = (typeof DIALOGS)[number];
const SEARCH_MAX = 200;

function readView(url: URL) {
  const kind = url.searchParams.get("dialog");
  const id = url.searchParams.get("id");
  return {
    tab: tabOrDefault(url.searchParams.get("tab")),
    status: statusFilterOrDefault(url.searchParams.get("status")),
    q: (url.searchParams.get("q") ?? "").slice(0, SEARCH_MAX),
    page: pageOrDefault(url.searchParams.get("page")),
    dialog: (DIALOGS as readonly string[]).includes(kind ?? "") && id ? { kind: kind as DialogKind, id } : null,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const view = readView(new URL(request.url));
  const library = listLibrary(user.id);
  const pins = await readLibraryPins(request);
  // A dialog for a podcast that is not the caller's is a plain 404, like any foreign id.
  const dialogPodcast = view.dialog ? library.find((p) => p.id === view.dialog!.id) : undefined;
  if (view.dialog && !dialogPodcast) throw notFound();

  // A selection that fits on one page is sent whole, and the search box filters it as you type. A
  // larger one is paged (decision 0146), so ?q= is matched here, over all of it; typing then
  // filters the page in view, and submitting searches everything.
  const selected = selectTab(library, { tab: view.tab, status: view.status, pinned: pins });
  const searched =
    selected.length > LIBRARY_PAGE_SIZE ? selected.filter((p) => matchesSearch(p.title, view.q)) : selected;
  const shown = pageOfTab(searched, {
    tab: view.tab,
    page: view.page,
    otherTitle: libraryMessages.list.otherStories,
  });
  const items: Array<PodcastCardData & { campaignId: string | null }> = shown.items.map((p) => ({
    ...cardBasics(p),
    hostLabel: hostLabel(p.hostCount),
    campaignId: p.campaignId,
    campaignTitle: p.campaignTitle,
    pinned: pins.includes(p.id),
    coverVersion: coverVersionOf(p, user.lastName),
  }));
  return {
    view: { ...view, page: shown.page },
    total: library.length,
    paging: {
      page: shown.page,
      offset: shown.offset,
      matching: shown.matching,
      searchedHere: selected.length > LIBRARY_PAGE_SIZE,
    },
    items,
    dialog:
      view.dialog && dialogPodcast
        ? {
            kind: view.dialog.kind,
            podcast: {
              id: dialogPodcast.id,
              title: dialogPodcast.title,
              description: dialogPodcast.description,
              campaignId: dialogPodcast.campaignId,
            },
          }
        : null,
    campaigns:
      view.dialog?.kind === "collection" ? listCampaigns(user.id).map((c) => ({ id: c.id, title: c.title })) : [],
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  const url = new URL(request.url);
  const view = readView(url);
  const back = libraryHref(view);
  const intent = formData.get("intent");

  switch (intent) {
    case "edit":
      return editDetailsAction(user.id, formData, back);
    case "collection":
      return collectionAction(user.id, formData, back);
    case "transcript":
      return transcriptAction(user.id, formData, back);
    case "delete":
      return deletePodcastAction(user.id, formData, back);
    case null:
    case "":
      return redirect(back);
    default:
      throw badIntent();
  }
}

export default function MyPodcastsPage() {
  const { view, total, paging, items, dialog, campaigns } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <h1 className="font-serif text-3xl font-bold">{libraryMessages.list.heading}</h1>
        <Link to="/create-podcast" className={buttonClass()}>
          {libraryMessages.list.create}
        </Link>
      </div>
      <LibraryList view={view} total={total} paging={paging} items={items} />
      {dialog ? (
        <DialogFor
          kind={dialog.kind}
          podcast={dialog.podcast}
          campaigns={campaigns}
          closeHref={libraryHref(view)}
          formAction={location.pathname + location.search}
          lastResult={actionData?.intent === dialog.kind ? actionData.result : null}
        />
      ) : null}
    </div>
  );
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

/** How long typing pauses before a paged library is searched on the server. */
const SEARCH_AFTER_MS = 300;

function LibraryList({ view, total, paging, items }: Pick<Loaded, "view" | "total" | "paging" | "items">) {
  const [query, setQuery] = useState(view.q);
  const input = useRef<HTMLInputElement>(null);
  const submit = useSubmit();
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  // A search from elsewhere (the header box, a link) shows its words; the box being typed in keeps its own.
  useEffect(() => {
    if (document.activeElement !== input.current) setQuery(view.q);
  }, [view.q]);
  const onType = (form: HTMLFormElement | null, value: string) => {
    setQuery(value);
    // A paged library is searched whole on the server once typing pauses; the page in view filters at once.
    if (!paging.searchedHere || !form) return;
    clearTimeout(pending.current);
    pending.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), SEARCH_AFTER_MS);
  };
  const current = { tab: view.tab, status: view.status, q: query, page: view.page };
  const visible = items.filter((item) => matchesSearch(item.title, query));
  const formAction = libraryHref(current);
  const dialogHref = (kind: string, id: string) => libraryHref(current, { dialog: kind, id });

  let empty: string | null = null;
  if (total === 0) empty = libraryMessages.list.noPodcasts;
  else if (visible.length === 0)
    empty =
      query.trim() || view.status !== "all" ? libraryMessages.list.noMatches : libraryMessages.list.emptyTab[view.tab];

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Form method="get" role="search" aria-label="Podcast search" className="flex flex-1 gap-2">
          <label htmlFor="podcast-search" className="sr-only">
            {libraryMessages.list.searchLabel}
          </label>
          <input
            id="podcast-search"
            type="search"
            name="q"
            value={query}
            ref={input}
            onChange={(e) => onType(e.currentTarget.form, e.currentTarget.value)}
            placeholder={libraryMessages.list.searchPlaceholder}
            maxLength={SEARCH_MAX}
            className={inputClass}
          />
          {view.tab !== "all" ? <input type="hidden" name="tab" value={view.tab} /> : null}
          {view.status !== "all" ? <input type="hidden" name="status" value={view.status} /> : null}
          <Button type="submit" variant="outline">
            {libraryMessages.list.searchButton}
          </Button>
        </Form>
        <StatusFilterMenu tab={view.tab} status={view.status} q={query} />
      </div>

      <nav aria-label="Podcast lists" className="flex flex-wrap gap-1 border-b border-border">
        {LIBRARY_TABS.map((tab) => (
          <ListLink
            key={tab}
            to={libraryHref({ ...current, tab, page: 1 })}
            aria-current={tab === view.tab ? "page" : undefined}
            className={cn(
              "-mb-px px-4 py-2 text-sm font-medium hover:bg-muted",
              tab === view.tab && "border-b-2 border-primary text-primary",
            )}
          >
            {TAB_LABELS[tab]}
          </ListLink>
        ))}
      </nav>

      {empty ? (
        <p className="py-12 text-center text-muted-foreground" data-testid="library-empty">
          {empty}
        </p>
      ) : view.tab === "collections" ? (
        <div className="space-y-8">
          {groupByCollection(visible, libraryMessages.list.otherStories).map((group) => (
            <section key={group.campaignId ?? "other"} aria-label={group.title} className="space-y-3">
              <h2 className="text-xl font-semibold">{group.title}</h2>
              <CardGrid items={group.items} formAction={formAction} dialogHref={dialogHref} />
            </section>
          ))}
        </div>
      ) : (
        <CardGrid items={visible} formAction={formAction} dialogHref={dialogHref} />
      )}
      {paging.matching > items.length ? (
        <Pager
          label="Podcast pages"
          previousHref={paging.page > 1 ? libraryHref({ ...view, page: paging.page - 1 }) : undefined}
          nextHref={
            paging.offset + items.length < paging.matching ? libraryHref({ ...view, page: paging.page + 1 }) : undefined
          }
        >
          {paging.offset + 1}–{paging.offset + items.length} of {paging.matching}
        </Pager>
      ) : null}
    </div>
  );
}

function CardGrid({
  items,
  formAction,
  dialogHref,
}: {
  items: PodcastCardData[];
  formAction: string;
  dialogHref: (kind: string, id: string) => string;
}) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((podcast) => (
        <li key={podcast.id} className="min-w-0">
          <PodcastCard podcast={podcast} formAction={formAction} dialogHref={dialogHref} />
        </li>
      ))}
    </ul>
  );
}

function StatusFilterMenu({ tab, status, q }: { tab: LibraryTab; status: StatusFilter; q: string }) {
  const location = useLocation();
  return (
    <details key={location.key} className="relative">
      <summary className={buttonClass("outline", "default", "cursor-pointer list-none")}>
        {libraryMessages.list.filter}
        {status !== "all" ? `: ${STATUS_FILTER_LABELS[status]}` : ""}
      </summary>
      <Form
        method="get"
        className="absolute right-0 z-20 mt-1 w-56 space-y-2 rounded-md border border-border bg-card p-3 shadow-lg"
      >
        {q ? <input type="hidden" name="q" value={q} /> : null}
        {tab !== "all" ? <input type="hidden" name="tab" value={tab} /> : null}
        <fieldset className="space-y-1">
          <legend className="mb-1 text-sm font-medium">Status</legend>
          {STATUS_FILTERS.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input type="radio" name="status" value={value} defaultChecked={value === status} />
              {STATUS_FILTER_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <Button type="submit" size="sm" className="w-full">
          {libraryMessages.list.applyFilter}
        </Button>
      </Form>
    </details>
  );
}

type DialogForProps = {
  kind: DialogKind;
  podcast: NonNullable<Loaded["dialog"]>["podcast"];
  campaigns: Loaded["campaigns"];
  closeHref: string;
  formAction: string;
  lastResult: Parameters<typeof EditDetailsDialog>[0]["lastResult"];
};

function DialogFor({ kind, podcast, campaigns, closeHref, formAction, lastResult }: DialogForProps) {
  if (kind === "edit")
    return (
      <EditDetailsDialog podcast={podcast} closeHref={closeHref} formAction={formAction} lastResult={lastResult} />
    );
  if (kind === "collection")
    return (
      <AddToCollectionDialog
        podcast={podcast}
        campaigns={campaigns}
        closeHref={closeHref}
        formAction={formAction}
        lastResult={lastResult}
      />
    );
  return <DeletePodcastDialog podcast={podcast} closeHref={closeHref} formAction={formAction} />;
}

export const meta: MetaFunction = () => [{ title: "My Podcasts | Storyhearth" }, describedAs()];

export function ErrorBoundary() {
  const error = useRouteError();
  // A 4xx (e.g. a foreign id in ?dialog=) keeps its own page; anything else is the spec's load failure.
  if (isRouteErrorResponse(error) && error.status < 500) return <GeneralErrorBoundary />;
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-bold">{libraryMessages.list.heading}</h1>
      <p role="alert" className="text-muted-foreground">
        {libraryMessages.list.loadFailed}
      </p>
      <Link to="/my-podcasts" className={buttonClass()}>
        {libraryMessages.list.tryAgain}
      </Link>
    </div>
  );
}
