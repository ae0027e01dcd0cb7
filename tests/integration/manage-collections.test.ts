import { describe, expect, it } from "vitest";

import { MANAGE_PAGE_SIZE } from "~/features/collections/limits";
import { saveWorkflowSettings, type WorkflowInput } from "~/models/workflow.server";
import { action, loader } from "~/routes/_app+/manage-collections";
import { action as reorderApi, loader as reorderApiGet } from "~/routes/api+/admin+/story-collections.reorder";
import { action as workflowApi, loader as workflowApiGet } from "~/routes/api+/user+/workflow-settings";

import { callRoute, createTestUser, makeRequest } from "../utils/auth";
import {
  addInvitations,
  addStory,
  countStatements,
  makeCampaign,
  makeCampaigns,
  storedOrder,
  toastOf,
  workflowRows,
} from "../utils/dashboard-helpers";

const post = (cookie: string, form: Record<string, string | string[]>) =>
  makeRequest("/manage-collections", { cookie, form });
const titles = (ownerId: string) => storedOrder(ownerId).map((r) => r.title);
const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

/** Distribution 'scheduled' from 2030-01-10: position i is delivered on Jan 10 + i. */
const scheduledFrom2030: WorkflowInput = {
  collection: { mode: "manual", startDate: null, maxReminders: 3, contributors: [] },
  distribution: {
    mode: "scheduled",
    scheduledDate: "2030-01-10",
    dayOfWeek: null,
    dayOfMonth: null,
    monthOfYear: null,
    recipients: [],
  },
};

type LoaderJson = {
  stats: { totalCollections: number; activeCampaigns: number; storiesCollected: number; familyMembers: number };
  rows: Array<{ id: string; title: string; invitedCount: number; contributionCount: number }>;
  page: number;
  pageCount: number;
  settings: { collection: { mode: string; maxReminders: number }; distribution: { mode: string } };
  dialogOpen: boolean;
};
async function load(cookie: string, query = "") {
  const response = await callRoute(loader, makeRequest(`/manage-collections${query}`, { cookie }));
  expect(response.status).toBe(200);
  return (await response.json()) as LoaderJson;
}

describe("Manage Story Collections page", () => {
  it("signed out goes to /login", async () => {
    const response = await callRoute(loader, makeRequest("/manage-collections"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toContain("/login?redirectTo=%2Fmanage-collections");
  });

  it("shows the stats, the list in order with counts, and the default workflow modes", async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const [first, second] = makeCampaigns(user.id, 3);
    makeCampaign(user.id, { title: "Active one", status: "active", createdAt: new Date(0) });
    addStory(first!.id);
    addStory(first!.id);
    addStory(second!.id);
    addInvitations(first!.id, 4);
    addInvitations(second!.id, 2);
    addStory(makeCampaign(other.id, { status: "active" }).id);

    const data = await load(user.cookie, "?dialog=workflows");
    expect(data.stats).toEqual({ totalCollections: 4, activeCampaigns: 1, storiesCollected: 3, familyMembers: 6 });
    expect(data.rows.map((r) => r.title)).toEqual(["Collection 1", "Collection 2", "Collection 3", "Active one"]);
    expect(data.rows[0]).toMatchObject({ invitedCount: 4, contributionCount: 2 });
    expect(data.rows[2]).toMatchObject({ invitedCount: 0, contributionCount: 0 });
    expect(data.settings.collection).toMatchObject({ mode: "manual", maxReminders: 3 });
    expect(data.settings.distribution.mode).toBe("manual");
    expect(data.dialogOpen).toBe(true);
  });

  it("pages the list, MANAGE_PAGE_SIZE (25) to a page", async () => {
    const user = await createTestUser();
    makeCampaigns(user.id, MANAGE_PAGE_SIZE + 3);
    const second = await load(user.cookie, "?page=2");
    expect(second).toMatchObject({ page: 2, pageCount: 2 });
    expect(second.rows.map((r) => r.title)).toEqual([
      `Collection ${MANAGE_PAGE_SIZE + 1}`,
      `Collection ${MANAGE_PAGE_SIZE + 2}`,
      `Collection ${MANAGE_PAGE_SIZE + 3}`,
    ]);
    expect((await load(user.cookie, "?page=99")).page).toBe(2);
    expect((await load(user.cookie, "?page=abc")).page).toBe(1);
  });

  it("runs the same number of SQL statements for 1 and for 60 collections, on any page", async () => {
    const small = await createTestUser();
    const large = await createTestUser();
    for (const c of makeCampaigns(small.id, 1)) addStory(c.id);
    for (const c of makeCampaigns(large.id, 60)) {
      addStory(c.id);
      addInvitations(c.id, 2);
    }
    saveWorkflowSettings(large.id, scheduledFrom2030);
    const one = await countStatements(() => load(small.cookie));
    expect(await countStatements(() => load(large.cookie))).toBe(one);
    expect(await countStatements(() => load(large.cookie, "?page=2"))).toBe(one);
    expect(one).toBeLessThanOrEqual(4); // the session, then settings, stats and the page
  });
});

describe("reordering on the page", () => {
  it("drag order (intent=reorder) saves sortOrder 1..n and each position's delivery date, with the toast", async () => {
    const user = await createTestUser();
    const [a, b, c] = makeCampaigns(user.id, 3);
    saveWorkflowSettings(user.id, scheduledFrom2030);

    const response = await callRoute(
      action,
      post(user.cookie, { intent: "reorder", page: "1", ids: [c!.id, a!.id, b!.id] }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(await toastOf(response)).toMatchObject({
      title: "Collections reordered",
      description: "Delivery dates have been recalculated based on the new order",
    });
    expect(storedOrder(user.id)).toEqual([
      { id: c!.id, title: "Collection 3", sortOrder: 1, nextDeliveryDate: day("2030-01-10") },
      { id: a!.id, title: "Collection 1", sortOrder: 2, nextDeliveryDate: day("2030-01-11") },
      { id: b!.id, title: "Collection 2", sortOrder: 3, nextDeliveryDate: day("2030-01-12") },
    ]);
    expect((await load(user.cookie)).rows.map((r) => r.title)).toEqual([
      "Collection 3",
      "Collection 1",
      "Collection 2",
    ]);
  });

  it("a list that is not exactly the page's collections is refused with 400 (the browser shows the 'Error' toast)", async () => {
    const user = await createTestUser();
    const [a, b, c] = makeCampaigns(user.id, 3);
    for (const ids of [
      [b!.id, a!.id],
      [a!.id, a!.id, b!.id],
      [c!.id, b!.id, a!.id, a!.id],
    ]) {
      const response = await callRoute(action, post(user.cookie, { intent: "reorder", page: "1", ids }));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ ok: false, message: "Failed to reorder collections. Please try again." });
      // No flash toast: a failed fetcher request reloads nothing, so the page shows the toast itself.
      expect(await toastOf(response)).toBeNull();
    }
    const empty = await callRoute(action, post(user.cookie, { intent: "reorder", page: "1" }));
    expect(empty.status).toBe(400);
    expect(titles(user.id)).toEqual(["Collection 1", "Collection 2", "Collection 3"]);
  });

  it("user B cannot reorder user A's collections (404), and A's order is untouched", async () => {
    const a = await createTestUser();
    const b = await createTestUser();
    const [x, y] = makeCampaigns(a.id, 2);
    makeCampaigns(b.id, 2);
    const response = await callRoute(action, post(b.cookie, { intent: "reorder", page: "1", ids: [y!.id, x!.id] }));
    expect(response.status).toBe(404);
    const move = await callRoute(action, post(b.cookie, { intent: "move", move: `${x!.id}:down` }));
    expect(move.status).toBe(404);
    expect(titles(a.id)).toEqual(["Collection 1", "Collection 2"]);
    expect(storedOrder(a.id).every((r) => r.sortOrder === 0)).toBe(true);
  });

  it("reorders one page in place and leaves the other pages where they are", async () => {
    const user = await createTestUser();
    const all = makeCampaigns(user.id, MANAGE_PAGE_SIZE + 3);
    const page2 = all.slice(MANAGE_PAGE_SIZE).map((c) => c.id);
    const response = await callRoute(
      action,
      post(user.cookie, { intent: "reorder", page: "2", ids: [...page2].reverse() }),
    );
    expect(response.status).toBe(200);
    const order = titles(user.id);
    expect(order.slice(0, MANAGE_PAGE_SIZE)).toEqual(all.slice(0, MANAGE_PAGE_SIZE).map((c) => c.title));
    expect(order.slice(MANAGE_PAGE_SIZE)).toEqual([3, 2, 1].map((k) => `Collection ${MANAGE_PAGE_SIZE + k}`));
    // Page 1's ids posted as page 2 are refused.
    const wrongPage = await callRoute(
      action,
      post(user.cookie, { intent: "reorder", page: "2", ids: all.slice(0, 3).map((c) => c.id) }),
    );
    expect(wrongPage.status).toBe(400);
  });

  it("move buttons (no JavaScript) swap neighbours, recalculate dates and come back with the toast", async () => {
    const user = await createTestUser();
    const [a, b, c] = makeCampaigns(user.id, 3);
    saveWorkflowSettings(user.id, scheduledFrom2030);

    const down = await callRoute(action, post(user.cookie, { intent: "move", move: `${a!.id}:down` }));
    expect(down.status).toBe(302);
    expect(down.headers.get("Location")).toBe("/manage-collections");
    expect(await toastOf(down)).toMatchObject({ title: "Collections reordered" });
    expect(
      storedOrder(user.id).map((r) => [r.id, r.sortOrder, r.nextDeliveryDate?.toISOString().slice(0, 10)]),
    ).toEqual([
      [b!.id, 1, "2030-01-10"],
      [a!.id, 2, "2030-01-11"],
      [c!.id, 3, "2030-01-12"],
    ]);

    // The first one cannot go further up: nothing changes.
    const top = await callRoute(action, post(user.cookie, { intent: "move", move: `${b!.id}:up` }));
    expect(top.status).toBe(302);
    expect(titles(user.id)).toEqual(["Collection 2", "Collection 1", "Collection 3"]);

    const bad = await callRoute(action, post(user.cookie, { intent: "move", move: `${b!.id}:sideways` }));
    expect(await toastOf(bad)).toMatchObject({ title: "Error" });
    expect(titles(user.id)).toEqual(["Collection 2", "Collection 1", "Collection 3"]);
  });

  it("a move across a page boundary goes to the page the collection lands on", async () => {
    const user = await createTestUser();
    const all = makeCampaigns(user.id, MANAGE_PAGE_SIZE + 1);
    const last = all[MANAGE_PAGE_SIZE - 1]!;
    const response = await callRoute(action, post(user.cookie, { intent: "move", move: `${last.id}:down` }));
    expect(response.headers.get("Location")).toBe("/manage-collections?page=2");
    expect(titles(user.id).at(-1)).toBe(last.title);
  });

  it("an unknown intent is a 400", async () => {
    const user = await createTestUser();
    expect((await callRoute(action, post(user.cookie, { intent: "explode" }))).status).toBe(400);
  });
});

describe("Configure Workflows", () => {
  const form = (values: Record<string, string>) => ({
    intent: "workflows",
    collectionMode: "weekly",
    startDate: "2030-02-01",
    maxReminders: "5",
    contributors: "ann@example.com\n\n  bob@example.com \nANN@example.com",
    distributionMode: "monthly",
    scheduledDate: "",
    dayOfWeek: "",
    dayOfMonth: "31",
    monthOfYear: "",
    recipients: "kids@example.com, kids@example.com,",
    ...values,
  });

  it("refuses out-of-range values with 400 and field errors, saving nothing", async () => {
    const user = await createTestUser();
    const response = await callRoute(
      action,
      post(
        user.cookie,
        form({
          maxReminders: "7",
          dayOfMonth: "32",
          dayOfWeek: "7",
          startDate: "2030-02-30",
          distributionMode: "daily",
        }),
      ),
    );
    expect(response.status).toBe(400);
    const reply = (await response.json()) as { error: Record<string, string[]> };
    expect(Object.keys(reply.error).sort()).toEqual([
      "dayOfMonth",
      "dayOfWeek",
      "distributionMode",
      "maxReminders",
      "startDate",
    ]);
    expect(reply.error.maxReminders).toEqual(["Max reminders is 1 to 6"]);
    expect(workflowRows(user.id)).toHaveLength(0);
  });

  it("saves the settings for real, ignores empty and duplicate entries, and recalculates every delivery date", async () => {
    const user = await createTestUser();
    const [a, b] = makeCampaigns(user.id, 2);
    const response = await callRoute(action, post(user.cookie, form({})));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/manage-collections");
    expect(await toastOf(response)).toMatchObject({ title: "Workflow settings updated successfully." });

    const [row] = workflowRows(user.id);
    expect(row).toMatchObject({
      campaignId: null,
      collectionMode: "weekly",
      collectionStartDate: day("2030-02-01"),
      maxReminders: 5,
      contributors: ["ann@example.com", "bob@example.com"],
      distributionMode: "monthly",
      dayOfMonth: 31,
      dayOfWeek: null,
      distributionRecipients: ["kids@example.com"],
    });
    // Monthly on the 31st from today: the first two positions are consecutive months, capped at month end.
    const [first, second] = storedOrder(user.id);
    expect(first!.id).toBe(a!.id);
    expect(second!.id).toBe(b!.id);
    expect(first!.nextDeliveryDate).toBeInstanceOf(Date);
    const months =
      (second!.nextDeliveryDate!.getUTCFullYear() - first!.nextDeliveryDate!.getUTCFullYear()) * 12 +
      second!.nextDeliveryDate!.getUTCMonth() -
      first!.nextDeliveryDate!.getUTCMonth();
    expect(months).toBe(1);

    const page = await load(user.cookie);
    expect(page.settings.collection.mode).toBe("weekly");
    expect(page.settings.distribution.mode).toBe("monthly");
  });

  it("saving again updates the one global row (no duplicate despite NULL campaignId)", async () => {
    const user = await createTestUser();
    makeCampaigns(user.id, 2);
    await callRoute(action, post(user.cookie, form({})));
    await callRoute(
      action,
      post(user.cookie, form({ distributionMode: "manual", collectionMode: "biweekly", maxReminders: "" })),
    );
    const rows = workflowRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ collectionMode: "biweekly", distributionMode: "manual", maxReminders: 3 });
    // Manual distribution has no delivery dates.
    expect(storedOrder(user.id).map((r) => r.nextDeliveryDate)).toEqual([null, null]);
  });
});

describe("POST /api/admin/story-collections/reorder", () => {
  const call = (
    cookie: string | undefined,
    json: unknown,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ) =>
    callRoute(
      reorderApi,
      makeRequest("/api/admin/story-collections/reorder", {
        cookie,
        method: init.method ?? "POST",
        ...(init.body !== undefined ? { body: init.body, headers: init.headers } : { json }),
      }),
    );

  it("orders by the given sortOrder, assigns 1..n and computes the dates itself", async () => {
    const user = await createTestUser();
    const [a, b, c] = makeCampaigns(user.id, 3);
    saveWorkflowSettings(user.id, scheduledFrom2030);
    const response = await call(user.cookie, {
      collections: [
        { id: a!.id, sortOrder: 30, nextDeliveryDate: "1999-01-01" },
        { id: b!.id, sortOrder: 10, nextDeliveryDate: "1999-01-01" },
        { id: c!.id, sortOrder: 20 },
      ],
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      collections: Array<{ id: string; sortOrder: number; nextDeliveryDate: string }>;
    };
    expect(body.collections).toEqual([
      { id: b!.id, sortOrder: 1, nextDeliveryDate: "2030-01-10T00:00:00.000Z" },
      { id: c!.id, sortOrder: 2, nextDeliveryDate: "2030-01-11T00:00:00.000Z" },
      { id: a!.id, sortOrder: 3, nextDeliveryDate: "2030-01-12T00:00:00.000Z" },
    ]);
    expect(titles(user.id)).toEqual(["Collection 2", "Collection 3", "Collection 1"]);
  });

  it("refuses lists that are not exactly the owner's collections with 400", async () => {
    const user = await createTestUser();
    const [a, b] = makeCampaigns(user.id, 2);
    const missing = await call(user.cookie, { collections: [{ id: a!.id, sortOrder: 1 }] });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: "The list must name each of your collections exactly once" });
    const duplicate = await call(user.cookie, {
      collections: [
        { id: a!.id, sortOrder: 1 },
        { id: a!.id, sortOrder: 2 },
        { id: b!.id, sortOrder: 3 },
      ],
    });
    expect(duplicate.status).toBe(400);
    expect(titles(user.id)).toEqual(["Collection 1", "Collection 2"]);
  });

  it("user B gets 404 for user A's ids and cannot change A's order", async () => {
    const a = await createTestUser();
    const b = await createTestUser();
    const [x, y] = makeCampaigns(a.id, 2);
    const [mine] = makeCampaigns(b.id, 1);
    const onlyA = await call(b.cookie, {
      collections: [
        { id: y!.id, sortOrder: 1 },
        { id: x!.id, sortOrder: 2 },
      ],
    });
    expect(onlyA.status).toBe(404);
    expect(await onlyA.json()).toEqual({ message: "Collection not found" });
    const mixed = await call(b.cookie, {
      collections: [
        { id: mine!.id, sortOrder: 1 },
        { id: x!.id, sortOrder: 2 },
      ],
    });
    expect(mixed.status).toBe(404);
    expect(titles(a.id)).toEqual(["Collection 1", "Collection 2"]);
    expect(storedOrder(a.id).every((r) => r.sortOrder === 0)).toBe(true);
  });

  it("answers malformed bodies, wrong methods and signed-out callers with a 4xx JSON message", async () => {
    const user = await createTestUser();
    const [a] = makeCampaigns(user.id, 1);
    const cases: Array<[Promise<Response>, number]> = [
      [call(user.cookie, undefined, { body: "{not json", headers: { "Content-Type": "application/json" } }), 400],
      [call(user.cookie, undefined, { body: "collections", headers: { "Content-Type": "text/plain" } }), 415],
      [call(user.cookie, { collections: "all of them" }), 400],
      [call(user.cookie, { collections: [] }), 400],
      [call(user.cookie, { collections: [{ id: a!.id }] }), 400],
      [call(user.cookie, { collections: [{ id: a!.id, sortOrder: "first" }] }), 400],
      [call(user.cookie, { collections: [{ id: 42, sortOrder: 1 }] }), 400],
      [call(user.cookie, null), 400],
      [call(user.cookie, { collections: [{ id: a!.id, sortOrder: 1 }] }, { method: "PUT" }), 405],
      [call(undefined, { collections: [{ id: a!.id, sortOrder: 1 }] }), 401],
    ];
    for (const [pending, status] of cases) {
      const response = await pending;
      expect(response.status).toBe(status);
      expect(typeof ((await response.json()) as { message: unknown }).message).toBe("string");
    }
    const get = await callRoute(
      reorderApiGet,
      makeRequest("/api/admin/story-collections/reorder", { cookie: user.cookie }),
    );
    expect(get.status).toBe(405);
  });
});

describe("GET/PUT /api/user/workflow-settings", () => {
  const put = (cookie: string | undefined, json: unknown) =>
    callRoute(workflowApi, makeRequest("/api/user/workflow-settings", { cookie, method: "PUT", json }));
  const get = (cookie?: string) => callRoute(workflowApiGet, makeRequest("/api/user/workflow-settings", { cookie }));

  it("answers the defaults, then saves and answers what was saved", async () => {
    const user = await createTestUser();
    const [a, b] = makeCampaigns(user.id, 2);
    expect(await (await get(user.cookie)).json()).toEqual({
      collectionId: null,
      collectionWorkflow: { mode: "manual", startDate: null, maxReminders: 3, contributors: [] },
      distributionWorkflow: {
        mode: "manual",
        scheduledDate: null,
        dayOfWeek: null,
        dayOfMonth: null,
        monthOfYear: null,
        recipients: [],
      },
      updatedAt: null,
    });
    const saved = await put(user.cookie, {
      collectionWorkflow: {
        mode: "biweekly",
        startDate: "2030-01-01",
        maxReminders: 6,
        contributors: ["a@example.com", "", "A@example.com"],
      },
      distributionWorkflow: { mode: "weekly", dayOfWeek: 1, recipients: ["kids@example.com"] },
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      message: "Workflow settings updated successfully.",
      collectionWorkflow: { contributors: ["a@example.com"] },
    });
    expect(await (await get(user.cookie)).json()).toMatchObject({
      collectionWorkflow: { mode: "biweekly", startDate: "2030-01-01", maxReminders: 6 },
      distributionWorkflow: { mode: "weekly", dayOfWeek: 1, dayOfMonth: null, recipients: ["kids@example.com"] },
    });
    // Weekly on Mondays: each position one week after the one before, every date a Monday.
    const [first, second] = storedOrder(user.id);
    expect([first!.id, second!.id]).toEqual([a!.id, b!.id]);
    expect(first!.nextDeliveryDate!.getUTCDay()).toBe(1);
    expect(second!.nextDeliveryDate!.getTime() - first!.nextDeliveryDate!.getTime()).toBe(7 * 86_400_000);
  });

  it("refuses bad values, per-collection settings and malformed bodies with 400; signed out is 401", async () => {
    const user = await createTestUser();
    for (const body of [
      { collectionWorkflow: { maxReminders: 0 } },
      { collectionWorkflow: { maxReminders: 2.5 } },
      { distributionWorkflow: { mode: "hourly" } },
      { distributionWorkflow: { dayOfWeek: 7 } },
      { distributionWorkflow: { dayOfMonth: 0 } },
      { distributionWorkflow: { monthOfYear: 13 } },
      { distributionWorkflow: { scheduledDate: "tomorrow" } },
      { collectionWorkflow: { contributors: "a@example.com" } },
      { collectionId: "some-collection" },
      "just a string",
    ]) {
      const response = await put(user.cookie, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const notJson = await callRoute(
      workflowApi,
      makeRequest("/api/user/workflow-settings", {
        cookie: user.cookie,
        method: "PUT",
        body: "{",
        headers: { "Content-Type": "application/json" },
      }),
    );
    expect(notJson.status).toBe(400);
    const wrongMethod = await callRoute(
      workflowApi,
      makeRequest("/api/user/workflow-settings", { cookie: user.cookie, method: "POST", json: {} }),
    );
    expect(wrongMethod.status).toBe(405);
    expect((await put(undefined, {})).status).toBe(401);
    expect((await get()).status).toBe(401);
    expect(workflowRows(user.id)).toHaveLength(0);
  });

  it("keeps each owner's settings apart", async () => {
    const a = await createTestUser();
    const b = await createTestUser();
    await put(a.cookie, { distributionWorkflow: { mode: "yearly", monthOfYear: 2, dayOfMonth: 29 } });
    expect(
      ((await (await get(b.cookie)).json()) as { distributionWorkflow: { mode: string } }).distributionWorkflow.mode,
    ).toBe("manual");
  });
});
