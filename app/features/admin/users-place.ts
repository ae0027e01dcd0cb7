// The users list's place (page, search, filters, sort), which every link and redirect of /admin keeps.
import { hrefWith } from "./components/admin-ui";
import { listQuery, parseListParams, USERS_LIST, type UsersListParams } from "./list-params";

/** Where the list is: its page and its search, filters and sort, kept by every link and redirect. */
export type Place = { page: number; list: Record<string, string | null> };

export function adminUrl({ page, list }: Place, extra: Record<string, string> = {}) {
  return hrefWith("/admin", { ...list, ...extra, page: page > 1 ? page : null });
}

export function placeOf(url: URL): Place & { params: UsersListParams } {
  const params = parseListParams(USERS_LIST, url.searchParams);
  return { page: params.page, list: listQuery(USERS_LIST, params), params };
}
