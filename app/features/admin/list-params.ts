// Every value is checked against the list's own options and a bad one falls back to the default, so an
// edited URL never fails (decision 0123).

export const LIST_SEARCH_MAX = 100;
export const PAGE_MAX = 100_000;

type Options = readonly [string, ...string[]];
export type ListSpec = { filters: Record<string, Options>; sorts: Options };

export type ListParams<S extends ListSpec> = {
  q: string;
  filters: { [K in keyof S["filters"]]: S["filters"][K][number] };
  sort: S["sorts"][number];
  page: number;
};

const pick = <T extends string>(options: readonly T[], value: string | null): T =>
  options.includes(value as T) ? (value as T) : options[0]!;

export function parseListParams<S extends ListSpec>(spec: S, search: URLSearchParams): ListParams<S> {
  const page = Number(search.get("page") ?? "1");
  return {
    q: (search.get("q") ?? "").trim().slice(0, LIST_SEARCH_MAX),
    filters: Object.fromEntries(
      Object.entries(spec.filters).map(([name, options]) => [name, pick(options, search.get(name))]),
    ) as ListParams<S>["filters"],
    sort: pick(spec.sorts, search.get("sort")),
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, PAGE_MAX) : 1,
  };
}

export function isUnfilteredList<S extends ListSpec>(spec: S, params: ListParams<S>) {
  return (
    params.q === "" &&
    params.sort === spec.sorts[0] &&
    Object.entries(spec.filters).every(([name, options]) => params.filters[name] === options[0])
  );
}

export function listQuery<S extends ListSpec>(spec: S, params: ListParams<S>): Record<string, string | null> {
  const query: Record<string, string | null> = { q: params.q || null };
  for (const [name, options] of Object.entries(spec.filters))
    query[name] = params.filters[name] === options[0] ? null : (params.filters[name] as string);
  query.sort = params.sort === spec.sorts[0] ? null : params.sort;
  return query;
}

export const pageCountFor = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

export const USERS_LIST = {
  filters: { role: ["all", "trial", "user", "admin"], status: ["all", "trial", "active", "inactive", "canceled"] },
  sorts: ["newest", "oldest", "name", "email", "last-login"],
} as const satisfies ListSpec;

export const COLLECTIONS_LIST = {
  filters: { state: ["all", "active", "inactive", "scheduled"] },
  sorts: ["order", "newest", "oldest", "title", "stories"],
} as const satisfies ListSpec;

export const TESTIMONIALS_LIST = {
  filters: { state: ["all", "active", "inactive"] },
  sorts: ["newest", "oldest", "title", "responses"],
} as const satisfies ListSpec;

export const ACTIVITY_LIST = {
  filters: {
    type: ["all", "podcast_created", "campaign_created", "user_registered", "story_submitted", "account_deleted"],
  },
  sorts: ["newest", "oldest"],
} as const satisfies ListSpec;

export const ERRORS_LIST = {
  filters: { severity: ["all", "critical", "high", "medium", "low"] },
  sorts: ["newest", "oldest", "severity"],
} as const satisfies ListSpec;

export type UsersListParams = ListParams<typeof USERS_LIST>;
export type CollectionsListParams = ListParams<typeof COLLECTIONS_LIST>;
export type TestimonialsListParams = ListParams<typeof TESTIMONIALS_LIST>;
export type ActivityListParams = ListParams<typeof ACTIVITY_LIST>;
export type ErrorsListParams = ListParams<typeof ERRORS_LIST>;
