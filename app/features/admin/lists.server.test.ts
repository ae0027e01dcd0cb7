import { randomUUID } from "node:crypto";
import {
  activities,
  campaigns,
  contributions,
  podcasts,
  systemErrors,
  testimonialCampaigns,
  testimonialResponses,
  users,
} from "#db/schema";
import { describe, expect, it } from "vitest";

import { countAdminCollections, listAdminCollections } from "~/features/admin/collections.server";
import {
  COLLECTIONS_LIST,
  isUnfilteredList,
  listQuery,
  parseListParams,
  USERS_LIST,
} from "~/features/admin/list-params";
import { monthlyTrend } from "~/features/admin/metrics.server";
import { countUsersForAdmin, listUsersForAdmin } from "~/features/admin/users.server";
import { listTestimonialCampaigns } from "~/features/testimonials/campaigns.server";
import { db } from "~/lib/db.server";
import { listSystemErrors } from "~/lib/system-errors.server";
import { countActivity, listRecentActivity } from "~/models/activity.server";

const tag = () => randomUUID().slice(0, 8);
const MIN = 60_000;
const addUser = (values: Partial<typeof users.$inferInsert> & { email: string }) =>
  db.insert(users).values(values).returning().get();

describe("parseListParams", () => {
  it("keeps valid values and falls back to the defaults for anything else", () => {
    const good = parseListParams(
      USERS_LIST,
      new URLSearchParams("q=%20ada%20&role=admin&status=trial&sort=email&page=3"),
    );
    expect(good).toEqual({ q: "ada", filters: { role: "admin", status: "trial" }, sort: "email", page: 3 });
    const bad = parseListParams(USERS_LIST, new URLSearchParams("role=root&status=&sort=drop%20table&page=-2"));
    expect(bad).toEqual({ q: "", filters: { role: "all", status: "all" }, sort: "newest", page: 1 });
    expect(parseListParams(USERS_LIST, new URLSearchParams("page=1.5")).page).toBe(1);
    expect(parseListParams(USERS_LIST, new URLSearchParams(`q=${"x".repeat(500)}`)).q).toHaveLength(100);
  });

  it("knows the unfiltered list and leaves defaults out of links", () => {
    const plain = parseListParams(COLLECTIONS_LIST, new URLSearchParams("page=2"));
    expect(isUnfilteredList(COLLECTIONS_LIST, plain)).toBe(true);
    expect(listQuery(COLLECTIONS_LIST, plain)).toEqual({ q: null, state: null, sort: null });
    const sorted = parseListParams(COLLECTIONS_LIST, new URLSearchParams("sort=title&state=active&q=lake"));
    expect(isUnfilteredList(COLLECTIONS_LIST, sorted)).toBe(false);
    expect(listQuery(COLLECTIONS_LIST, sorted)).toEqual({ q: "lake", state: "active", sort: "title" });
  });
});

describe("users", () => {
  it("searches names and e-mails literally, filters by role and status, sorts and counts in SQL", () => {
    const t = tag();
    const base = Date.now() - 60 * MIN;
    const zed = addUser({
      email: `zed-${t}@example.com`,
      firstName: "Zed",
      lastName: "Young",
      role: "admin",
      subscriptionStatus: "active",
      createdAt: new Date(base),
      lastLoginAt: new Date(base + 5 * MIN),
    });
    const amy = addUser({
      email: `amy-${t}@example.com`,
      firstName: "Amy",
      lastName: "Zimmer",
      role: "user",
      subscriptionStatus: "trial",
      createdAt: new Date(base + MIN),
    });
    const bob = addUser({
      email: `bob-100%-${t}@example.com`,
      firstName: "Bob",
      lastName: null,
      role: "user",
      subscriptionStatus: "canceled",
      createdAt: new Date(base + 2 * MIN),
      lastLoginAt: new Date(base + 9 * MIN),
    });
    const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id);

    expect(ids(listUsersForAdmin({ q: t }))).toEqual([bob.id, amy.id, zed.id]);
    expect(ids(listUsersForAdmin({ q: t, sort: "oldest" }))).toEqual([zed.id, amy.id, bob.id]);
    expect(ids(listUsersForAdmin({ q: t, sort: "name" }))).toEqual([amy.id, bob.id, zed.id]);
    expect(ids(listUsersForAdmin({ q: t, sort: "last-login" }))).toEqual([bob.id, zed.id, amy.id]);
    expect(ids(listUsersForAdmin({ q: "amy zimmer" }))).toEqual([amy.id]);
    // "%" and "_" are text, not wildcards.
    expect(ids(listUsersForAdmin({ q: `100%-${t}` }))).toEqual([bob.id]);
    expect(listUsersForAdmin({ q: `1_0%-${t}` })).toEqual([]);
    expect(ids(listUsersForAdmin({ q: t, filters: { role: "user", status: "all" } }))).toEqual([bob.id, amy.id]);
    expect(ids(listUsersForAdmin({ q: t, filters: { role: "user", status: "trial" } }))).toEqual([amy.id]);
    expect(countUsersForAdmin({ q: t, filters: { role: "user", status: "all" } })).toBe(2);
    expect(ids(listUsersForAdmin({ q: t, sort: "oldest", limit: 1, offset: 1 }))).toEqual([amy.id]);
  });
});

describe("collections", () => {
  it("filters by state (active, inactive, scheduled), searches owner and title, sorts by title and stories", () => {
    const t = tag();
    const owner = addUser({ email: `owner-${t}@example.com`, firstName: "Olive" });
    const make = (title: string, values: Partial<typeof campaigns.$inferInsert> = {}) =>
      db
        .insert(campaigns)
        .values({
          ownerId: owner.id,
          publicId: randomUUID(),
          title,
          prompt: "Tell us about the lake house.",
          ...values,
        })
        .returning()
        .get();
    const a = make(`Beach ${t}`, { isActive: true, storyCount: 1 });
    const b = make(`Attic ${t}`, { isActive: false, storyCount: 5 });
    const c = make(`Cellar ${t}`, {
      isActive: true,
      scheduledDate: new Date(Date.now() + 86_400_000),
      status: "scheduled",
    });
    const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id);

    expect(ids(listAdminCollections(0, 50, { q: t, sort: "title" }))).toEqual([b.id, a.id, c.id]);
    expect(ids(listAdminCollections(0, 50, { q: t, sort: "stories" }))[0]).toBe(b.id);
    expect(ids(listAdminCollections(0, 50, { q: t, filters: { state: "inactive" } }))).toEqual([b.id]);
    expect(ids(listAdminCollections(0, 50, { q: t, filters: { state: "scheduled" } }))).toEqual([c.id]);
    expect(new Set(ids(listAdminCollections(0, 50, { q: t, filters: { state: "active" } })))).toEqual(
      new Set([a.id, c.id]),
    );
    expect(countAdminCollections({ q: `owner-${t}` })).toBe(3);
    expect(ids(listAdminCollections(1, 1, { q: t, sort: "title" }))).toEqual([a.id]);
  });
});

describe("testimonial campaigns", () => {
  it("filters active and inactive, searches title and description, sorts by responses", () => {
    const t = tag();
    const make = (title: string, isActive: boolean, description: string | null = null) =>
      db
        .insert(testimonialCampaigns)
        .values({ publicId: randomUUID(), title, description, questions: [{ question: "Why?" }], isActive })
        .returning()
        .get();
    const on = make(`Launch ${t}`, true);
    const off = make(`Retired ${t}`, false, "old feedback");
    for (let i = 0; i < 2; i++) {
      db.insert(testimonialResponses)
        .values({
          campaignId: off.id,
          respondentName: "R",
          respondentEmail: "r@example.com",
          consentGiven: true,
          consentTimestamp: new Date(),
        })
        .run();
    }
    const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id);
    expect(ids(listTestimonialCampaigns({ q: t, state: "active" }))).toEqual([on.id]);
    expect(ids(listTestimonialCampaigns({ q: t, state: "inactive" }))).toEqual([off.id]);
    expect(ids(listTestimonialCampaigns({ q: "OLD FEEDBACK" }))).toEqual([off.id]);
    expect(ids(listTestimonialCampaigns({ q: t, sort: "responses" }))).toEqual([off.id, on.id]);
    expect(ids(listTestimonialCampaigns({ q: t, sort: "title" }))).toEqual([on.id, off.id]);
  });
});

describe("activity", () => {
  it("filters by type, searches details and the user, pages and sorts oldest first", () => {
    const t = tag();
    const user = addUser({ email: `act-${t}@example.com`, firstName: "Ada" });
    const base = Date.now() - 10 * MIN;
    const add = (type: (typeof activities.$inferInsert)["type"], details: string, k: number) =>
      db
        .insert(activities)
        .values({ type, userId: user.id, details, createdAt: new Date(base + k * MIN) })
        .returning()
        .get();
    const first = add("campaign_created", `Created "Lake ${t}"`, 1);
    const second = add("story_submitted", "A story arrived", 2);
    const third = add("podcast_created", "Podcast ready", 3);
    const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id);

    expect(ids(listRecentActivity(50, { q: `act-${t}` }))).toEqual([third.id, second.id, first.id]);
    expect(ids(listRecentActivity(50, { q: `act-${t}`, sort: "oldest" }))).toEqual([first.id, second.id, third.id]);
    expect(ids(listRecentActivity(50, { q: `Lake ${t}` }))).toEqual([first.id]);
    expect(ids(listRecentActivity(50, { q: `act-${t}`, type: "story_submitted" }))).toEqual([second.id]);
    expect(countActivity({ q: `act-${t}` })).toBe(3);
    expect(ids(listRecentActivity(1, { q: `act-${t}`, offset: 1 }))).toEqual([second.id]);
  });
});

describe("system errors", () => {
  it("filters by severity, searches type, message and workflow, sorts most severe first", () => {
    const t = tag();
    const base = Date.now() - 10 * MIN;
    const add = (severity: string, k: number, values: Partial<typeof systemErrors.$inferInsert> = {}) =>
      db
        .insert(systemErrors)
        .values({
          errorType: `type_${t}`,
          errorMessage: "boom",
          severity,
          createdAt: new Date(base + k * MIN),
          ...values,
        })
        .returning()
        .get();
    const low = add("low", 1);
    const critical = add("critical", 2, { workflow: `nightly-${t}` });
    const odd = add("weird", 3);
    const high = add("high", 4, { isResolved: true });
    const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id);

    expect(ids(listSystemErrors({ q: t }))).toEqual([high.id, odd.id, critical.id, low.id]);
    expect(ids(listSystemErrors({ q: t, sort: "severity" }))).toEqual([critical.id, high.id, low.id, odd.id]);
    expect(ids(listSystemErrors({ q: t, sort: "oldest" }))).toEqual([low.id, critical.id, odd.id, high.id]);
    expect(ids(listSystemErrors({ q: t, severity: "critical" }))).toEqual([critical.id]);
    expect(ids(listSystemErrors({ q: `nightly-${t}` }))).toEqual([critical.id]);
    expect(ids(listSystemErrors({ q: t, unresolvedOnly: true, severity: "high" }))).toEqual([]);
  });
});

describe("monthly trend", () => {
  it("counts new users, podcasts and stories per UTC month, oldest month first, empty months as 0", () => {
    const now = new Date(Date.UTC(2031, 4, 15));
    const t = tag();
    const u = addUser({ email: `trend-${t}@example.com`, createdAt: new Date(Date.UTC(2031, 4, 2)) });
    addUser({ email: `trend2-${t}@example.com`, createdAt: new Date(Date.UTC(2031, 2, 31, 23, 59)) });
    db.insert(podcasts)
      .values({ ownerId: u.id, title: "P", status: "complete", createdAt: new Date(Date.UTC(2031, 4, 3)) })
      .run();
    const c = db
      .insert(campaigns)
      .values({ ownerId: u.id, publicId: randomUUID(), title: "C", prompt: "p" })
      .returning()
      .get();
    db.insert(contributions)
      .values({
        campaignId: c.id,
        contributorName: "May",
        contributorEmail: "may@example.com",
        storyContent: "s",
        submissionMethod: "web",
        wordCount: 1,
        submittedAt: new Date(Date.UTC(2031, 0, 10)),
      })
      .run();
    const trend = monthlyTrend(now, 6);
    expect(trend.map((m) => m.month)).toEqual(["2030-12", "2031-01", "2031-02", "2031-03", "2031-04", "2031-05"]);
    expect(trend.find((m) => m.month === "2031-05")).toEqual({ month: "2031-05", users: 1, podcasts: 1, stories: 0 });
    expect(trend.find((m) => m.month === "2031-03")).toMatchObject({ users: 1 });
    expect(trend.find((m) => m.month === "2031-01")).toMatchObject({ stories: 1 });
    expect(trend.find((m) => m.month === "2031-02")).toEqual({ month: "2031-02", users: 0, podcasts: 0, stories: 0 });
  });
});
