// Paged lists share one reading of ?page= and one rule for a page past the end (the last page).

/** ?page= as a page number from 1; anything else is the first page. */
export const pageOrDefault = (value: string | null | undefined) => {
  const n = Number.parseInt(value ?? "1", 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 100_000) : 1;
};

/** Where page `page` of `total` items starts; a page past the end is the last one. */
export function pageWindow(total: number, page: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(page, pageCount);
  return {
    page: current,
    pageCount,
    offset: (current - 1) * pageSize,
    limit: pageSize,
  };
}

/**
 * Links that stay on the page in view of the list at `path`: `self` is the page itself (just `path` on
 * the first, so its links read as before paging) and `with` adds one parameter (`?page=2&rename=<id>`).
 * Absolute, so a plain anchor and the browser without JavaScript read them alike.
 */
export function pageLinks(path: string, page: number) {
  const query = page > 1 ? `page=${page}` : "";
  return {
    self: query ? `${path}?${query}` : path,
    with: (name: string, value: string) => `${path}?${query ? `${query}&` : ""}${name}=${encodeURIComponent(value)}`,
  };
}
export type PageLinks = ReturnType<typeof pageLinks>;
