import { describe, expect, it } from "vitest";

import { addPeriod, isReminderDue, nextReminderAt } from "./reminder-schedule";

const d = (iso: string) => new Date(iso);
const sent = { status: "sent", sentAt: d("2027-01-31T10:00:00Z"), reminderCount: 0, lastReminderAt: null };

describe("addPeriod", () => {
  it("adds 7 and 14 days", () => {
    expect(addPeriod("weekly", d("2027-01-01T00:00:00Z")).toISOString()).toBe("2027-01-08T00:00:00.000Z");
    expect(addPeriod("biweekly", d("2027-01-01T00:00:00Z")).toISOString()).toBe("2027-01-15T00:00:00.000Z");
  });
  it("adds a calendar month, capped at the month's last day", () => {
    expect(addPeriod("monthly", d("2027-01-31T10:00:00Z")).toISOString()).toBe("2027-02-28T10:00:00.000Z");
    expect(addPeriod("monthly", d("2028-01-31T10:00:00Z")).toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(addPeriod("monthly", d("2027-12-15T10:00:00Z")).toISOString()).toBe("2028-01-15T10:00:00.000Z");
  });
});

describe("nextReminderAt", () => {
  const weekly = { mode: "weekly" as const, startDate: null, maxReminders: 2 };
  it("is one period after the invitation, then after the last reminder", () => {
    expect(nextReminderAt(weekly, sent)?.toISOString()).toBe("2027-02-07T10:00:00.000Z");
    expect(
      nextReminderAt(weekly, { ...sent, reminderCount: 1, lastReminderAt: d("2027-02-07T10:00:00Z") })?.toISOString(),
    ).toBe("2027-02-14T10:00:00.000Z");
  });
  it("never after the maximum, in manual mode, or once answered", () => {
    expect(nextReminderAt(weekly, { ...sent, reminderCount: 2 })).toBeNull();
    expect(nextReminderAt({ ...weekly, mode: "manual" }, sent)).toBeNull();
    expect(nextReminderAt(weekly, { ...sent, status: "answered" })).toBeNull();
    expect(nextReminderAt(weekly, { ...sent, sentAt: null, status: "pending" })).toBeNull();
  });
  it("waits for the workflow's start date", () => {
    expect(nextReminderAt({ ...weekly, startDate: d("2027-03-01T00:00:00Z") }, sent)?.toISOString()).toBe(
      "2027-03-01T00:00:00.000Z",
    );
  });
  it("isReminderDue compares with now", () => {
    expect(isReminderDue(weekly, sent, d("2027-02-07T09:59:59Z"))).toBe(false);
    expect(isReminderDue(weekly, sent, d("2027-02-07T10:00:00Z"))).toBe(true);
  });
});
