import { describe, expect, it } from "vitest";

import {
  getDashboard,
  getUserMetrics,
  listRecentSubmissions,
  listScheduledCampaigns,
} from "~/features/collections/dashboard.server";
import { loader as dashboardLoader } from "~/routes/_site+/_index";
import { loader as recentPodcastsLoader } from "~/routes/api+/podcasts+/recent";
import { loader as metricsLoader } from "~/routes/api+/user+/metrics";
import { loader as recentStoriesLoader } from "~/routes/api+/user+/recent-stories";

import { callRoute, createTestUser, makeRequest } from "../utils/auth";
import {
  addInvitations,
  addPodcast,
  addStory,
  countStatements,
  makeCampaign,
  makeCampaigns,
} from "../utils/dashboard-helpers";

const DAY = 86_400_000;
const NOW = new Date("2026-03-15T12:00:00.000Z");
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

async function loadDashboard(cookie: string, query = "") {
  const response = await callRoute(dashboardLoader, makeRequest(`/${query}`, { cookie }));
  expect(response.status).toBe(200);
  return response.json() as Promise<Record<string, unknown>>;
}

describe("dashboard aggregates", () => {
  it("a new user sees zeros and empty lists", async () => {
    const user = await createTestUser();
    const data = await loadDashboard(user.cookie);
    expect(data).toMatchObject({
      signedIn: true,
      period: "30d",
      metrics: {
        podcasts: { total: 0, thisMonth: 0, inPeriod: 0, totalListens: 0 },
        campaigns: { total: 0, active: 0 },
        stories: { total: 0, inPeriod: 0 },
      },
      recentPodcasts: [],
      recentSubmissions: [],
      scheduledCampaigns: [],
    });
  });

  it("signed out, / is the landing page and reads nothing", async () => {
    const response = await callRoute(dashboardLoader, makeRequest("/"));
    // No family data: the sample episode's length (none made in a test) and the launch list form's constraint only.
    expect(await response.json()).toEqual({
      signedIn: false,
      sampleSeconds: null,
      launchListConstraint: { email: { required: true } },
      voices: { names: ["Grace", "Claire", "Henry", "James"], natural: false },
    });
  });

  it("counts podcasts, listens, collections, active ones and stories — only the owner's", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    addPodcast(owner.id, { listens: 7, createdAt: NOW }); // this month, in every period
    addPodcast(owner.id, { listens: 5, createdAt: new Date("2026-03-01T00:00:00.000Z") }); // first instant of the month
    addPodcast(owner.id, { listens: 3, createdAt: new Date("2026-02-28T23:59:59.999Z") }); // last month, 14.5 days ago
    addPodcast(owner.id, { listens: 1, createdAt: ago(60) });
    addPodcast(other.id, { listens: 100, createdAt: NOW });

    const active = makeCampaign(owner.id, { status: "active" });
    const sent = makeCampaign(owner.id, { status: "sent" });
    makeCampaign(owner.id, { status: "active" });
    const foreign = makeCampaign(other.id, { status: "active" });
    addStory(active.id, { submittedAt: ago(3) });
    addStory(active.id, { submittedAt: ago(20) });
    addStory(sent.id, { submittedAt: ago(60) });
    addStory(sent.id, { submittedAt: ago(120) });
    addStory(foreign.id, { submittedAt: ago(1) });

    const month = getUserMetrics(owner.id, "30d", NOW);
    expect(month).toEqual({
      period: "30d",
      podcasts: { total: 4, thisMonth: 2, inPeriod: 3, totalListens: 16 },
      campaigns: { total: 3, active: 2 },
      stories: { total: 4, inPeriod: 2 },
    });
    expect(getUserMetrics(owner.id, "7d", NOW)).toMatchObject({
      podcasts: { inPeriod: 1, thisMonth: 2 },
      stories: { total: 4, inPeriod: 1 },
    });
    expect(getUserMetrics(owner.id, "90d", NOW)).toMatchObject({ podcasts: { inPeriod: 4 }, stories: { inPeriod: 3 } });
  });

  it("lists the 5 newest podcasts and the 5 newest stories over all collections", async () => {
    const owner = await createTestUser();
    for (let i = 1; i <= 7; i++)
      addPodcast(owner.id, { title: `Episode ${i}`, createdAt: ago(10 - i), listens: i, duration: 60 * i });
    const a = makeCampaign(owner.id, { title: "Lake summers" });
    const b = makeCampaign(owner.id, { title: "Holiday kitchen" });
    for (let i = 1; i <= 4; i++)
      addStory(a.id, { contributorName: `Lake ${i}`, submittedAt: ago(20 - i * 2), wordCount: i });
    for (let i = 1; i <= 4; i++)
      addStory(b.id, { contributorName: `Kitchen ${i}`, submittedAt: ago(19 - i * 2), wordCount: 10 + i });

    const { recentPodcasts, recentSubmissions } = getDashboard(owner.id, "30d", NOW);
    expect(recentPodcasts.map((p) => p.title)).toEqual([
      "Episode 7",
      "Episode 6",
      "Episode 5",
      "Episode 4",
      "Episode 3",
    ]);
    expect(recentPodcasts[0]).toMatchObject({ listens: 7, duration: 420, status: "complete" });
    expect(recentSubmissions.map((s) => s.contributorName)).toEqual([
      "Kitchen 4",
      "Lake 4",
      "Kitchen 3",
      "Lake 3",
      "Kitchen 2",
    ]);
    expect(recentSubmissions[0]).toMatchObject({ campaignTitle: "Holiday kitchen", campaignId: b.id, wordCount: 14 });
    expect(recentSubmissions[0]!.createdAt).toBeInstanceOf(Date);
  });

  it("lists scheduled collections, upcoming first, with recipient counts, at most 5", async () => {
    const owner = await createTestUser();
    makeCampaign(owner.id, { title: "Unscheduled" });
    const soon = makeCampaign(owner.id, {
      title: "Soon",
      scheduledDate: new Date(NOW.getTime() + 2 * DAY),
      description: "Next week",
    });
    makeCampaign(owner.id, { title: "Later", scheduledDate: new Date(NOW.getTime() + 20 * DAY) });
    makeCampaign(owner.id, { title: "Past", scheduledDate: ago(5), status: "sent", sentDate: ago(5) });
    makeCampaign(owner.id, { title: "Long past", scheduledDate: ago(50), status: "sent" });
    addInvitations(soon.id, 3);
    let scheduled = listScheduledCampaigns(owner.id, NOW);
    expect(scheduled.map((c) => c.title)).toEqual(["Soon", "Later", "Past", "Long past"]);
    expect(scheduled[0]).toMatchObject({ id: soon.id, recipientCount: 3, description: "Next week" });
    expect(scheduled[1]!.recipientCount).toBe(0);

    for (let i = 0; i < 4; i++)
      makeCampaign(owner.id, { title: `Extra ${i}`, scheduledDate: new Date(NOW.getTime() + (30 + i) * DAY) });
    scheduled = listScheduledCampaigns(owner.id, NOW);
    expect(scheduled).toHaveLength(5);
    expect(scheduled.map((c) => c.title)).toEqual(["Soon", "Later", "Extra 0", "Extra 1", "Extra 2"]);
  });

  it("the period comes from ?period=, and anything else is 30 days", async () => {
    const user = await createTestUser();
    expect((await loadDashboard(user.cookie, "?period=7d")).period).toBe("7d");
    expect((await loadDashboard(user.cookie, "?period=90d")).period).toBe("90d");
    expect((await loadDashboard(user.cookie, "?period=365d")).period).toBe("30d");
  });

  it("runs the same number of SQL statements for 1 and for 50 collections", async () => {
    const fill = (ownerId: string, n: number) => {
      for (const c of makeCampaigns(ownerId, n)) {
        addStory(c.id);
        addStory(c.id);
        addInvitations(c.id, 2);
      }
      for (let i = 0; i < n; i++) addPodcast(ownerId);
    };
    const small = await createTestUser();
    const large = await createTestUser();
    fill(small.id, 1);
    fill(large.id, 50);
    makeCampaign(large.id, { scheduledDate: new Date() });

    const one = await countStatements(() => loadDashboard(small.cookie));
    const fifty = await countStatements(() => loadDashboard(large.cookie));
    expect(one).toBe(fifty);
    expect(fifty).toBeLessThanOrEqual(5); // the session, then the dashboard's 4
    const data = await loadDashboard(large.cookie);
    expect(data).toMatchObject({
      metrics: { campaigns: { total: 51 }, stories: { total: 100 }, podcasts: { total: 50 } },
    });
  });
});

describe("dashboard JSON calls", () => {
  it("GET /api/user/metrics answers podcasts.thisMonth and the rest for a period", async () => {
    const user = await createTestUser();
    addPodcast(user.id, { listens: 4 });
    const c = makeCampaign(user.id, { status: "active" });
    addStory(c.id, { submittedAt: new Date(Date.now() - 10 * DAY) });

    const response = await callRoute(
      metricsLoader,
      makeRequest("/api/user/metrics?period=7d", { cookie: user.cookie }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      period: "7d",
      podcasts: { total: 1, thisMonth: 1, inPeriod: 1, totalListens: 4 },
      campaigns: { total: 1, active: 1 },
      stories: { total: 1, inPeriod: 0 },
    });
    const byDefault = await callRoute(metricsLoader, makeRequest("/api/user/metrics", { cookie: user.cookie }));
    expect(((await byDefault.json()) as { period: string; stories: { inPeriod: number } }).stories.inPeriod).toBe(1);
  });

  it("GET /api/user/metrics refuses an unknown period with 400 and a signed-out caller with 401", async () => {
    const user = await createTestUser();
    const bad = await callRoute(metricsLoader, makeRequest("/api/user/metrics?period=1y", { cookie: user.cookie }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "period must be one of 7d, 30d, 90d" });
    expect((await callRoute(metricsLoader, makeRequest("/api/user/metrics"))).status).toBe(401);
  });

  it("GET /api/podcasts/recent and /api/user/recent-stories list only the caller's newest 5", async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    for (let i = 1; i <= 6; i++)
      addPodcast(user.id, { title: `Mine ${i}`, createdAt: new Date(Date.now() - (10 - i) * DAY) });
    addPodcast(other.id, { title: "Not mine" });
    const c = makeCampaign(user.id, { title: "Kitchen" });
    for (let i = 1; i <= 6; i++)
      addStory(c.id, {
        contributorName: `Cousin ${i}`,
        submittedAt: new Date(Date.now() - (10 - i) * DAY),
        wordCount: i,
      });
    addStory(makeCampaign(other.id).id, { contributorName: "Stranger" });

    const podcastsResponse = await callRoute(
      recentPodcastsLoader,
      makeRequest("/api/podcasts/recent", { cookie: user.cookie }),
    );
    const list = (await podcastsResponse.json()) as Array<{
      title: string;
      listens: number;
      duration: number;
      createdAt: string;
    }>;
    expect(list.map((p) => p.title)).toEqual(["Mine 6", "Mine 5", "Mine 4", "Mine 3", "Mine 2"]);
    expect(typeof list[0]!.createdAt).toBe("string");

    const storiesResponse = await callRoute(
      recentStoriesLoader,
      makeRequest("/api/user/recent-stories", { cookie: user.cookie }),
    );
    const stories = (await storiesResponse.json()) as Array<{
      contributorName: string;
      campaignTitle: string;
      wordCount: number;
    }>;
    expect(stories).toHaveLength(5);
    expect(stories[0]).toMatchObject({ contributorName: "Cousin 6", campaignTitle: "Kitchen", wordCount: 6 });
    expect(stories.some((s) => s.contributorName === "Stranger")).toBe(false);

    expect((await callRoute(recentPodcastsLoader, makeRequest("/api/podcasts/recent"))).status).toBe(401);
    expect((await callRoute(recentStoriesLoader, makeRequest("/api/user/recent-stories"))).status).toBe(401);
  });

  it("recent stories ignore other owners even when theirs are newer", async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const mine = makeCampaign(user.id);
    addStory(mine.id, { contributorName: "Old but mine", submittedAt: new Date(Date.now() - 100 * DAY) });
    const theirs = makeCampaign(other.id);
    for (let i = 0; i < 6; i++) addStory(theirs.id);
    expect(listRecentSubmissions(user.id).map((s) => s.contributorName)).toEqual(["Old but mine"]);
  });
});
