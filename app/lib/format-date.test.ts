import { describe, expect, test } from "vitest";

import { formatDateTimeAt, formatDay } from "./format-date";

describe("formatDateTimeAt", () => {
  test("formats like date-fns 'MMM d, yyyy 'at' h:mm a' in UTC", () => {
    expect(formatDateTimeAt(new Date("2026-11-03T09:14:00Z"))).toBe("Nov 3, 2026 at 9:14 AM");
    expect(formatDateTimeAt(new Date("2025-01-21T17:05:00Z"))).toBe("Jan 21, 2025 at 5:05 PM");
  });

  test("midnight and noon are 12 AM and 12 PM", () => {
    expect(formatDateTimeAt(new Date("2024-02-29T00:00:00Z"))).toBe("Feb 29, 2024 at 12:00 AM");
    expect(formatDateTimeAt(new Date("2024-12-31T12:59:59Z"))).toBe("Dec 31, 2024 at 12:59 PM");
  });

  test("accepts timestamps and ISO strings (as JSON delivers them)", () => {
    const ms = Date.UTC(2023, 6, 4, 23, 30);
    expect(formatDateTimeAt(ms)).toBe("Jul 4, 2023 at 11:30 PM");
    expect(formatDateTimeAt(new Date(ms).toISOString())).toBe("Jul 4, 2023 at 11:30 PM");
  });

  test("missing or invalid dates give null", () => {
    expect(formatDateTimeAt(null)).toBeNull();
    expect(formatDateTimeAt(undefined)).toBeNull();
    expect(formatDateTimeAt("not a date")).toBeNull();
  });
});

describe("formatDay", () => {
  const intl = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

  test("gives what Intl's en-US short date gives, in UTC, for every day of four years and the edges", () => {
    const days = Array.from(
      { length: 4 * 366 },
      (_, i) => Date.UTC(2023, 0, 1) + i * 86_400_000 + (i % 24) * 3_600_000,
    );
    for (const ms of [...days, Date.UTC(1970, 0, 1), Date.UTC(2099, 11, 31, 23, 59, 59), Date.UTC(999, 5, 1)])
      expect(formatDay(ms)).toBe(intl.format(ms));
  });

  test("accepts a Date, an ISO string and a timestamp", () => {
    expect(formatDay(new Date("2026-11-27T23:30:00Z"))).toBe("Nov 27, 2026");
    expect(formatDay("2024-02-29T00:00:00.000Z")).toBe("Feb 29, 2024");
    expect(formatDay(Date.UTC(2025, 0, 1))).toBe("Jan 1, 2025");
  });

  test("an invalid date throws a RangeError, as Intl does", () => {
    expect(() => formatDay("not a date")).toThrow(RangeError);
  });
});
