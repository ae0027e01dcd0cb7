import { describe, expect, it } from "vitest";

import { deliveryDateFor, deliveryDates, formatDeliveryDate, type DistributionSettings } from "./delivery-dates";

const utc = (ymd: string, time = "00:00:00") => new Date(`${ymd}T${time}Z`);
const ymd = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
const series = (settings: DistributionSettings, count: number, today: Date) =>
  deliveryDates(settings, count, today).map(ymd);

const TODAY = utc("2025-01-01", "15:30:00");

describe("deliveryDateFor: modes without a date", () => {
  it.each(["manual", "immediate"] as const)("%s gives null for every position", (mode) => {
    const settings: DistributionSettings = {
      mode,
      scheduledDate: utc("2025-02-01"),
      dayOfWeek: 1,
      dayOfMonth: 5,
      monthOfYear: 3,
    };
    expect(series(settings, 3, TODAY)).toEqual([null, null, null]);
  });

  it("unknown mode gives null", () => {
    const settings = { mode: "hourly" } as unknown as DistributionSettings;
    expect(deliveryDateFor(settings, 0, TODAY)).toBeNull();
  });
});

describe("deliveryDateFor: scheduled", () => {
  it("is the start date plus index days", () => {
    expect(series({ mode: "scheduled", scheduledDate: utc("2025-03-10") }, 3, TODAY)).toEqual([
      "2025-03-10",
      "2025-03-11",
      "2025-03-12",
    ]);
  });

  it("crosses month and year ends", () => {
    const s: DistributionSettings = { mode: "scheduled", scheduledDate: utc("2024-12-31") };
    expect(ymd(deliveryDateFor(s, 1, TODAY))).toBe("2025-01-01");
    expect(ymd(deliveryDateFor(s, 60, TODAY))).toBe("2025-03-01");
  });

  it("uses the UTC calendar day and returns UTC midnight", () => {
    const d = deliveryDateFor({ mode: "scheduled", scheduledDate: utc("2025-03-10", "23:59:59") }, 1, TODAY);
    expect(d?.toISOString()).toBe("2025-03-11T00:00:00.000Z");
  });

  it("does not fall back to today when scheduledDate is missing", () => {
    expect(deliveryDateFor({ mode: "scheduled" }, 0, TODAY)).toBeNull();
    expect(deliveryDateFor({ mode: "scheduled", scheduledDate: null }, 2, TODAY)).toBeNull();
    expect(deliveryDateFor({ mode: "scheduled", scheduledDate: new Date("not a date") }, 0, TODAY)).toBeNull();
  });
});

describe("deliveryDateFor: weekly", () => {
  it("uses the next chosen weekday on or after today when there is no start", () => {
    expect(series({ mode: "weekly", dayOfWeek: 1 }, 3, TODAY)).toEqual(["2025-01-06", "2025-01-13", "2025-01-20"]);
  });

  it("starts on today when today is the chosen weekday", () => {
    expect(series({ mode: "weekly", dayOfWeek: 3 }, 2, TODAY)).toEqual(["2025-01-01", "2025-01-08"]);
  });

  it("starts on the start date when it is the chosen weekday", () => {
    const s: DistributionSettings = { mode: "weekly", dayOfWeek: 2, scheduledDate: utc("2027-01-05") };
    expect(series(s, 3, TODAY)).toEqual(["2027-01-05", "2027-01-12", "2027-01-19"]);
  });

  it("moves to the following week when the weekday has passed, Sunday = 0", () => {
    expect(ymd(deliveryDateFor({ mode: "weekly", dayOfWeek: 0, scheduledDate: utc("2027-01-05") }, 0, TODAY))).toBe(
      "2027-01-10",
    );
    expect(ymd(deliveryDateFor({ mode: "weekly", dayOfWeek: 1, scheduledDate: utc("2027-01-05") }, 0, TODAY))).toBe(
      "2027-01-11",
    );
  });

  it("needs a valid dayOfWeek", () => {
    expect(deliveryDateFor({ mode: "weekly" }, 0, TODAY)).toBeNull();
    expect(deliveryDateFor({ mode: "weekly", dayOfWeek: null }, 0, TODAY)).toBeNull();
    expect(deliveryDateFor({ mode: "weekly", dayOfWeek: 7 }, 0, TODAY)).toBeNull();
    expect(deliveryDateFor({ mode: "weekly", dayOfWeek: -1 }, 0, TODAY)).toBeNull();
    expect(deliveryDateFor({ mode: "weekly", dayOfWeek: 1.5 }, 0, TODAY)).toBeNull();
  });
});

describe("deliveryDateFor: monthly", () => {
  it("steps one month per position on the chosen day", () => {
    expect(series({ mode: "monthly", dayOfMonth: 15 }, 3, TODAY)).toEqual(["2025-01-15", "2025-02-15", "2025-03-15"]);
  });

  it("starts next month when the day has already passed this month", () => {
    const s: DistributionSettings = { mode: "monthly", dayOfMonth: 5, scheduledDate: utc("2025-03-10") };
    expect(series(s, 2, TODAY)).toEqual(["2025-04-05", "2025-05-05"]);
  });

  it("counts the start day itself as an occurrence", () => {
    const s: DistributionSettings = { mode: "monthly", dayOfMonth: 10, scheduledDate: utc("2025-03-10", "08:00:00") };
    expect(ymd(deliveryDateFor(s, 0, TODAY))).toBe("2025-03-10");
  });

  it("caps day 31 at each month's last day (non-leap February)", () => {
    const s: DistributionSettings = { mode: "monthly", dayOfMonth: 31, scheduledDate: utc("2025-01-01") };
    expect(series(s, 5, TODAY)).toEqual(["2025-01-31", "2025-02-28", "2025-03-31", "2025-04-30", "2025-05-31"]);
  });

  it("caps at Feb 29 in a leap year", () => {
    const s: DistributionSettings = { mode: "monthly", dayOfMonth: 31, scheduledDate: utc("2028-01-15") };
    expect(series(s, 2, TODAY)).toEqual(["2028-01-31", "2028-02-29"]);
  });

  it("treats the capped last day as this month's occurrence", () => {
    const s: DistributionSettings = { mode: "monthly", dayOfMonth: 31, scheduledDate: utc("2027-02-10") };
    expect(series(s, 2, TODAY)).toEqual(["2027-02-28", "2027-03-31"]);
  });

  it("crosses the year end", () => {
    const s: DistributionSettings = { mode: "monthly", dayOfMonth: 20, scheduledDate: utc("2025-11-25") };
    expect(series(s, 3, TODAY)).toEqual(["2025-12-20", "2026-01-20", "2026-02-20"]);
  });

  it("needs a valid dayOfMonth", () => {
    expect(deliveryDateFor({ mode: "monthly" }, 0, TODAY)).toBeNull();
    expect(deliveryDateFor({ mode: "monthly", dayOfMonth: null }, 0, TODAY)).toBeNull();
    expect(deliveryDateFor({ mode: "monthly", dayOfMonth: 0 }, 0, TODAY)).toBeNull();
    expect(deliveryDateFor({ mode: "monthly", dayOfMonth: 32 }, 0, TODAY)).toBeNull();
  });
});

describe("deliveryDateFor: quarterly", () => {
  it("steps three months per position", () => {
    const s: DistributionSettings = { mode: "quarterly", dayOfMonth: 1, scheduledDate: utc("2025-01-01") };
    expect(series(s, 5, TODAY)).toEqual(["2025-01-01", "2025-04-01", "2025-07-01", "2025-10-01", "2026-01-01"]);
  });

  it("caps at month end", () => {
    const s: DistributionSettings = { mode: "quarterly", dayOfMonth: 31, scheduledDate: utc("2025-01-01") };
    expect(series(s, 4, TODAY)).toEqual(["2025-01-31", "2025-04-30", "2025-07-31", "2025-10-31"]);
    const nov: DistributionSettings = { mode: "quarterly", dayOfMonth: 30, scheduledDate: utc("2027-11-30") };
    expect(series(nov, 2, TODAY)).toEqual(["2027-11-30", "2028-02-29"]);
  });

  it("uses today when there is no start date", () => {
    expect(series({ mode: "quarterly", dayOfMonth: 1 }, 2, TODAY)).toEqual(["2025-01-01", "2025-04-01"]);
    expect(deliveryDateFor({ mode: "quarterly" }, 0, TODAY)).toBeNull();
  });
});

describe("deliveryDateFor: yearly", () => {
  it("steps one year per position on the chosen month and day", () => {
    expect(series({ mode: "yearly", monthOfYear: 6, dayOfMonth: 15 }, 3, TODAY)).toEqual([
      "2025-06-15",
      "2026-06-15",
      "2027-06-15",
    ]);
  });

  it("starts next year when this year's date has passed", () => {
    const s: DistributionSettings = { mode: "yearly", monthOfYear: 3, dayOfMonth: 1, scheduledDate: utc("2025-03-02") };
    expect(series(s, 2, TODAY)).toEqual(["2026-03-01", "2027-03-01"]);
  });

  it("moves Feb 29 to Feb 28 in non-leap years and keeps it in leap years", () => {
    const s: DistributionSettings = {
      mode: "yearly",
      monthOfYear: 2,
      dayOfMonth: 29,
      scheduledDate: utc("2028-01-01"),
    };
    expect(series(s, 5, TODAY)).toEqual(["2028-02-29", "2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29"]);
    const from2027: DistributionSettings = {
      mode: "yearly",
      monthOfYear: 2,
      dayOfMonth: 29,
      scheduledDate: utc("2027-01-10"),
    };
    expect(series(from2027, 2, TODAY)).toEqual(["2027-02-28", "2028-02-29"]);
  });

  it("caps other month lengths too", () => {
    expect(ymd(deliveryDateFor({ mode: "yearly", monthOfYear: 4, dayOfMonth: 31 }, 0, TODAY))).toBe("2025-04-30");
  });

  it("needs both monthOfYear and dayOfMonth", () => {
    expect(deliveryDateFor({ mode: "yearly", dayOfMonth: 5 }, 0, TODAY)).toBeNull();
    expect(deliveryDateFor({ mode: "yearly", monthOfYear: 5 }, 0, TODAY)).toBeNull();
    expect(deliveryDateFor({ mode: "yearly", monthOfYear: 13, dayOfMonth: 5 }, 0, TODAY)).toBeNull();
    expect(deliveryDateFor({ mode: "yearly", monthOfYear: 0, dayOfMonth: 5 }, 0, TODAY)).toBeNull();
  });
});

describe("deliveryDateFor: index", () => {
  it("gives null for a negative or fractional index", () => {
    const s: DistributionSettings = { mode: "scheduled", scheduledDate: utc("2025-03-10") };
    expect(deliveryDateFor(s, -1, TODAY)).toBeNull();
    expect(deliveryDateFor(s, 0.5, TODAY)).toBeNull();
  });
});

describe("deliveryDates", () => {
  it("returns one entry per position", () => {
    const s: DistributionSettings = { mode: "scheduled", scheduledDate: utc("2025-03-10") };
    expect(deliveryDates(s, 4, TODAY)).toHaveLength(4);
    expect(deliveryDates(s, 0, TODAY)).toEqual([]);
    expect(deliveryDates(s, -2, TODAY)).toEqual([]);
  });

  it("gives nulls when a setting is missing", () => {
    expect(deliveryDates({ mode: "monthly" }, 2, TODAY)).toEqual([null, null]);
  });
});

describe("formatDeliveryDate", () => {
  it("formats en-US short month in UTC", () => {
    expect(formatDeliveryDate(utc("2027-01-05"))).toBe("Jan 5, 2027");
    expect(formatDeliveryDate(utc("2028-02-29"))).toBe("Feb 29, 2028");
    expect(formatDeliveryDate(utc("2025-12-31", "23:59:59"))).toBe("Dec 31, 2025");
  });

  it("shows 'Not scheduled' without a date", () => {
    expect(formatDeliveryDate(null)).toBe("Not scheduled");
    expect(formatDeliveryDate(new Date("invalid"))).toBe("Not scheduled");
    expect(formatDeliveryDate(deliveryDateFor({ mode: "weekly" }, 0, TODAY))).toBe("Not scheduled");
    expect(formatDeliveryDate(deliveryDateFor({ mode: "manual" }, 0, TODAY))).toBe("Not scheduled");
  });
});
