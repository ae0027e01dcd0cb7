import { describe, expect, test } from "vitest";
import { formatDateTimeAt } from "./format-date";

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
