import { describe, expect, it } from "vitest";

import { extendedTrialEnd, lastLoginLabel, podcastLimitFor, trialBadge } from "./subscription-rules";

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-05-10T12:00:00Z");

describe("podcastLimitFor", () => {
  it("gives 50 for active, 3 for trial and 0 otherwise", () => {
    expect(podcastLimitFor("active")).toBe(50);
    expect(podcastLimitFor("trial")).toBe(3);
    expect(podcastLimitFor("inactive")).toBe(0);
    expect(podcastLimitFor("canceled")).toBe(0);
  });
});

describe("extendedTrialEnd", () => {
  it("adds the days to a trial end that is still ahead", () => {
    const end = new Date(now.getTime() + 5 * DAY);
    expect(extendedTrialEnd(end, 7, now).getTime()).toBe(end.getTime() + 7 * DAY);
  });

  it("counts from now once the trial has ended or when it never had an end", () => {
    expect(extendedTrialEnd(new Date(now.getTime() - 3 * DAY), 30, now).getTime()).toBe(now.getTime() + 30 * DAY);
    expect(extendedTrialEnd(null, 90, now).getTime()).toBe(now.getTime() + 90 * DAY);
  });
});

describe("trialBadge", () => {
  it("says Expired once the end has passed, otherwise Expires {date}", () => {
    expect(trialBadge(new Date(now.getTime() - 1), now)).toEqual({ label: "Expired", expired: true });
    expect(trialBadge(now, now)).toEqual({ label: "Expired", expired: true });
    expect(trialBadge(new Date("2026-06-03T08:00:00Z"), now)).toEqual({ label: "Expires Jun 3, 2026", expired: false });
  });

  it("shows no badge without a trial end", () => {
    expect(trialBadge(null, now)).toBeNull();
  });
});

describe("lastLoginLabel", () => {
  it("says Never when the user has not signed in", () => {
    expect(lastLoginLabel(null)).toBe("Never");
    expect(lastLoginLabel(new Date("2026-01-31T23:59:00Z"))).toBe("Jan 31, 2026");
  });
});
