// System Metrics from seeded data, System Activity, and System Error Monitoring.
import { activities, emailOutbox, llmUsage, systemErrors, users } from "#db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { monthStarts } from "~/features/admin/metrics.server";
import { db } from "~/lib/db.server";
import { recordSystemError } from "~/lib/system-errors.server";
import { createCampaign } from "~/models/campaign.server";
import { createUser } from "~/models/user.server";
import * as activityPage from "~/routes/admin+/activity";
import * as metricsPage from "~/routes/admin+/metrics";
import * as errorsPage from "~/routes/admin+/system-errors";
import * as activityApi from "~/routes/api+/admin+/activity";
import * as metricsApi from "~/routes/api+/admin+/metrics";
import * as errorsApi from "~/routes/api+/admin+/system-errors";
import * as resolveApi from "~/routes/api+/admin+/system-errors.$id.resolve";
import * as unresolvedApi from "~/routes/api+/admin+/system-errors.unresolved";
import * as topUsersApi from "~/routes/api+/admin+/top-users";

import { createTestAdmin } from "../utils/admin-helpers";
import { callRoute, makeRequest } from "../utils/auth";
import { addPodcast, addStory, makeCampaign, toastOf } from "../utils/dashboard-helpers";

const DAY = 86_400_000;
let n = 0;
const addUser = (values: Partial<typeof users.$inferInsert>) =>
  db
    .insert(users)
    .values({ email: `seed-${++n}@example.com`, firstName: `Seed${n}`, ...values })
    .returning()
    .get();
const addEmail = (status: "sent" | "stored" | "failed" | "queued", at: Date) =>
  db
    .insert(emailOutbox)
    .values({
      kind: "test",
      to: "x@example.com",
      from: "app@example.com",
      subject: "s",
      html: "h",
      text: "t",
      status,
      sentAt: status === "sent" ? at : null,
      createdAt: at,
    })
    .run();

type Metrics = {
  users: { total: number; growth: number; active: number; new: number };
  podcasts: { total: number; growth: number; thisMonth: number };
  campaigns: { total: number; active: number };
  stories: { total: number; growth: number; thisMonth: number };
  emails: { sent: number; thisMonth: number; growth: number };
  tokenUsage: { totalCost: number; thisMonth: number; openaiCost: number; deepgramCost: number; calls: number };
  database: { size: number; connections: number; queries: number; tables: number };
};

// This file's database starts empty, so every figure below is exactly what is seeded here.
describe("metrics from seeded data", () => {
  it("GET /api/admin/metrics and the page give the real figures, growth against last month", async () => {
    const { thisMonth, lastMonth } = monthStarts(new Date());
    const older = new Date(lastMonth.getTime() - DAY);
    const admin = await createTestAdmin(); // created now: this month
    const active = addUser({ createdAt: thisMonth, lastLoginAt: new Date() });
    for (let i = 0; i < 3; i++) addUser({ createdAt: lastMonth });
    addUser({ createdAt: older, lastLoginAt: new Date(Date.now() - 60 * DAY) });

    for (let i = 0; i < 3; i++) addPodcast(active.id, { createdAt: thisMonth });
    for (let i = 0; i < 2; i++) addPodcast(active.id, { createdAt: lastMonth });
    addPodcast(admin.id, { createdAt: older });

    const c1 = makeCampaign(admin.id);
    makeCampaign(admin.id);
    makeCampaign(active.id, { isActive: false });
    addStory(c1.id, { submittedAt: thisMonth });
    for (let i = 0; i < 4; i++) addStory(c1.id, { submittedAt: lastMonth });

    addEmail("sent", thisMonth);
    addEmail("sent", thisMonth);
    addEmail("stored", new Date());
    addEmail("sent", lastMonth);
    addEmail("sent", lastMonth);
    addEmail("failed", thisMonth);
    addEmail("queued", thisMonth);

    db.insert(llmUsage)
      .values({
        provider: "openai",
        model: "gpt-4o-mini",
        promptTokens: 1000,
        completionTokens: 500,
        costUsd: 0.25,
        createdAt: thisMonth,
      })
      .run();
    db.insert(llmUsage)
      .values({
        provider: "openai-compatible",
        model: "llama",
        promptTokens: 10,
        completionTokens: 5,
        costUsd: 0.5,
        createdAt: lastMonth,
      })
      .run();
    db.insert(llmUsage).values({ provider: "other", model: "x", costUsd: 1, createdAt: thisMonth }).run();

    const response = await callRoute(metricsApi.loader, makeRequest("/api/admin/metrics", { cookie: admin.cookie }));
    expect(response.status).toBe(200);
    const metrics = (await response.json()) as Metrics;
    expect(metrics.users).toEqual({ total: 6, new: 2, growth: -33.3, active: 1 });
    expect(metrics.podcasts).toEqual({ total: 6, thisMonth: 3, growth: 50 });
    expect(metrics.campaigns).toEqual({ total: 3, active: 2 });
    expect(metrics.stories).toEqual({ total: 5, thisMonth: 1, growth: -75 });
    expect(metrics.emails).toEqual({ sent: 5, thisMonth: 3, growth: 50 });
    expect(metrics.tokenUsage).toMatchObject({
      totalCost: 1.75,
      thisMonth: 1.25,
      openaiCost: 0.75,
      deepgramCost: 0,
      calls: 3,
    });

    const { page_count, page_size } = {
      page_count: Number(db.$client.pragma("page_count", { simple: true })),
      page_size: Number(db.$client.pragma("page_size", { simple: true })),
    };
    expect(metrics.database).toMatchObject({ size: page_count * page_size, connections: 1 });
    expect(metrics.database.size).toBeGreaterThan(0);
    // `queries` is the number of stored rows: one more row, one more.
    addUser({});
    const after = (await (
      await callRoute(metricsApi.loader, makeRequest("/api/admin/metrics", { cookie: admin.cookie }))
    ).json()) as Metrics;
    expect(after.database.queries).toBe(metrics.database.queries + 1);

    const page = (await (
      await callRoute(metricsPage.loader, makeRequest("/admin/metrics?tab=usage", { cookie: admin.cookie }))
    ).json()) as { tab: string; metrics: Metrics };
    expect(page.tab).toBe("usage");
    expect(page.metrics.tokenUsage.totalCost).toBe(1.75);
  });
});

describe("activity", () => {
  it("recent activity (written by the actions), top users and the summary", async () => {
    const admin = await createTestAdmin();
    const busy = addUser({ firstName: "Busy", lastName: "Bee", lastLoginAt: new Date() });
    createCampaign(admin.id, { title: "Logged collection", prompt: "p", inviteEmails: [] });
    db.insert(activities)
      .values({
        type: "story_submitted",
        userId: busy.id,
        details: "Aunt May shared a story",
        createdAt: new Date(Date.now() - 10 * DAY),
      })
      .run();
    db.insert(activities)
      .values({
        type: "user_registered",
        userId: null,
        details: "Old sign-up",
        createdAt: new Date(Date.now() - 40 * DAY),
      })
      .run();
    // More than anyone the metrics test above seeded (6 podcasts and stories at most).
    for (let i = 0; i < 10; i++) addPodcast(busy.id);

    const recent = (await (
      await callRoute(activityApi.loader, makeRequest("/api/admin/activity", { cookie: admin.cookie }))
    ).json()) as Array<{
      type: string;
      details: string;
      timestamp: string;
      user: { id: string; name: string } | null;
    }>;
    expect(recent[0]).toMatchObject({
      type: "campaign_created",
      details: 'Created "Logged collection"',
      user: { id: admin.id, name: "Ada Admin" },
    });
    expect(recent.find((r) => r.details === "Old sign-up")?.user).toBeNull();

    const top = (await (
      await callRoute(topUsersApi.loader, makeRequest("/api/admin/top-users", { cookie: admin.cookie }))
    ).json()) as Array<{
      userId: string;
      username: string;
      podcastCount: number;
      storyCount: number;
      lastActive: string | null;
    }>;
    expect(top[0]).toMatchObject({ userId: busy.id, username: "Busy Bee", podcastCount: 10 });
    expect(top[0]!.lastActive).not.toBeNull();

    const page = (await (
      await callRoute(activityPage.loader, makeRequest("/admin/activity", { cookie: admin.cookie }))
    ).json()) as {
      summary: Array<{ type: string; last7Days: number; last30Days: number; total: number }>;
    };
    expect(page.summary.map((s) => s.type)).toEqual([
      "podcast_created",
      "campaign_created",
      "user_registered",
      "story_submitted",
      "account_deleted",
    ]);
    expect(page.summary.find((s) => s.type === "story_submitted")).toMatchObject({
      last7Days: 0,
      last30Days: 1,
      total: 1,
    });
    // Every account created here (the admin's too) registered itself; the old sign-up is the one outside 30 days.
    const registered = db.select().from(activities).where(eq(activities.type, "user_registered")).all();
    expect(registered.map((r) => r.userId)).toContain(admin.id);
    expect(page.summary.find((s) => s.type === "user_registered")).toMatchObject({
      last30Days: registered.length - 1,
      total: registered.length,
    });
    expect(page.summary.find((s) => s.type === "campaign_created")?.last7Days).toBeGreaterThanOrEqual(1);
  });
});

describe("new accounts in the activity feed", () => {
  it("a new account appears as 'user_registered' with its name", async () => {
    const admin = await createTestAdmin();
    const user = await createUser({ email: `new-${Date.now()}@example.com`, firstName: "Nora", lastName: "Newcomer" });
    const recent = (await (
      await callRoute(activityApi.loader, makeRequest("/api/admin/activity", { cookie: admin.cookie }))
    ).json()) as Array<{
      type: string;
      details: string;
      user: { id: string } | null;
    }>;
    expect(recent.find((r) => r.user?.id === user.id)).toMatchObject({
      type: "user_registered",
      details: "Nora Newcomer joined",
    });
  });
});

describe("system errors", () => {
  it("lists all and unresolved, resolves by the JSON call and by the page", async () => {
    const admin = await createTestAdmin();
    recordSystemError({
      error: new Error("Mailgun said no"),
      errorType: "email_delivery",
      workflow: "outbox",
      severity: "critical",
    });
    recordSystemError({ error: "odd", errorType: "custom_thing", severity: "low" });
    db.insert(systemErrors)
      .values({ errorType: "weird", errorMessage: "weird severity", severity: "informational" })
      .run();
    const all = (await (
      await callRoute(errorsApi.loader, makeRequest("/api/admin/system-errors", { cookie: admin.cookie }))
    ).json()) as Array<{ id: string; errorType: string; isResolved: boolean; severity: string }>;
    expect(all.map((e) => e.errorType).sort()).toEqual(["custom_thing", "email_delivery", "weird"]);
    expect(all[0]).not.toHaveProperty("details");
    const mail = all.find((e) => e.errorType === "email_delivery")!;

    const resolved = await callRoute(
      resolveApi.action,
      makeRequest(`/api/admin/system-errors/${mail.id}/resolve`, { cookie: admin.cookie, method: "POST" }),
      { id: mail.id },
    );
    expect(await resolved.json()).toMatchObject({ id: mail.id, isResolved: true });
    const open = (await (
      await callRoute(
        unresolvedApi.loader,
        makeRequest("/api/admin/system-errors/unresolved", { cookie: admin.cookie }),
      )
    ).json()) as Array<{ id: string }>;
    expect(open.map((e) => e.id)).not.toContain(mail.id);
    expect(open).toHaveLength(2);
    const missing = await callRoute(
      resolveApi.action,
      makeRequest("/api/admin/system-errors/nope/resolve", { cookie: admin.cookie, method: "POST" }),
      { id: "nope" },
    );
    expect(missing.status).toBe(404);

    const custom = all.find((e) => e.errorType === "custom_thing")!;
    const viaPage = await callRoute(
      errorsPage.action,
      makeRequest("/admin/system-errors?tab=unresolved", {
        cookie: admin.cookie,
        form: { intent: "resolve", id: custom.id, tab: "unresolved" },
      }),
    );
    expect(viaPage.status).toBe(302);
    expect(viaPage.headers.get("Location")).toBe("/admin/system-errors?tab=unresolved");
    expect(await toastOf(viaPage)).toMatchObject({ title: "Error marked as resolved" });
    expect(db.select().from(systemErrors).where(eq(systemErrors.id, custom.id)).get()).toMatchObject({
      isResolved: true,
    });
    const pageData = (await (
      await callRoute(errorsPage.loader, makeRequest("/admin/system-errors?tab=unresolved", { cookie: admin.cookie }))
    ).json()) as { tab: string; errors: unknown[]; unresolved: number };
    expect(pageData).toMatchObject({ tab: "unresolved", unresolved: 1 });
    expect(pageData.errors).toHaveLength(1);
  });
});
