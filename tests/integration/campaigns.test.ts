import { activities, contacts } from "#db/schema";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { SESSION_ID_KEY } from "~/features/account/auth.server";
import { campaignMessages } from "~/features/collections/messages";
import { db } from "~/lib/db.server";
import type { Mailbox } from "~/lib/email-address";
import { adminSessionStorage, toastSessionStorage } from "~/lib/session.server";
import { randomToken } from "~/lib/tokens.server";
import { createCampaign, listCampaignsWithInvites } from "~/models/campaign.server";
import { markDeliveryProblem } from "~/models/delivery-problem.server";
import { createSession } from "~/models/session.server";
import { action as listAction, loader as listLoader } from "~/routes/_app+/campaigns._index";
import { action as createAction, loader as createLoader } from "~/routes/_app+/create-story-collection";
import { action as apiAction, loader as apiLoader } from "~/routes/api+/campaigns+/_layout";
import { loader as recipientsLoader } from "~/routes/resources+/collection-recipients";

import { callRoute, createTestUser, makeRequest } from "../utils/auth";
import { addContribution, campaignsOf, createGroupWithContacts, invitationsOf } from "../utils/campaign-helpers";

// Lets one test make two invitations collide on their token, to prove the create is one transaction.
vi.mock("~/lib/tokens.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/lib/tokens.server")>();
  return { ...real, randomToken: vi.fn(real.randomToken) };
});

const m = campaignMessages;

async function toastOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__toast="));
  if (!cookie) return undefined;
  const session = await toastSessionStorage().getSession(cookie.split(";")[0]);
  return session.get("toast") as { title: string; description?: string; variant: string } | undefined;
}

type CreateState = {
  result: { status?: string; initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> };
  recipients: Mailbox[];
};
const box = (email: string, name: string | null = null): Mailbox => ({ name, email });

function postCreate(cookie: string, form: Record<string, string | string[]>) {
  return callRoute(createAction, makeRequest("/create-story-collection", { method: "POST", cookie, form }));
}

describe("createCampaign", () => {
  it("writes the campaign, one pending invitation per unique lower-cased e-mail and an activity", async () => {
    const user = await createTestUser();
    const campaign = createCampaign(user.id, {
      title: "Summers at the Lake",
      description: "",
      prompt: "What do you remember of the lake?",
      inviteEmails: ["Ann@Example.com", "ann@example.com", " bob@example.com ", "", "ANN@EXAMPLE.COM"],
    });
    expect(campaign.status).toBe("active");
    expect(campaign.description).toBeNull();
    expect(campaign.inviteEmails).toEqual(["ann@example.com", "bob@example.com"]);
    expect(campaign.invitedCount).toBe(2);
    expect(campaign.publicId).toMatch(/^[\w-]{20,}$/);
    expect(campaign.publicId).not.toBe(campaign.id);

    const rows = invitationsOf(campaign.id);
    expect(rows.map((r) => r.email).sort()).toEqual(["ann@example.com", "bob@example.com"]);
    expect(rows.every((r) => r.status === "pending" && r.sentAt === null)).toBe(true);
    expect(new Set(rows.map((r) => r.token)).size).toBe(2);
    expect(rows.every((r) => r.token.length >= 40)).toBe(true);

    const activity = db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, user.id), eq(activities.type, "campaign_created")))
      .all();
    expect(activity).toHaveLength(1);
    expect(activity[0]!.details).toContain("Summers at the Lake");
  });

  it("is 'scheduled' for a future send date and 'active' for none or a past one", async () => {
    const user = await createTestUser();
    const now = new Date("2030-06-01T12:00:00Z");
    const base = { title: "T", prompt: "A prompt for all", inviteEmails: ["a@x.com"] };
    const future = createCampaign(user.id, { ...base, scheduledDate: new Date("2030-06-02T09:00:00Z") }, now);
    expect(future.status).toBe("scheduled");
    expect(future.scheduledDate?.toISOString()).toBe("2030-06-02T09:00:00.000Z");
    expect(createCampaign(user.id, { ...base, scheduledDate: new Date("2030-05-01T09:00:00Z") }, now).status).toBe(
      "active",
    );
    expect(createCampaign(user.id, { ...base, scheduledDate: null }, now).status).toBe("active");
  });

  it("gives each new campaign the owner's next sortOrder, independently per owner", async () => {
    const a = await createTestUser();
    const b = await createTestUser();
    const base = { title: "T", prompt: "A prompt for all", inviteEmails: ["a@x.com"] };
    expect(createCampaign(a.id, base).sortOrder).toBe(1);
    expect(createCampaign(a.id, base).sortOrder).toBe(2);
    expect(createCampaign(b.id, base).sortOrder).toBe(1);
    expect(createCampaign(a.id, base).sortOrder).toBe(3);
  });

  it("leaves nothing behind when an invitation cannot be written", async () => {
    const user = await createTestUser();
    vi.mocked(randomToken).mockReturnValue("the-same-token-twice");
    try {
      expect(() =>
        createCampaign(user.id, { title: "Broken", prompt: "A prompt for all", inviteEmails: ["a@x.com", "b@x.com"] }),
      ).toThrow();
    } finally {
      vi.mocked(randomToken).mockReset();
    }
    expect(campaignsOf(user.id)).toHaveLength(0);
    // Only the sign-up activity of the user remains: nothing of the failed campaign.
    const left = db.select().from(activities).where(eq(activities.userId, user.id)).all();
    expect(left.map((a) => a.type)).toEqual(["user_registered"]);
  });

  it("lists the invited e-mails per campaign, in the order they were added", async () => {
    const user = await createTestUser();
    const campaign = createCampaign(user.id, {
      title: "T",
      prompt: "A prompt for all",
      inviteEmails: ["c@x.com", "a@x.com", "b@x.com"],
    });
    addContribution(campaign.id);
    const [listed] = listCampaignsWithInvites(user.id);
    expect(listed).toMatchObject({
      id: campaign.id,
      inviteEmails: ["c@x.com", "a@x.com", "b@x.com"],
      invitedCount: 3,
      contributionCount: 1,
    });
  });
});

describe("/create-story-collection", () => {
  it("sends a signed-out visitor to /login", async () => {
    const response = await callRoute(createLoader, makeRequest("/create-story-collection"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("loads only the user's own contact groups", async () => {
    const a = await createTestUser();
    const b = await createTestUser();
    const mine = createGroupWithContacts(a.id, ["x@x.com"], "Cousins");
    createGroupWithContacts(b.id, ["y@x.com"], "Not yours");
    const response = await callRoute(createLoader, makeRequest("/create-story-collection", { cookie: a.cookie }));
    const body = (await response.json()) as { groups: unknown; constraint: Record<string, unknown> };
    expect(body.groups).toEqual([{ id: mine.id, name: "Cousins", isDefault: false }]);
    // The form's constraints come with the page (decision 0183), not the other family's groups.
    expect(body.constraint).toHaveProperty("title");
  });

  it("add-emails splits the typed entries, skips existing ones and keeps the other fields", async () => {
    const user = await createTestUser();
    const response = await postCreate(user.cookie, {
      intent: "add-emails",
      title: "Kept title",
      prompt: "Kept prompt",
      emailInput: "NEW@x.com, old@x.com new@X.com; Aunt Rosa <aunt.rosa@example.com>",
      recipients: ["Old@x.com"],
    });
    expect(response.status).toBe(200);
    const state = (await response.json()) as CreateState;
    expect(state.recipients).toEqual([box("old@x.com"), box("new@x.com"), box("aunt.rosa@example.com", "Aunt Rosa")]);
    expect(state.result.initialValue).toMatchObject({ title: "Kept title", prompt: "Kept prompt" });
    expect(state.result.initialValue).not.toHaveProperty("emailInput");
    expect(state.result.error).toBeUndefined();
  });

  it("add-emails keeps what is not an address in the field with a message, and adds the rest", async () => {
    const user = await createTestUser();
    const response = await postCreate(user.cookie, {
      intent: "add-emails",
      emailInput: "ann@x.com grandma, b@",
      recipients: ["Aunt Rosa <rosa@x.com>"],
    });
    expect(response.status).toBe(400);
    const state = (await response.json()) as CreateState;
    expect(state.recipients).toEqual([box("rosa@x.com", "Aunt Rosa"), box("ann@x.com")]);
    expect(state.result.initialValue).toMatchObject({ emailInput: "grandma, b@" });
    expect(state.result.error?.emailInput).toEqual(['Please enter a valid email address: "grandma", "b@" are not.']);
  });

  it("add-group adds the group's contacts once; an empty choice changes nothing", async () => {
    const user = await createTestUser();
    const group = createGroupWithContacts(user.id, ["aunt@x.com", "uncle@x.com"]);
    const added = await postCreate(user.cookie, {
      intent: "add-group",
      groupId: group.id,
      recipients: ["Aunt@x.com", "me@x.com"],
      title: "T",
    });
    expect(added.status).toBe(200);
    const state = (await added.json()) as CreateState;
    expect(state.recipients).toEqual([box("aunt@x.com"), box("me@x.com"), box("uncle@x.com")]);
    expect(state.result.initialValue).toMatchObject({ title: "T", groupId: group.id });

    const none = await postCreate(user.cookie, { intent: "add-group", groupId: "", recipients: ["me@x.com"] });
    expect(((await none.json()) as CreateState).recipients).toEqual([box("me@x.com")]);
  });

  it("add-group with another user's group (or a missing one) answers 404", async () => {
    const a = await createTestUser();
    const b = await createTestUser();
    const group = createGroupWithContacts(a.id, ["secret@x.com"]);
    expect((await postCreate(b.cookie, { intent: "add-group", groupId: group.id })).status).toBe(404);
    expect((await postCreate(b.cookie, { intent: "add-group", groupId: "no-such-group" })).status).toBe(404);
  });

  it("with JavaScript the list steps are a GET: typed addresses with why some won't be e-mailed, a group's contacts, 404 for someone else's group", async () => {
    // A GET leaves the page's loaders alone; a fetcher POST reloaded root's and could take the toast (decision 0164).
    const a = await createTestUser();
    const b = await createTestUser();
    markDeliveryProblem(a.id, "spam@x.com", { kind: "undeliverable", reason: "Marked as spam.", at: new Date() });
    const check = (cookie: string, query: string) =>
      callRoute(recipientsLoader, makeRequest(`/resources/collection-recipients?${query}`, { cookie }));
    const typed = await check(a.cookie, "recipients=Spam%40x.com+ok%40x.com&recipients=no-at-sign");
    expect(typed.status).toBe(200);
    expect(await typed.json()).toEqual({
      recipients: [box("spam@x.com"), box("ok@x.com")],
      blocked: { "spam@x.com": "Marked as spam." },
    });

    const group = createGroupWithContacts(a.id, ["aunt@x.com", "spam@x.com"]);
    expect(await (await check(a.cookie, `groupId=${group.id}`)).json()).toEqual({
      recipients: [box("aunt@x.com"), box("spam@x.com")],
      blocked: { "spam@x.com": "Marked as spam." },
    });
    expect((await check(b.cookie, `groupId=${group.id}`)).status).toBe(404);
    expect((await check(b.cookie, "recipients=spam%40x.com")).status).toBe(200);
    expect(await (await check(b.cookie, "recipients=spam%40x.com")).json()).toEqual({
      recipients: [box("spam@x.com")],
      blocked: {},
    });
    const signedOut = await check("", "recipients=spam%40x.com");
    expect(signedOut.status).toBe(302);
  });

  it("remove-recipient:<email> removes that chip, whatever its case", async () => {
    const user = await createTestUser();
    const response = await postCreate(user.cookie, {
      intent: "remove-recipient:B@x.com",
      recipients: ["a@x.com", "b@x.com", "c@x.com"],
      emailInput: "typed@x.com",
    });
    expect(response.status).toBe(200);
    const state = (await response.json()) as CreateState;
    expect(state.recipients).toEqual([box("a@x.com"), box("c@x.com")]);
    // A typed entry not yet added stays in the field.
    expect(state.result.initialValue).toMatchObject({ emailInput: "typed@x.com" });
  });

  it("create without recipients answers 'No Recipients' and keeps the fields", async () => {
    const user = await createTestUser();
    const response = await postCreate(user.cookie, { intent: "create", title: "Lake", prompt: "Tell us" });
    expect(response.status).toBe(400);
    const state = (await response.json()) as CreateState;
    expect(state.result.error?.recipients).toEqual([m.noRecipients.description]);
    expect(state.result.initialValue).toMatchObject({ title: "Lake", prompt: "Tell us" });
    expect(campaignsOf(user.id)).toHaveLength(0);
  });

  it("create requires a title and a prompt", async () => {
    const user = await createTestUser();
    const response = await postCreate(user.cookie, {
      intent: "create",
      title: "   ",
      prompt: "",
      recipients: ["a@x.com"],
    });
    expect(response.status).toBe(400);
    const { result } = (await response.json()) as CreateState;
    expect(result.error?.title).toEqual([m.validation.titleRequired]);
    expect(result.error?.prompt).toEqual([m.validation.promptDetailed]);
    expect(result.error?.recipients).toBeUndefined();

    const long = await postCreate(user.cookie, {
      intent: "create",
      title: "x".repeat(201),
      prompt: "too short",
      recipients: ["a@x.com"],
    });
    const { error } = ((await long.json()) as CreateState).result;
    expect(error?.title).toEqual([m.validation.titleTooLong]);
    // One form, one rule: the full page asks for the inline form's 10 characters too.
    expect(error?.prompt).toEqual([m.validation.promptDetailed]);
  });

  it("create writes the collection and redirects to /campaigns with the success toast", async () => {
    const user = await createTestUser();
    const response = await postCreate(user.cookie, {
      intent: "create",
      title: "Summers at the Lake",
      description: "Our family place",
      prompt: "What do you remember?",
      scheduledDate: "",
      recipients: ["Ann@x.com", "bob@x.com", "ann@x.com"],
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/campaigns");
    expect(await toastOf(response)).toMatchObject(m.created("Summers at the Lake", 2));
    const [campaign] = campaignsOf(user.id);
    expect(campaign).toMatchObject({
      title: "Summers at the Lake",
      description: "Our family place",
      status: "active",
      scheduledDate: null,
    });
    expect(
      invitationsOf(campaign!.id)
        .map((i) => i.email)
        .sort(),
    ).toEqual(["ann@x.com", "bob@x.com"]);
  });

  it("create with a future local date stores the instant the browser meant", async () => {
    const user = await createTestUser();
    const response = await postCreate(user.cookie, {
      intent: "create",
      title: "Later",
      prompt: "Tell us later",
      scheduledDate: "2035-03-01T09:30",
      timezoneOffset: "-60",
      recipients: ["a@x.com"],
    });
    expect(response.status).toBe(302);
    const [campaign] = campaignsOf(user.id);
    expect(campaign!.status).toBe("scheduled");
    expect(campaign!.scheduledDate?.toISOString()).toBe("2035-03-01T08:30:00.000Z");
  });

  it("refuses an unreadable date and an unknown intent", async () => {
    const user = await createTestUser();
    const bad = await postCreate(user.cookie, {
      intent: "create",
      title: "T",
      prompt: "Tell us all",
      scheduledDate: "2030-02-31T10:00",
      recipients: ["a@x.com"],
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as CreateState).result.error?.scheduledDate).toEqual([
      m.validation.scheduledDateInvalid,
    ]);
    expect((await postCreate(user.cookie, { intent: "explode" })).status).toBe(400);
  });

  it("a signed-out post goes to /login and writes nothing", async () => {
    const response = await callRoute(
      createAction,
      makeRequest("/create-story-collection", {
        method: "POST",
        form: { intent: "create", title: "T", prompt: "P", recipients: "a@x.com" },
      }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
  });
});

describe("/campaigns", () => {
  function postInline(cookie: string, form: Record<string, string | string[]>) {
    return callRoute(listAction, makeRequest("/campaigns?index", { method: "POST", cookie, form }));
  }

  it("lists only the user's own campaigns with their counts", async () => {
    const a = await createTestUser();
    const b = await createTestUser();
    const mine = createCampaign(a.id, {
      title: "Mine",
      prompt: "A prompt for all",
      inviteEmails: ["a@x.com", "b@x.com"],
    });
    addContribution(mine.id);
    createCampaign(b.id, { title: "Theirs", prompt: "A prompt for all", inviteEmails: ["c@x.com"] });
    const response = await callRoute(listLoader, makeRequest("/campaigns", { cookie: a.cookie }));
    const { campaigns } = (await response.json()) as { campaigns: Array<Record<string, unknown>> };
    expect(campaigns).toHaveLength(1);
    expect(campaigns[0]).toMatchObject({
      id: mine.id,
      title: "Mine",
      status: "active",
      invitedCount: 2,
      contributionCount: 1,
    });
    expect(campaigns[0]).not.toHaveProperty("publicId");
  });

  it("offers the owner's contact groups to the inline form", async () => {
    const user = await createTestUser();
    const group = createGroupWithContacts(user.id, ["x@x.com"], "Cousins");
    const response = await callRoute(listLoader, makeRequest("/campaigns", { cookie: user.cookie }));
    expect(((await response.json()) as { groups: unknown[] }).groups).toEqual([
      { id: group.id, name: "Cousins", isDefault: false },
    ]);
  });

  it("the inline form is the same form: the same steps, messages and rules as the full page", async () => {
    const user = await createTestUser();
    const group = createGroupWithContacts(user.id, ["aunt@x.com"]);
    const added = await postInline(user.cookie, {
      intent: "add-emails",
      title: "Kept",
      emailInput: "ann@x.com, grandma",
    });
    expect(added.status).toBe(400);
    const addedState = (await added.json()) as CreateState;
    expect(addedState.recipients).toEqual([box("ann@x.com")]);
    expect(addedState.result.error?.emailInput).toEqual(['Please enter a valid email address: "grandma" is not one.']);
    const withGroup = await postInline(user.cookie, {
      intent: "add-group",
      groupId: group.id,
      recipients: "ann@x.com",
    });
    expect(((await withGroup.json()) as CreateState).recipients).toEqual([box("ann@x.com"), box("aunt@x.com")]);

    const empty = await postInline(user.cookie, { intent: "create" });
    expect(empty.status).toBe(400);
    const e = ((await empty.json()) as CreateState).result.error!;
    expect(e.title).toEqual([m.validation.titleRequired]);
    expect(e.prompt).toEqual([m.validation.promptDetailed]);
    expect(e.recipients).toEqual([m.noRecipients.description]);

    const bad = await postInline(user.cookie, {
      intent: "create",
      title: "x".repeat(201),
      prompt: "too short",
      recipients: "ann@x.com",
    });
    const b = ((await bad.json()) as CreateState).result.error!;
    expect(b.title).toEqual([m.validation.titleTooLong]);
    expect(b.prompt).toEqual([m.validation.promptDetailed]);
    expect(campaignsOf(user.id)).toHaveLength(0);
  });

  it("the inline form creates, scheduled date included, and redirects with a toast", async () => {
    const user = await createTestUser();
    const response = await postInline(user.cookie, {
      intent: "create",
      title: "  Holidays  ",
      prompt: "Tell us about the holidays",
      scheduledDate: "2035-12-24T18:00",
      timezoneOffset: "0",
      recipients: ["Ann@x.com", "bob@x.com", "ann@x.com"],
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/campaigns");
    expect(await toastOf(response)).toMatchObject(m.created("Holidays", 2));
    const [campaign] = campaignsOf(user.id);
    expect(campaign).toMatchObject({ title: "Holidays", status: "scheduled" });
    expect(campaign!.scheduledDate?.toISOString()).toBe("2035-12-24T18:00:00.000Z");
    expect(
      invitationsOf(campaign!.id)
        .map((i) => i.email)
        .sort(),
    ).toEqual(["ann@x.com", "bob@x.com"]);
  });
});

describe("/api/campaigns", () => {
  const apiPost = (
    cookie: string | undefined,
    init: { json?: unknown; body?: BodyInit; headers?: Record<string, string> },
  ) => callRoute(apiAction, makeRequest("/api/campaigns", { method: "POST", cookie, ...init }));
  const valid = {
    title: "From the API",
    description: "d",
    prompt: "Tell us everything",
    inviteEmails: ["One@x.com", "two@x.com", "one@x.com"],
  };

  it("answers 401 JSON without a session", async () => {
    const get = await callRoute(apiLoader, makeRequest("/api/campaigns"));
    expect(get.status).toBe(401);
    expect(await get.json()).toEqual({ message: "Unauthorized" });
    expect((await apiPost(undefined, { json: valid })).status).toBe(401);
  });

  it("POST creates and answers 201 with the campaign; GET lists only the caller's own", async () => {
    const a = await createTestUser();
    const b = await createTestUser();
    const created = await apiPost(a.cookie, { json: { ...valid, scheduledDate: "2035-01-01T10:00:00Z" } });
    expect(created.status).toBe(201);
    const body = (await created.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      title: "From the API",
      status: "scheduled",
      inviteEmails: ["one@x.com", "two@x.com"],
      invitedCount: 2,
      contributionCount: 0,
    });
    expect(body.scheduledDate).toBe("2035-01-01T10:00:00.000Z");

    const listA = (await (
      await callRoute(apiLoader, makeRequest("/api/campaigns", { cookie: a.cookie }))
    ).json()) as Array<Record<string, unknown>>;
    expect(listA).toHaveLength(1);
    expect(listA[0]).toMatchObject({
      id: body.id,
      inviteEmails: ["one@x.com", "two@x.com"],
      invitedCount: 2,
      contributionCount: 0,
    });
    const listB = (await (
      await callRoute(apiLoader, makeRequest("/api/campaigns", { cookie: b.cookie }))
    ).json()) as unknown[];
    expect(listB).toEqual([]);
  });

  it("names each invitee beside the address: the owner's contact name, else the name typed with it", async () => {
    const owner = await createTestUser();
    db.insert(contacts).values({ ownerId: owner.id, email: "cy@x.com", preferredName: "Cousin Cy" }).run();
    const created = await apiPost(owner.cookie, {
      json: { ...valid, inviteEmails: ["Aunt Rosa <rosa@x.com>", "bo@x.com", "Cy <cy@x.com>"] },
    });
    const invitees = [
      { email: "rosa@x.com", name: "Aunt Rosa" },
      { email: "bo@x.com", name: null },
      { email: "cy@x.com", name: "Cousin Cy" },
    ];
    expect(await created.json()).toMatchObject({ inviteEmails: ["rosa@x.com", "bo@x.com", "cy@x.com"], invitees });
    const [listed] = (await (
      await callRoute(apiLoader, makeRequest("/api/campaigns", { cookie: owner.cookie }))
    ).json()) as Array<Record<string, unknown>>;
    expect(listed).toMatchObject({ inviteEmails: ["rosa@x.com", "bo@x.com", "cy@x.com"], invitees });
  });

  it("accepts the admin Create tab's `emails`, also from an admin session", async () => {
    const admin = await createTestUser({ role: "admin" });
    const dbSession = createSession(admin.id, "admin");
    const session = await adminSessionStorage().getSession();
    session.set(SESSION_ID_KEY, dbSession.id);
    const adminCookie = (await adminSessionStorage().commitSession(session)).split(";")[0]!;
    const response = await apiPost(adminCookie, {
      json: { title: "Admin made", prompt: "Tell us", emails: ["x@x.com", "y@x.com"], scheduledDate: null },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      ownerId: admin.id,
      inviteEmails: ["x@x.com", "y@x.com"],
      status: "active",
    });
  });

  it("answers 'No Recipients' for an empty list", async () => {
    const user = await createTestUser();
    for (const json of [
      { ...valid, inviteEmails: [] },
      { ...valid, inviteEmails: ["  ", ""] },
      { title: "T", prompt: "P" },
    ]) {
      const response = await apiPost(user.cookie, { json });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: m.noRecipients.description, title: m.noRecipients.title });
    }
    expect(campaignsOf(user.id)).toHaveLength(0);
  });

  it("validates title and prompt with the form messages", async () => {
    const user = await createTestUser();
    const noTitle = await apiPost(user.cookie, { json: { ...valid, title: " " } });
    expect(noTitle.status).toBe(400);
    expect(((await noTitle.json()) as { message: string }).message).toBe(m.validation.titleRequired);
    const long = await apiPost(user.cookie, { json: { ...valid, title: "x".repeat(201) } });
    expect(((await long.json()) as { message: string }).message).toBe(m.validation.titleTooLong);
    const noPrompt = await apiPost(user.cookie, { json: { ...valid, prompt: undefined } });
    expect(((await noPrompt.json()) as { message: string }).message).toBe(m.validation.promptDetailed);
  });

  it("answers malformed bodies with a 4xx and a message, never a 500", async () => {
    const user = await createTestUser();
    const json = { "Content-Type": "application/json" };
    const cases: Array<{ body?: BodyInit; json?: unknown; headers?: Record<string, string> }> = [
      { body: "{not json", headers: json },
      { body: "[]", headers: json },
      { body: "null", headers: json },
      { body: '"a string"', headers: json },
      { body: "42", headers: json },
      { json: { ...valid, title: 5 } },
      { json: { ...valid, inviteEmails: 5 } },
      { json: { ...valid, inviteEmails: [1, 2] } },
      { json: { ...valid, inviteEmails: [null] } },
      { json: { ...valid, emails: { a: 1 } } },
      { json: { ...valid, description: ["x"] } },
      { json: { ...valid, scheduledDate: "not a date" } },
      { json: { ...valid, scheduledDate: 12 } },
      { body: "title=x", headers: { "Content-Type": "text/plain" } },
      { body: "x", headers: { ...json, "Content-Length": "5000000" } },
    ];
    for (const c of cases) {
      const response = await apiPost(user.cookie, c);
      expect(response.status, JSON.stringify(c)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(c)).toBeLessThan(500);
      expect(typeof ((await response.json()) as { message?: unknown }).message).toBe("string");
    }
    expect(campaignsOf(user.id)).toHaveLength(0);
  });

  it("accepts a form post (emails as repeated fields) and refuses other methods", async () => {
    const user = await createTestUser();
    const form = await callRoute(
      apiAction,
      makeRequest("/api/campaigns", {
        method: "POST",
        cookie: user.cookie,
        form: { title: "Form", prompt: "Tell us", inviteEmails: ["a@x.com", "b@x.com"] },
      }),
    );
    expect(form.status).toBe(201);
    expect(((await form.json()) as { inviteEmails: string[] }).inviteEmails).toEqual(["a@x.com", "b@x.com"]);
    const put = await callRoute(
      apiAction,
      makeRequest("/api/campaigns", { method: "PUT", cookie: user.cookie, json: valid }),
    );
    expect(put.status).toBe(405);
    expect(campaignsOf(user.id)).toHaveLength(1);
  });
});
