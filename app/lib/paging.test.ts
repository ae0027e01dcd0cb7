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
    expect(pageWindow(50, 1, 20)).toEqual({
      page: 1,
      pageCount: 3,
      offset: 0,
      limit: 20,
    });
    expect(pageWindow(50, 3, 20)).toEqual({
      page: 3,
      pageCount: 3,
      offset: 40,
      limit: 20,
    });
    expect(pageWindow(50, 9, 20)).toEqual({
      page: 3,
      pageCount: 3,
      offset: 40,
      limit: 20,
    });
    expect(pageWindow(40, 3, 20)).toEqual({
      page: 2,
      pageCount: 2,
      offset: 20,
      limit: 20,
    });
    expect(pageWindow(0, 4, 20)).toEqual({
      page: 1,
      pageCount: 1,
      offset: 0,
      limit: 20,
    });
  });

  it("links keep the page in view, and the first page's read as without paging", () => {
    expect(pageLinks("/c/1/stories", 1).self).toBe("/c/1/stories");
    expect(pageLinks("/c/1/stories", 1).with("rename", "a b")).toBe(
      "/c/1/stories?rename=a%20b"
    );
    expect(pageLinks("/c/1/stories", 3).self).toBe("/c/1/stories?page=3");
    expect(pageLinks("/c/1/stories", 3).with("editText", "id-1")).toBe(
      "/c/1/stories?page=3&editText=id-1"
    );
  });
});
