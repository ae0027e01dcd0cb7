import { describe, expect, test } from "vitest";

import { normalizeTags, parseTagInput } from "./tags";

describe("normalizeTags", () => {
  test("trims, drops empty tags and repeats (case-insensitive, first spelling kept)", () => {
    expect(normalizeTags(["  family ", "", "   ", "Family", "elders", "family", "Elders "])).toEqual([
      "family",
      "elders",
    ]);
  });
  test("keeps order", () => {
    expect(normalizeTags(["b", "a", "c"])).toEqual(["b", "a", "c"]);
  });
});

describe("parseTagInput", () => {
  test("splits on commas", () => {
    expect(parseTagInput("family, cousins,,  ,cousins , west coast")).toEqual(["family", "cousins", "west coast"]);
  });
  test("empty input gives no tags", () => {
    expect(parseTagInput("")).toEqual([]);
    expect(parseTagInput(undefined)).toEqual([]);
  });
});
