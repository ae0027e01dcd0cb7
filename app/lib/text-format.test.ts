import { describe, expect, test } from "vitest";

import { formatCount, plural } from "./text-format";

describe("formatCount", () => {
  const intl = new Intl.NumberFormat("en-US");

  test("groups whole numbers as Intl's en-US does", () => {
    const values = [
      0,
      1,
      7,
      12,
      999,
      1_000,
      1_001,
      12_345,
      999_999,
      1_000_000,
      50_003,
      123_456_789,
      Number.MAX_SAFE_INTEGER,
    ];
    for (const n of [...values, ...values.map((v) => -v)]) expect(formatCount(n)).toBe(intl.format(n));
  });

  test("fractions and numbers beyond the safe integers go through Intl", () => {
    for (const n of [1234.5, 0.125, -9876.54321, 2 ** 60, Number.NaN, Number.POSITIVE_INFINITY])
      expect(formatCount(n)).toBe(intl.format(n));
  });

  test("plural picks the word by the count", () => {
    expect(plural(1, "story", "stories")).toBe("1 story");
    expect(plural(5003, "story", "stories")).toBe("5,003 stories");
  });
});
