// Remix re-flattens and re-ranks the whole route tree on every match (@remix-run/router matchRoutes:
// flattenRoutes + computeScore, 3-4 times per document request), and our tree has about 125 routes.
// A URL's first segment already rules most of them out, so each first segment gets its own request
// handler over a smaller build: only the routes that could match a URL starting with that segment,
// with their parents. Remix matches exactly as before, over fewer branches. Why and what it saved:
// docs/decisions/0140-route-matching-by-first-segment.md
import type { ServerBuild } from "@remix-run/node";

type Routes = ServerBuild["routes"];

/** Lower-cased first segment of each route's full path; null when the route could match any first segment. */
function firstSegments(routes: Routes) {
  const first = new Map<string, string | null>();
  const of = (id: string): string | null => {
    if (first.has(id)) return first.get(id)!;
    const route = routes[id]!;
    const parent = route.parentId ? of(route.parentId) : "";
    let value: string | null;
    if (parent !== "")
      value = parent; // a parent already fixed (or freed) the first segment
    else {
      const own = (route.path ?? "").split("/").filter(Boolean)[0];
      // Pathless and index routes leave the first segment to their children; "" marks "none yet".
      if (own === undefined) value = "";
      else value = /^[\w.-]+$/.test(own) ? own.toLowerCase() : null; // :param, *, optional?
    }
    first.set(id, value);
    return value;
  };
  for (const id of Object.keys(routes)) of(id);
  return first;
}

/** The routes that could match a URL whose first segment is `key` (null: no literal route starts with it), with their parents. */
export function routesForSegment(routes: Routes, key: string | null): Routes {
  const first = firstSegments(routes);
  const keep = new Set<string>();
  for (const [id, segment] of first) {
    if (segment === "" || segment === null || segment === key) {
      for (let at: string | undefined = id; at && !keep.has(at); at = routes[at]!.parentId) keep.add(at);
    }
  }
  return Object.fromEntries(Object.entries(routes).filter(([id]) => keep.has(id)));
}

/** The literal first segments that have routes of their own. */
export function literalSegments(routes: Routes) {
  return new Set([...firstSegments(routes).values()].filter((s): s is string => Boolean(s)));
}

export function buildForSegment(build: ServerBuild, key: string | null): ServerBuild {
  const routes = routesForSegment(build.routes, key);
  const assetRoutes = Object.fromEntries(Object.entries(build.assets.routes).filter(([id]) => id in routes));
  return { ...build, routes, assets: { ...build.assets, routes: assetRoutes } };
}

/**
 * Which partition serves `pathname`: a literal segment, null for "no literal route", or WHOLE_TREE for
 * what only the whole tree may answer (/__manifest, which patches any route into the browser) and
 * for paths that URL parsing or matchRoutes would rewrite.
 */
export const WHOLE_TREE = "*"; // never a literal segment (see firstSegments)

export function partitionKey(pathname: string, literals: Set<string>): string | null {
  // Express's req.path is the raw path; the URL Remix builds from it decodes escapes and resolves "/./", "/../" and "\\".
  if (pathname === "/__manifest" || /%|\/\/|\/\.|\\/.test(pathname)) return WHOLE_TREE;
  // Single fetch asks /page.data for /page and /_root.data for /.
  const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length).replace(/^\/_root$/, "/") : pathname;
  const segment = path.split("/")[1]?.toLowerCase() ?? "";
  return literals.has(segment) ? segment : null;
}

/**
 * One handler per partition, each made by `make` from its smaller build on first use; at most one
 * per literal first segment, plus "no literal" and the whole tree.
 */
export function partitionedHandler<H>(build: ServerBuild, make: (build: ServerBuild) => H) {
  const literals = literalSegments(build.routes);
  const handlers = new Map<string | null, H>();
  return (pathname: string): H => {
    const key = partitionKey(pathname, literals);
    let handler = handlers.get(key);
    if (!handler) {
      handler = make(key === WHOLE_TREE ? build : buildForSegment(build, key));
      handlers.set(key, handler);
    }
    return handler;
  };
}
