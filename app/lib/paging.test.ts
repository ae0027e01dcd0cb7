import { describe, expect, it } from "vitest";

import { pageLinks, pageOrDefault, pageWindow } from "./paging";

describe("paging", () => {
  it("reads ?page= leniently", () => {
    expect([
      pageOrDefault(null),
      pageOrDefault("2"),
      pageOrDefault("0"),
      pageOrDefault("-3"),
      pageOrDefault("x"),
      pageOrDefault("9999999"),
    ]).toEqual([1, 2, 1, 1, 1, 100_000]);
  });

  it("a page past the end is the last page, and an empty list has one page", () => {
    const cases = [
      [50, 1, 1, 3, 0],
      [50, 3, 3, 3, 40],
      [50, 9, 3, 3, 40],
      [40, 3, 2, 2, 20],
      [0, 4, 1, 1, 0],
    ];
    for (const [total, asked, page, pageCount, offset] of cases)
      expect(pageWindow(total!, asked!, 20)).toEqual({ page, pageCount, offset, limit: 20 });
  });

  it("links keep the page in view, and the first page's read as without paging", () => {
    expect(pageLinks("/c/1/stories", 1).self).toBe("/c/1/stories");
    expect(pageLinks("/c/1/stories", 1).with("rename", "a b")).toBe("/c/1/stories?rename=a%20b");
    expect(pageLinks("/c/1/stories", 3).self).toBe("/c/1/stories?page=3");
    expect(pageLinks("/c/1/stories", 3).with("editText", "id-1")).toBe("/c/1/stories?page=3&editText=id-1");
  });
});
