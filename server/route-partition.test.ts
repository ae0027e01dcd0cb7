// The partitioned handler must match exactly what Remix matches over the whole tree: for every route
// of the app (from `remix routes --json`, as the route-list guard reads it) and for awkward URLs, the
// matched route ids over the URL's partition equal those over all routes.
import { execFileSync } from "node:child_process";
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes, type AgnosticRouteObject as RouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";

import { literalSegments, partitionKey, routesForSegment, WHOLE_TREE } from "./route-partition";

type RouteNode = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteNode[] };
type Routes = ServerBuild["routes"];

function manifestOf(tree: RouteNode[]): Routes {
  const routes: Routes = {};
  const walk = (node: RouteNode, parentId?: string) => {
    routes[node.id] = {
      id: node.id,
      parentId,
      path: node.path,
      index: node.index,
      caseSensitive: node.caseSensitive,
      module: {} as never,
    };
    for (const child of node.children ?? []) walk(child, node.id);
  };
  for (const node of tree) walk(node);
  return routes;
}

/** The nested tree Remix's createRoutes builds from a manifest. */
function treeOf(routes: Routes, parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((r) => r!.parentId === parentId)
    .map(
      (r) =>
        ({
          id: r!.id,
          path: r!.path,
          caseSensitive: r!.caseSensitive,
          ...(r!.index ? { index: true } : { children: treeOf(routes, r!.id) }),
        }) as RouteObject,
    );
}

const ids = (tree: RouteObject[], path: string) => matchRoutes(tree, path)?.map((m) => m.route.id) ?? null;

/** A URL each route answers, with its params filled in. */
function sampleUrl(routes: Routes, id: string) {
  const parts: string[] = [];
  for (let at: string | undefined = id; at; at = routes[at]!.parentId)
    if (routes[at]!.path) parts.unshift(routes[at]!.path!);
  return `/${parts.join("/")}`
    .replace(/:\w+\??/g, "abc123")
    .replace(/\*$/, "some/deep/path")
    .replace(/\/+/g, "/");
}

describe("route partition by first segment", () => {
  const json = execFileSync("npx", ["remix", "routes", "--json"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const routes = manifestOf(JSON.parse(json) as RouteNode[]);
  const full = treeOf(routes);
  const literals = literalSegments(routes);

  const urls = new Set<string>([
    "/",
    "/_root.data",
    "/nope",
    "/nope/deeper",
    "/API/podcasts/recent",
    "/Login",
    "/login/",
    "/login.data",
    "/api",
    "/api/unknown/thing",
    "/admin/unknown",
    "/s",
    "/.well-known/x",
  ]);
  for (const id of Object.keys(routes)) {
    const url = sampleUrl(routes, id);
    urls.add(url);
    urls.add(`${url}/`);
    urls.add(`${url}/extra`);
    urls.add(url.toUpperCase());
  }

  it("matches every URL over its partition as over the whole tree", () => {
    expect(Object.keys(routes).length).toBeGreaterThan(100);
    for (const url of urls) {
      const key = partitionKey(url, literals);
      const path = url.endsWith(".data") ? url.slice(0, -5).replace(/^\/_root$/, "/") : url;
      const part = key === WHOLE_TREE ? full : treeOf(routesForSegment(routes, key));
      expect({ url, ids: ids(part, path) }).toEqual({ url, ids: ids(full, path) });
    }
  });

  it("makes every partition much smaller than the tree", () => {
    const total = Object.keys(routes).length;
    for (const key of [...literals, null])
      expect(Object.keys(routesForSegment(routes, key)).length).toBeLessThan(total * 0.6);
  });

  it("leaves /__manifest and rewritten paths to the whole tree", () => {
    for (const url of ["/__manifest", "/%6Cogin", "//login", "/a/../login", "/./login", "/a\\login"])
      expect(partitionKey(url, literals)).toBe(WHOLE_TREE);
  });
}, 60_000);
