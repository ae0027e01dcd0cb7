// Guard for moving route files: the URLs the app serves, their index flags and their nesting must
// stay what tests/fixtures/route-list.json records (taken from `remix routes --json`).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";

type RouteNode = { id: string; path?: string; index?: boolean; children?: RouteNode[] };
type Served = { path: string; index: boolean; parent: string | null };

export function servedRoutes(tree: RouteNode[]): Served[] {
  const out: Served[] = [];
  const walk = (node: RouteNode, parent: string | null, base: string) => {
    const full = (node.path ? `${base}/${node.path}` : base) || "/";
    if (node.id !== "root") out.push({ path: full, index: Boolean(node.index), parent });
    for (const child of node.children ?? []) walk(child, full, full === "/" ? "" : full);
  };
  for (const node of tree) walk(node, null, "");
  return out.sort((a, b) => (a.path === b.path ? Number(a.index) - Number(b.index) : a.path < b.path ? -1 : 1));
}

describe("route list", () => {
  it("serves exactly the recorded URLs with the recorded nesting", () => {
    const json = execFileSync("npx", ["remix", "routes", "--json"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    const expected = JSON.parse(fs.readFileSync("tests/fixtures/route-list.json", "utf8")) as Served[];
    expect(servedRoutes(JSON.parse(json) as RouteNode[])).toEqual(expected);
  }, 60_000);
});
