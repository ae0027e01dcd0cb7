// The administrator's Story Collections (all owners): cards, create, edit, toggle, delete, reorder
// (move buttons, drag, and the JSON call from an admin session), and Create New's collection tab.
import { campaigns, invitations } from "#db/schema";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/lib/db.server";
import { saveWorkflowSettings, type WorkflowInput } from "~/models/workflow.server";
import * as createPage from "~/routes/admin+/create";
import * as page from "~/routes/admin+/story-collections";
import * as collections from "~/routes/api+/admin+/story-collections";
import * as collectionById from "~/routes/api+/admin+/story-collections.$id";
import * as toggle from "~/routes/api+/admin+/story-collections.$id.toggle";
import * as reorder from "~/routes/api+/admin+/story-collections.reorder";

import { createTestAdmin } from "../utils/admin-helpers";
import { callRoute, createTestUser, makeRequest } from "../utils/auth";
import { addInvitations, addStory, makeCampaign, toastOf } from "../utils/dashboard-helpers";

type Row = {
  id: string;
  title: string;
  isActive: boolean;
  sortOrder: number;
  emailsSent: number;
  storiesReceived: number;
  owner: { id: string; email: string };
};
type PageJson = {
  stats: { totalCollections: number; activeCampaigns: number; totalStories: number; scheduled: number };
  rows: Array<{ id: string; title: string }>;
};

const stored = (id: string) => db.select().from(campaigns).where(eq(campaigns.id, id)).get();
const allTitles = () =>
  db
    .select({ title: campaigns.title })
    .from(campaigns)
    .orderBy(asc(campaigns.sortOrder), asc(campaigns.id))
    .all()
    .map((r) => r.title);
const loadPage = async (cookie: string, query = "") =>
  (await (
    await callRoute(page.loader, makeRequest(`/admin/story-collections${query}`, { cookie }))
  ).json()) as PageJson;
const act = (cookie: string, form: Record<string, string | string[]>) =>
  callRoute(page.action, makeRequest("/admin/story-collections", { cookie, form }));

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

// One file, one database: the tests below build on each other's absence of other data only where
// they say so, so each works with the ids it made.
describe("summary cards and the list across owners", () => {
  it("counts collections, active ones, stories and scheduled ones; lists every owner's", async () => {
    const admin = await createTestAdmin();
    const alice = await createTestUser();
    const bob = await createTestUser();
    const a = makeCampaign(alice.id, { title: "Alice's", sortOrder: 1 });
    const b = makeCampaign(bob.id, {
      title: "Bob's",
      sortOrder: 2,
      isActive: false,
      scheduledDate: new Date(Date.now() + 86_400_000),
    });
    addStory(a.id);
    addStory(a.id);
    addStory(b.id);
    addInvitations(a.id, 3);

    const data = await loadPage(admin.cookie);
    expect(data.stats).toEqual({ totalCollections: 2, activeCampaigns: 1, totalStories: 3, scheduled: 1 });
    expect(data.rows.map((r) => r.title)).toEqual(["Alice's", "Bob's"]);

    const api = (await (
      await callRoute(collections.loader, makeRequest("/api/admin/story-collections", { cookie: admin.cookie }))
    ).json()) as Row[];
    expect(api.find((r) => r.id === a.id)).toMatchObject({
      emailsSent: 3,
      storiesReceived: 2,
      isActive: true,
      owner: { id: alice.id, email: alice.email },
    });
    expect(api.find((r) => r.id === b.id)).toMatchObject({ isActive: false, owner: { id: bob.id } });
  });
});

describe("the JSON calls", () => {
  it("POST creates for the admin at the end of the list; PUT edits; toggle switches; DELETE removes", async () => {
    const admin = await createTestAdmin();
    const created = await callRoute(
      collections.action,
      makeRequest("/api/admin/story-collections", {
        cookie: admin.cookie,
        json: {
          title: "Winter tales",
          description: "Cold nights",
          prompt: "Tell a winter story",
          scheduledDate: "2031-12-01T10:00:00Z",
        },
      }),
    );
    expect(created.status).toBe(201);
    const row = (await created.json()) as Row;
    expect(row).toMatchObject({ title: "Winter tales", owner: { id: admin.id }, isActive: true });
    expect(stored(row.id)).toMatchObject({
      ownerId: admin.id,
      status: "scheduled",
      scheduledDate: new Date("2031-12-01T10:00:00Z"),
    });
    expect(row.sortOrder).toBe(
      Math.max(
        ...db
          .select({ s: campaigns.sortOrder })
          .from(campaigns)
          .all()
          .map((r) => r.s),
      ),
    );

    const put = await callRoute(
      collectionById.action,
      makeRequest(`/api/admin/story-collections/${row.id}`, {
        cookie: admin.cookie,
        method: "PUT",
        json: { title: "Winter tales II", scheduledDate: null },
      }),
      { id: row.id },
    );
    expect(await put.json()).toMatchObject({ title: "Winter tales II", scheduledDate: null, status: "active" });

    const off = await callRoute(
      toggle.action,
      makeRequest(`/api/admin/story-collections/${row.id}/toggle`, { cookie: admin.cookie, json: { isActive: false } }),
      { id: row.id },
    );
    expect(await off.json()).toMatchObject({ isActive: false });
    const flip = await callRoute(
      toggle.action,
      makeRequest(`/api/admin/story-collections/${row.id}/toggle`, { cookie: admin.cookie, method: "POST" }),
      { id: row.id },
    );
    expect(await flip.json()).toMatchObject({ isActive: true });

    const del = await callRoute(
      collectionById.action,
      makeRequest(`/api/admin/story-collections/${row.id}`, { cookie: admin.cookie, method: "DELETE" }),
      { id: row.id },
    );
    expect(del.status).toBe(204);
    expect(stored(row.id)).toBeUndefined();
    const again = await callRoute(
      toggle.action,
      makeRequest(`/api/admin/story-collections/${row.id}/toggle`, { cookie: admin.cookie, json: {} }),
      { id: row.id },
    );
    expect(again.status).toBe(404);
  });

  it("answers malformed bodies with a 4xx message", async () => {
    const admin = await createTestAdmin();
    const c = makeCampaign(admin.id);
    const cases: Array<[Promise<Response>, number]> = [
      [
        callRoute(
          collections.action,
          makeRequest("/api/admin/story-collections", { cookie: admin.cookie, json: { prompt: "p" } }),
        ),
        400,
      ],
      [
        callRoute(
          collections.action,
          makeRequest("/api/admin/story-collections", {
            cookie: admin.cookie,
            json: { title: "t", prompt: "p", scheduledDate: "someday" },
          }),
        ),
        400,
      ],
      [
        callRoute(
          collections.action,
          makeRequest("/api/admin/story-collections", {
            cookie: admin.cookie,
            body: "{",
            headers: { "Content-Type": "application/json" },
          }),
        ),
        400,
      ],
      [
        callRoute(
          toggle.action,
          makeRequest(`/api/admin/story-collections/${c.id}/toggle`, {
            cookie: admin.cookie,
            json: { isActive: "no" },
          }),
          { id: c.id },
        ),
        400,
      ],
      [
        callRoute(
          collectionById.action,
          makeRequest(`/api/admin/story-collections/${c.id}`, {
            cookie: admin.cookie,
            method: "PUT",
            json: { title: "" },
          }),
          { id: c.id },
        ),
        400,
      ],
      [
        callRoute(
          collectionById.action,
          makeRequest(`/api/admin/story-collections/${c.id}`, { cookie: admin.cookie, method: "PATCH", json: {} }),
          { id: c.id },
        ),
        405,
      ],
      [
        callRoute(
          reorder.action,
          makeRequest("/api/admin/story-collections/reorder", { cookie: admin.cookie, json: { collections: [] } }),
        ),
        400,
      ],
    ];
    for (const [pending, status] of cases) {
      const response = await pending;
      expect(response.status).toBe(status);
      expect(typeof ((await response.json()) as { message: unknown }).message).toBe("string");
    }
  });

  it("an admin reorders collections of any owner by id; the owners' delivery dates follow", async () => {
    const admin = await createTestAdmin();
    const owner = await createTestUser();
    saveWorkflowSettings(owner.id, scheduledFrom2030);
    const x = makeCampaign(owner.id, { title: "X", sortOrder: 1 });
    const y = makeCampaign(owner.id, { title: "Y", sortOrder: 2 });
    const other = makeCampaign(admin.id, { title: "Z" });
    const response = await callRoute(
      reorder.action,
      makeRequest("/api/admin/story-collections/reorder", {
        cookie: admin.cookie,
        json: {
          collections: [
            { id: y.id, sortOrder: 1 },
            { id: other.id, sortOrder: 2 },
            { id: x.id, sortOrder: 3 },
          ],
        },
      }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { collections: Array<{ id: string; sortOrder: number }> };
    expect(body.collections.map((c) => [c.id, c.sortOrder])).toEqual([
      [y.id, 1],
      [other.id, 2],
      [x.id, 3],
    ]);
    expect(stored(y.id)?.nextDeliveryDate).toEqual(new Date("2030-01-10T00:00:00.000Z"));
    expect(stored(x.id)?.nextDeliveryDate).toEqual(new Date("2030-01-11T00:00:00.000Z"));

    const unknown = await callRoute(
      reorder.action,
      makeRequest("/api/admin/story-collections/reorder", {
        cookie: admin.cookie,
        json: { collections: [{ id: "nope", sortOrder: 1 }] },
      }),
    );
    expect(unknown.status).toBe(404);
    const twice = await callRoute(
      reorder.action,
      makeRequest("/api/admin/story-collections/reorder", {
        cookie: admin.cookie,
        json: {
          collections: [
            { id: x.id, sortOrder: 1 },
            { id: x.id, sortOrder: 2 },
          ],
        },
      }),
    );
    expect(twice.status).toBe(400);
  });
});

describe("the page's actions", () => {
  it("New Collection, edit, toggle, move buttons, drag order and delete", async () => {
    const admin = await createTestAdmin();
    const before = allTitles().length;

    const created = await act(admin.cookie, {
      intent: "create",
      title: "Page made",
      prompt: "Share a memory",
      description: "",
    });
    expect(created.status).toBe(302);
    expect(await toastOf(created)).toMatchObject({ title: "Collection created" });
    const row = db.select().from(campaigns).where(eq(campaigns.title, "Page made")).get()!;
    expect(row.ownerId).toBe(admin.id);
    expect(allTitles()).toHaveLength(before + 1);
    expect(allTitles().at(-1)).toBe("Page made");

    const invalid = await act(admin.cookie, { intent: "create", title: "", prompt: "" });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { result: { error: Record<string, string[]> } }).result.error).toMatchObject({
      title: ["Title is required"],
      prompt: ["Prompt is required"],
    });

    await act(admin.cookie, {
      intent: "update",
      id: row.id,
      title: "Page edited",
      prompt: "New prompt",
      scheduledDate: "2032-05-01T09:30",
    });
    expect(stored(row.id)).toMatchObject({
      title: "Page edited",
      prompt: "New prompt",
      scheduledDate: new Date("2032-05-01T09:30:00Z"),
      status: "scheduled",
    });

    const toggled = await act(admin.cookie, { intent: "toggle", id: row.id });
    expect(await toastOf(toggled)).toMatchObject({ title: "Collection deactivated" });
    expect(stored(row.id)?.isActive).toBe(false);

    const up = await act(admin.cookie, { intent: "move", id: row.id, direction: "up" });
    expect(await toastOf(up)).toMatchObject({ title: "Collections reordered" });
    expect(allTitles().at(-2)).toBe("Page edited");
    await act(admin.cookie, { intent: "move", id: row.id, direction: "down" });
    expect(allTitles().at(-1)).toBe("Page edited");
    expect((await act(admin.cookie, { intent: "move", id: "missing", direction: "up" })).status).toBe(404);

    const first = await loadPage(admin.cookie);
    const ids = first.rows.map((r) => r.id);
    const reversed = [...ids].reverse();
    const dragged = await act(admin.cookie, { intent: "reorder", page: "1", ids: reversed });
    expect(dragged.status).toBe(200);
    expect((await loadPage(admin.cookie)).rows.map((r) => r.id)).toEqual(reversed);
    const wrong = await act(admin.cookie, { intent: "reorder", page: "1", ids: reversed.slice(1) });
    expect(wrong.status).toBe(400);

    const deleted = await act(admin.cookie, { intent: "delete", id: row.id });
    expect(await toastOf(deleted)).toMatchObject({ title: "Collection deleted" });
    expect(stored(row.id)).toBeUndefined();
    expect((await act(admin.cookie, { intent: "delete", id: row.id })).status).toBe(404);
  });

  it("opens dialogs from the URL; an unknown id is 404", async () => {
    const admin = await createTestAdmin();
    const c = makeCampaign(admin.id, { title: "Dialog me" });
    const edit = (await (
      await callRoute(
        page.loader,
        makeRequest(`/admin/story-collections?dialog=edit&id=${c.id}`, { cookie: admin.cookie }),
      )
    ).json()) as { dialog: string; selected: { title: string } };
    expect(edit).toMatchObject({ dialog: "edit", selected: { title: "Dialog me" } });
    const missing = await callRoute(
      page.loader,
      makeRequest("/admin/story-collections?dialog=delete&id=nope", { cookie: admin.cookie }),
    );
    expect(missing.status).toBe(404);
    const text = await callRoute(
      page.action,
      makeRequest("/admin/story-collections", {
        cookie: admin.cookie,
        body: "intent=create",
        headers: { "Content-Type": "text/plain" },
      }),
    );
    expect(text.status).toBe(415);
  });
});

describe("Create New → Story Collection", () => {
  it("creates the campaign with one invitation per line and leads to /admin/story-collections", async () => {
    const admin = await createTestAdmin();
    const response = await callRoute(
      createPage.action,
      makeRequest("/admin/create", {
        cookie: admin.cookie,
        form: {
          intent: "collection",
          title: "Family recipes",
          prompt: "Which dish?",
          emails: " gran@example.com \n\n uncle@example.com\r\nGran@example.com ",
        },
      }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/story-collections");
    const row = db.select().from(campaigns).where(eq(campaigns.title, "Family recipes")).get()!;
    expect(row.ownerId).toBe(admin.id);
    const invited = db
      .select({ email: invitations.email })
      .from(invitations)
      .where(eq(invitations.campaignId, row.id))
      .all()
      .map((r) => r.email);
    expect(invited.sort()).toEqual(["gran@example.com", "uncle@example.com"]);
  });

  it("a failed submit answers the typed recipients back (the count is shown from them)", async () => {
    const admin = await createTestAdmin();
    const response = await callRoute(
      createPage.action,
      makeRequest("/admin/create", {
        cookie: admin.cookie,
        form: { intent: "collection", title: "", prompt: "p", emails: "a@example.com\nb@example.com\n" },
      }),
    );
    expect(response.status).toBe(400);
    const reply = (await response.json()) as {
      tab: string;
      result: { initialValue: { emails: string }; error: Record<string, string[]> };
    };
    expect(reply.tab).toBe("collection");
    expect(reply.result.initialValue.emails).toBe("a@example.com\nb@example.com\n");
    expect(reply.result.error.title).toEqual(["Title is required"]);

    const none = await callRoute(
      createPage.action,
      makeRequest("/admin/create", {
        cookie: admin.cookie,
        form: { intent: "collection", title: "t", prompt: "p", emails: "  \n " },
      }),
    );
    expect(((await none.json()) as { result: { error: Record<string, string[]> } }).result.error.emails).toEqual([
      "At least one email is required",
    ]);
    const bad = await callRoute(
      createPage.action,
      makeRequest("/admin/create", {
        cookie: admin.cookie,
        form: { intent: "collection", title: "t", prompt: "p", emails: "not-an-email" },
      }),
    );
    expect(bad.status).toBe(400);
  });
});
