// Pure, so the server's first render and the browser's as-you-type filtering use the same rules.
import { isGenerationInProgress } from "~/features/podcasts/generation-status";
import { formatDay } from "~/lib/format-date";
import { pageWindow } from "~/lib/paging";
import { formatDuration } from "~/lib/text-format";

export const LIBRARY_TABS = ["all", "recent", "most-listened", "collections"] as const;
export type LibraryTab = (typeof LIBRARY_TABS)[number];
export const TAB_LABELS: Record<LibraryTab, string> = {
  all: "All Podcasts", // spec
  recent: "Recently Created", // spec
  "most-listened": "Most Listened", // spec
  collections: "Collections", // spec
};

export const STATUS_FILTERS = ["all", "ready", "processing", "failed"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  all: "All statuses",
  ready: "Ready",
  processing: "Processing",
  failed: "Failed",
};

export const RECENT_DAYS = 30;
const DAY_MS = 86_400_000;

export type LibraryItem = {
  id: string;
  title: string;
  status: string;
  createdAt: Date | string;
  listens: number;
  campaignId: string | null;
  campaignTitle: string | null;
};

export const tabOrDefault = (value: string | null | undefined): LibraryTab =>
  (LIBRARY_TABS as readonly string[]).includes(value ?? "") ? (value as LibraryTab) : "all";
export const statusFilterOrDefault = (value: string | null | undefined): StatusFilter =>
  (STATUS_FILTERS as readonly string[]).includes(value ?? "") ? (value as StatusFilter) : "all";

export function statusGroup(status: string): Exclude<StatusFilter, "all"> {
  if (status === "complete") return "ready";
  if (status === "failed") return "failed";
  return isGenerationInProgress(status) || status === "script_ready" ? "processing" : "failed";
}

const fold = (text: string) => text.normalize("NFKC").toLocaleLowerCase("en-US");

export function matchesSearch(title: string, query: string | null | undefined) {
  const q = fold(query ?? "").trim();
  return q === "" || fold(title).includes(q);
}

const time = (d: Date | string) => new Date(d).getTime();
const newestFirst = (a: LibraryItem, b: LibraryItem) =>
  time(b.createdAt) - time(a.createdAt) || a.id.localeCompare(b.id);

export function selectTab<T extends LibraryItem>(
  items: T[],
  {
    tab,
    status,
    pinned = [],
    now = new Date(),
  }: { tab: LibraryTab; status: StatusFilter; pinned?: readonly string[]; now?: Date },
): T[] {
  let list = items.filter((item) => status === "all" || statusGroup(item.status) === status);
  if (tab === "recent") list = list.filter((item) => time(item.createdAt) >= now.getTime() - RECENT_DAYS * DAY_MS);
  if (tab === "most-listened") return [...list].sort((a, b) => b.listens - a.listens || newestFirst(a, b));
  list = [...list].sort(newestFirst);
  if (tab === "all" && pinned.length) {
    const pins = new Set(pinned);
    return [...list.filter((i) => pins.has(i.id)), ...list.filter((i) => !pins.has(i.id))];
  }
  return list;
}

export type CollectionGroup<T> = { campaignId: string | null; title: string; items: T[] };

export function groupByCollection<T extends Pick<LibraryItem, "campaignId" | "campaignTitle">>(
  items: T[],
  otherTitle: string,
): CollectionGroup<T>[] {
  const groups = new Map<string, CollectionGroup<T>>();
  const other: T[] = [];
  for (const item of items) {
    if (!item.campaignId) {
      other.push(item);
      continue;
    }
    const group = groups.get(item.campaignId) ?? {
      campaignId: item.campaignId,
      title: item.campaignTitle ?? otherTitle,
      items: [],
    };
    group.items.push(item);
    groups.set(item.campaignId, group);
  }
  const sorted = [...groups.values()].sort(
    (a, b) => a.title.localeCompare(b.title, "en") || (a.campaignId ?? "").localeCompare(b.campaignId ?? ""),
  );
  return other.length ? [...sorted, { campaignId: null, title: otherTitle, items: other }] : sorted;
}

/** 24 fills whole rows at one, two and three columns (decision 0146). */
export const LIBRARY_PAGE_SIZE = 24;

/** On Collections the items are laid out group after group first, so a collection is not split out of order. */
export function pageOfTab<T extends Pick<LibraryItem, "campaignId" | "campaignTitle">>(
  items: T[],
  {
    tab,
    page,
    otherTitle,
    pageSize = LIBRARY_PAGE_SIZE,
  }: { tab: LibraryTab; page: number; otherTitle: string; pageSize?: number },
) {
  const ordered = tab === "collections" ? groupByCollection(items, otherTitle).flatMap((g) => g.items) : items;
  const { page: current, pageCount, offset } = pageWindow(ordered.length, page, pageSize);
  return {
    items: ordered.slice(offset, offset + pageSize),
    page: current,
    pageCount,
    offset,
    matching: ordered.length,
  };
}

export function libraryHref(
  view: { tab?: LibraryTab; status?: StatusFilter; q?: string | null; page?: number },
  extra: Record<string, string> = {},
) {
  const params = new URLSearchParams();
  if (view.q) params.set("q", view.q);
  if (view.tab && view.tab !== "all") params.set("tab", view.tab);
  if (view.status && view.status !== "all") params.set("status", view.status);
  if (view.page && view.page > 1) params.set("page", String(view.page));
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const query = params.toString();
  return query ? `/my-podcasts?${query}` : "/my-podcasts";
}

export function cardBasics(p: {
  id: string;
  title: string;
  status: string;
  duration: number | null;
  createdAt: Date;
  listens: number;
}) {
  return {
    id: p.id,
    title: p.title,
    group: statusGroup(p.status),
    duration: formatDuration(p.duration),
    createdAt: formatDay(p.createdAt),
    listens: p.listens,
  };
}
