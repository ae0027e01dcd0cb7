export const pageOrDefault = (value: string | null | undefined) => {
  const n = Number.parseInt(value ?? "1", 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 100_000) : 1;
};

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

// Absolute, so a plain anchor and the browser without JavaScript read them alike.
export function pageLinks(path: string, page: number) {
  const query = page > 1 ? `page=${page}` : "";
  return {
    self: query ? `${path}?${query}` : path,
    with: (name: string, value: string) => `${path}?${query ? `${query}&` : ""}${name}=${encodeURIComponent(value)}`,
  };
}
export type PageLinks = ReturnType<typeof pageLinks>;
