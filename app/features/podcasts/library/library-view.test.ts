import { describe, expect, it } from "vitest";

import {
  groupByCollection,
  libraryHref,
  matchesSearch,
  pageOfTab,
  selectTab,
  statusGroup,
  tabOrDefault,
  type LibraryItem,
} from "./library-view";

const NOW = new Date("2026-05-01T12:00:00Z");
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);
const item = (id: string, over: Partial<LibraryItem> = {}): LibraryItem => ({
  id,
  title: id,
  status: "complete",
  createdAt: NOW,
  listens: 0,
  campaignId: null,
  campaignTitle: null,
  ...over,
});

describe("matchesSearch", () => {
  it.each([
    ["Summer at the Lake", "lake", true],
    ["Summer at the Lake", "  LAKE ", true],
    ["Grand-mère's Café", "CAFÉ", true],
    ["Summer at the Lake", "winter", false],
    ["Anything", "", true],
    ["Anything", null, true],
  ])("%s ~ %s → %s", (title, q, expected) => {
    expect(matchesSearch(title, q)).toBe(expected);
  });
});

describe("selectTab", () => {
  const items = [
    item("old", { createdAt: daysAgo(40), listens: 10 }),
    item("mid", { createdAt: daysAgo(29), listens: 3 }),
    item("new", { createdAt: daysAgo(1), listens: 3, status: "voice_processing" }),
    item("bad", { createdAt: daysAgo(2), status: "failed" }),
  ];
  it("All: newest first, saved ones on top", () => {
    expect(selectTab(items, { tab: "all", status: "all", now: NOW }).map((i) => i.id)).toEqual([
      "new",
      "bad",
      "mid",
      "old",
    ]);
    expect(selectTab(items, { tab: "all", status: "all", pinned: ["old"], now: NOW }).map((i) => i.id)).toEqual([
      "old",
      "new",
      "bad",
      "mid",
    ]);
  });
  it("Recently Created keeps the last 30 days; Most Listened ranks by listens then newest", () => {
    expect(selectTab(items, { tab: "recent", status: "all", now: NOW }).map((i) => i.id)).toEqual([
      "new",
      "bad",
      "mid",
    ]);
    expect(selectTab(items, { tab: "most-listened", status: "all", now: NOW }).map((i) => i.id)).toEqual([
      "old",
      "new",
      "mid",
      "bad",
    ]);
  });
  it("the status filter", () => {
    expect(selectTab(items, { tab: "all", status: "processing", now: NOW }).map((i) => i.id)).toEqual(["new"]);
    expect(selectTab(items, { tab: "all", status: "failed", now: NOW }).map((i) => i.id)).toEqual(["bad"]);
    expect(statusGroup("pending")).toBe("processing");
  });
});

describe("groupByCollection", () => {
  it("groups by collection title, podcasts without one last under 'Other stories'", () => {
    const groups = groupByCollection(
      [
        item("a", { campaignId: "c2", campaignTitle: "Zoo" }),
        item("b"),
        item("c", { campaignId: "c1", campaignTitle: "Attic" }),
        item("d", { campaignId: "c2", campaignTitle: "Zoo" }),
      ],
      "Other stories",
    );
    expect(groups.map((g) => [g.title, g.items.map((i) => i.id)])).toEqual([
      ["Attic", ["c"]],
      ["Zoo", ["a", "d"]],
      ["Other stories", ["b"]],
    ]);
  });
});

describe("links", () => {
  it("leave defaults out and keep the search", () => {
    expect(libraryHref({ tab: "all", status: "all", q: "" })).toBe("/my-podcasts");
    expect(libraryHref({ tab: "recent", status: "ready", q: "lake house" }, { dialog: "edit", id: "x" })).toBe(
      "/my-podcasts?q=lake+house&tab=recent&status=ready&dialog=edit&id=x",
    );
    expect(tabOrDefault("bogus")).toBe("all");
  });

  it("carry the page past the first", () => {
    expect(libraryHref({ tab: "all", page: 1 })).toBe("/my-podcasts");
    expect(libraryHref({ tab: "recent", q: "lake", page: 3 })).toBe("/my-podcasts?q=lake&tab=recent&page=3");
  });
});

describe("pages", () => {
  const many = Array.from({ length: 5 }, (_, i) =>
    item(`p${i}`, { campaignId: i % 2 ? "c1" : "c2", campaignTitle: i % 2 ? "Attic" : "Zoo" }),
  );

  it("cut the selection into pages; a page past the end is the last", () => {
    expect(pageOfTab(many, { tab: "all", page: 1, otherTitle: "Other", pageSize: 2 })).toMatchObject({
      page: 1,
      pageCount: 3,
      offset: 0,
      matching: 5,
    });
    expect(pageOfTab(many, { tab: "all", page: 2, otherTitle: "Other", pageSize: 2 }).items.map((i) => i.id)).toEqual([
      "p2",
      "p3",
    ]);
    expect(pageOfTab(many, { tab: "all", page: 9, otherTitle: "Other", pageSize: 2 })).toMatchObject({
      page: 3,
      offset: 4,
    });
    expect(pageOfTab([], { tab: "all", page: 4, otherTitle: "Other" })).toMatchObject({
      page: 1,
      pageCount: 1,
      items: [],
    });
  });

  it("lay Collections out group by group before cutting, so a collection's podcasts stay together", () => {
    expect(
      pageOfTab(many, { tab: "collections", page: 1, otherTitle: "Other", pageSize: 2 }).items.map((i) => i.id),
    ).toEqual(["p1", "p3"]);
  });
});
