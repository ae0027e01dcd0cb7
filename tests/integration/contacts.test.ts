// Contacts and contact groups: the models, the /contacts page's loader and action, and the JSON calls.
import { describe, expect, test } from "vitest";

import {
  createContact,
  deleteContact,
  getOwnedContact,
  listContacts,
  updateContact,
} from "~/features/contacts/contacts.server";
import { getToast } from "~/lib/toast.server";
import {
  addContactToGroup,
  createContactGroup,
  getOwnedContactGroup,
  listContactGroups,
  listGroupContactIds,
  listGroupContacts,
  removeContactFromGroup,
  setGroupContacts,
  updateContactGroup,
} from "~/models/contact-group.server";
import * as contactsPage from "~/routes/_app+/contacts";
import * as apiGroups from "~/routes/api+/user+/contact-groups";
import * as apiGroup from "~/routes/api+/user+/contact-groups.$groupId";
import * as apiGroupContacts from "~/routes/api+/user+/contact-groups.$groupId.contacts";
import * as apiGroupContact from "~/routes/api+/user+/contact-groups.$groupId.contacts.$contactId";
import * as apiContacts from "~/routes/api+/user+/contacts";
import * as apiContact from "~/routes/api+/user+/contacts.$contactId";

import { callRoute, createTestUser, makeRequest, type TestUser } from "../utils/auth";

let n = 0;
const uniqueEmail = (name = "relative") => `${name}.${++n}.${Date.now()}@example.com`;

function newContact(owner: { id: string }, overrides: Partial<Parameters<typeof createContact>[1]> = {}) {
  const result = createContact(owner.id, { email: uniqueEmail(), ...overrides });
  if (!result.ok) throw new Error("fixture contact not created");
  return result.contact;
}
function newGroup(owner: { id: string }, overrides: Partial<Parameters<typeof createContactGroup>[1]> = {}) {
  const result = createContactGroup(owner.id, { name: `Group ${++n}`, ...overrides });
  if (!result.ok) throw new Error("fixture group not created");
  return result.group;
}

/** The toast a response sets for the next page. */
async function toastOf(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return (await getToast(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toast;
}

type Reply = { intent?: string; result?: { error?: Record<string, string[] | null> } };
const errorsOf = async (response: Response) => ((await response.json()) as Reply).result?.error ?? {};

const page = {
  load: (user: TestUser, search = "") =>
    callRoute(contactsPage.loader, makeRequest(`/contacts${search}`, { cookie: user.cookie })),
  post: (user: TestUser, form: Record<string, string | string[]>, search = "") =>
    callRoute(contactsPage.action, makeRequest(`/contacts${search}`, { cookie: user.cookie, form })),
};

const api = (
  route: { loader?: (args: never) => unknown; action?: (args: never) => unknown },
  user: TestUser | undefined,
  path: string,
  params: Record<string, string> = {},
  init: { method?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {},
) => {
  const method = init.method ?? "GET";
  const fn = (method === "GET" ? route.loader : route.action) as Parameters<typeof callRoute>[0];
  return callRoute(
    fn,
    makeRequest(path, { method, cookie: user?.cookie, json: init.json, body: init.body, headers: init.headers }),
    params,
  );
};

// ── models ──────────────────────────────────────────────────────────────────

describe("contact model", () => {
  test("create trims and lower-cases the e-mail, parses a name, cleans the tags", async () => {
    const owner = await createTestUser();
    const result = createContact(owner.id, {
      email: "  Robert.Whitfield@Example.COM ",
      preferredName: "  Uncle Robert ",
      notes: "   ",
      tags: [" family ", "", "Family", "elders", "  "],
      isAdmin: true,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.contact).toMatchObject({
      email: "robert.whitfield@example.com",
      parsedName: "Robert Whitfield",
      preferredName: "Uncle Robert",
      notes: null,
      tags: ["family", "elders"],
      isAdmin: true,
    });
  });

  test("an e-mail is unique per owner, whatever its case; another owner may use it", async () => {
    const [a, b] = [await createTestUser(), await createTestUser()];
    const email = uniqueEmail();
    expect(createContact(a.id, { email }).ok).toBe(true);
    expect(createContact(a.id, { email: ` ${email.toUpperCase()} ` })).toEqual({ ok: false, error: "duplicate-email" });
    expect(createContact(b.id, { email }).ok).toBe(true);
  });

  test("update changes only the given fields; null clears; a taken e-mail is refused; foreign ids are undefined", async () => {
    const [owner, other] = [await createTestUser(), await createTestUser()];
    const contact = newContact(owner, { preferredName: "Ben", notes: "Keep", tags: ["x"] });
    const taken = newContact(owner);
    const updated = updateContact(owner.id, contact.id, { preferredName: null, tags: ["a", " a ", "b"] });
    expect(updated?.ok && updated.contact).toMatchObject({
      preferredName: null,
      notes: "Keep",
      tags: ["a", "b"],
      email: contact.email,
    });
    const renamed = updateContact(owner.id, contact.id, { email: "Lily.Porter@example.com" });
    expect(renamed?.ok && renamed.contact).toMatchObject({
      email: "lily.porter@example.com",
      parsedName: "Lily Porter",
    });
    expect(updateContact(owner.id, contact.id, { email: taken.email.toUpperCase() })).toEqual({
      ok: false,
      error: "duplicate-email",
    });
    // Saving a contact with its own e-mail is not a duplicate.
    expect(updateContact(owner.id, contact.id, { email: "lily.porter@example.com" })?.ok).toBe(true);
    expect(updateContact(other.id, contact.id, { notes: "hijack" })).toBeUndefined();
    expect(getOwnedContact(owner.id, contact.id)?.notes).toBe("Keep");
  });

  test("delete removes the contact and its memberships, only for its owner", async () => {
    const [owner, other] = [await createTestUser(), await createTestUser()];
    const contact = newContact(owner);
    const group = newGroup(owner, { contactIds: [contact.id] });
    expect(deleteContact(other.id, contact.id)).toBe(false);
    expect(deleteContact(owner.id, contact.id)).toBe(true);
    expect(listGroupContactIds(group.id)).toEqual([]);
  });

  test("search matches e-mail, names, notes and tags; paging counts every match", async () => {
    const owner = await createTestUser();
    newContact(owner, { email: uniqueEmail("june"), notes: "has the photo albums" });
    newContact(owner, { preferredName: "Aunt June" });
    newContact(owner, { tags: ["june-reunion"] });
    newContact(owner, { preferredName: "100% cousin" });
    newContact(owner);
    expect(listContacts(owner.id, { q: "june" }).total).toBe(3);
    expect(listContacts(owner.id, { q: "ALBUMS" }).contacts).toHaveLength(1);
    // Wildcards are literal.
    expect(listContacts(owner.id, { q: "%" }).contacts).toHaveLength(1);
    const firstPage = listContacts(owner.id, { limit: 2, offset: 0 });
    expect(firstPage).toMatchObject({ total: 5 });
    expect(firstPage.contacts).toHaveLength(2);
    expect(listContacts(owner.id, { limit: 2, offset: 4 }).contacts).toHaveLength(1);
  });
});

describe("contact group model", () => {
  test("an owner has a single default group; other owners are untouched", async () => {
    const [owner, other] = [await createTestUser(), await createTestUser()];
    const othersDefault = newGroup(other, { isDefault: true });
    const first = newGroup(owner, { isDefault: true });
    const second = newGroup(owner, { isDefault: true });
    const defaults = () =>
      listContactGroups(owner.id)
        .filter((g) => g.isDefault)
        .map((g) => g.id);
    expect(defaults()).toEqual([second.id]);
    updateContactGroup(owner.id, first.id, { isDefault: true });
    expect(defaults()).toEqual([first.id]);
    updateContactGroup(owner.id, first.id, { isDefault: false });
    expect(defaults()).toEqual([]);
    expect((await getOwnedContactGroup(other.id, othersDefault.id))?.isDefault).toBe(true);
  });

  test("membership takes only the owner's contacts, and a refusal changes nothing", async () => {
    const [owner, other] = [await createTestUser(), await createTestUser()];
    const [c1, c2] = [newContact(owner), newContact(owner)];
    const foreign = newContact(other);
    const group = newGroup(owner, { contactIds: [c1.id, c1.id] });
    expect(listGroupContactIds(group.id)).toEqual([c1.id]);

    expect(setGroupContacts(owner.id, group.id, [c2.id, foreign.id])).toEqual({ ok: false, error: "unknown-contact" });
    expect(listGroupContactIds(group.id)).toEqual([c1.id]);
    expect(createContactGroup(owner.id, { name: "Sneaky", contactIds: [foreign.id] })).toEqual({
      ok: false,
      error: "unknown-contact",
    });
    expect(listContactGroups(owner.id).map((g) => g.name)).not.toContain("Sneaky");
    expect(updateContactGroup(owner.id, group.id, { name: "Renamed", contactIds: [foreign.id] })).toEqual({
      ok: false,
      error: "unknown-contact",
    });
    expect((await getOwnedContactGroup(owner.id, group.id))?.name).toBe(group.name);

    expect(setGroupContacts(owner.id, group.id, [c2.id])).toEqual({ ok: true });
    expect((await listGroupContacts(owner.id, group.id))?.map((c) => c.id)).toEqual([c2.id]);
    expect(addContactToGroup(owner.id, group.id, c1.id)).toEqual({ ok: true });
    expect(addContactToGroup(owner.id, group.id, c1.id)).toEqual({ ok: true });
    expect(listGroupContactIds(group.id).sort()).toEqual([c1.id, c2.id].sort());
    expect(removeContactFromGroup(owner.id, group.id, c2.id)).toEqual({ ok: true });
    expect(listGroupContactIds(group.id)).toEqual([c1.id]);

    expect(addContactToGroup(owner.id, group.id, foreign.id)).toEqual({ ok: false, error: "unknown-contact" });
    expect(addContactToGroup(other.id, group.id, foreign.id)).toEqual({ ok: false, error: "not-found" });
    expect(setGroupContacts(other.id, group.id, [])).toEqual({ ok: false, error: "not-found" });
    expect(updateContactGroup(other.id, group.id, { name: "x" })).toEqual({ ok: false, error: "not-found" });
  });
});

// ── the /contacts page ──────────────────────────────────────────────────────

describe("/contacts page", () => {
  test("a signed-out visitor is sent to the login page", async () => {
    const response = await callRoute(contactsPage.loader, makeRequest("/contacts"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fcontacts");
  });

  test("creates, edits and deletes a contact, with the spec's toasts", async () => {
    const user = await createTestUser();
    const email = uniqueEmail("Grandma.Rose");
    const created = await page.post(
      user,
      {
        intent: "create-contact",
        email: ` ${email.toUpperCase()} `,
        preferredName: "Grandma",
        notes: "Recipes",
        tags: "family, ,Family, cooks",
        isAdmin: "on",
      },
      "?dialog=add-contact&q=grand",
    );
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/contacts?q=grand");
    expect((await toastOf(created))?.title).toBe("Contact created successfully");
    const [contact] = listContacts(user.id).contacts;
    expect(contact).toMatchObject({
      email: email.toLowerCase(),
      preferredName: "Grandma",
      tags: ["family", "cooks"],
      isAdmin: true,
    });

    const loaded = await (await page.load(user, `?edit-contact=${contact!.id}`)).json();
    expect(loaded.view).toMatchObject({ type: "edit-contact", contact: { id: contact!.id } });
    expect(loaded.contacts).toHaveLength(1);

    const updated = await page.post(
      user,
      { intent: "update-contact", contactId: contact!.id, email, preferredName: "", tags: "", notes: "New notes" },
      `?edit-contact=${contact!.id}`,
    );
    expect(updated.status).toBe(302);
    expect(updated.headers.get("Location")).toBe("/contacts");
    expect((await toastOf(updated))?.title).toBe("Contact updated successfully");
    expect(getOwnedContact(user.id, contact!.id)).toMatchObject({
      preferredName: null,
      tags: [],
      notes: "New notes",
      isAdmin: false,
    });

    expect((await (await page.load(user, `?confirm-delete-contact=${contact!.id}`)).json()).view).toMatchObject({
      type: "confirm-delete-contact",
    });
    const deleted = await page.post(
      user,
      { intent: "delete-contact", id: contact!.id },
      `?confirm-delete-contact=${contact!.id}`,
    );
    expect(deleted.status).toBe(302);
    expect((await toastOf(deleted))?.title).toBe("Contact deleted successfully");
    expect(getOwnedContact(user.id, contact!.id)).toBeUndefined();
  });

  test("validation: e-mail required and well formed, duplicates refused with a clear message", async () => {
    const user = await createTestUser();
    const missing = await page.post(user, { intent: "create-contact", preferredName: "No email" });
    expect(missing.status).toBe(400);
    expect((await errorsOf(missing)).email).toEqual(["Email is required"]);

    const malformed = await page.post(user, { intent: "create-contact", email: "not-an-email" });
    expect(malformed.status).toBe(400);
    expect((await errorsOf(malformed)).email).toEqual(["Please enter a valid email address"]);

    const existing = newContact(user);
    const duplicate = await page.post(user, { intent: "create-contact", email: existing.email.toUpperCase() });
    expect(duplicate.status).toBe(400);
    const body = (await duplicate.json()) as Reply;
    expect(body.intent).toBe("create-contact");
    expect(body.result?.error?.[""]).toEqual(["A contact with this email already exists"]);

    const other = newContact(user);
    const clash = await page.post(user, { intent: "update-contact", contactId: other.id, email: existing.email });
    expect(clash.status).toBe(400);
    expect((await errorsOf(clash))[""]).toEqual(["A contact with this email already exists"]);

    const manyTags = Array.from({ length: 31 }, (_, i) => `tag${i}`).join(",");
    const tooMany = await page.post(user, { intent: "create-contact", email: uniqueEmail(), tags: manyTags });
    expect(tooMany.status).toBe(400);
    expect((await errorsOf(tooMany)).tags).toEqual(["Too many tags"]);

    const unknown = await page.post(user, { intent: "launch-rockets" });
    expect(unknown.status).toBe(400);
    const noId = await page.post(user, { intent: "delete-contact" });
    expect(noId.status).toBe(400);
  });

  test("creates a default group with members, edits it, deletes it", async () => {
    const user = await createTestUser();
    const [c1, c2] = [newContact(user), newContact(user)];
    const oldDefault = newGroup(user, { isDefault: true });

    const nameless = await page.post(user, { intent: "create-group", name: "   " });
    expect(nameless.status).toBe(400);
    expect((await errorsOf(nameless)).name).toEqual(["Group name is required"]);

    const created = await page.post(user, {
      intent: "create-group",
      name: "Elders",
      description: "Grandparents",
      isDefault: "on",
      contactIds: [c1.id, c2.id],
    });
    expect(created.status).toBe(302);
    expect((await toastOf(created))?.title).toBe("Contact group created successfully");
    const group = listContactGroups(user.id).find((g) => g.name === "Elders")!;
    expect(group.isDefault).toBe(true);
    expect((await getOwnedContactGroup(user.id, oldDefault.id))?.isDefault).toBe(false);
    expect(listGroupContactIds(group.id).sort()).toEqual([c1.id, c2.id].sort());

    const loaded = await (await page.load(user, `?edit-group=${group.id}`)).json();
    expect(loaded.view.group.contactIds.sort()).toEqual([c1.id, c2.id].sort());
    expect(loaded.view.contactOptions).toHaveLength(2);
    expect(loaded.groups.find((g: { id: string }) => g.id === group.id)).toMatchObject({
      memberCount: 2,
      isDefault: true,
    });

    // One checkbox ticked: the other contact leaves; the unticked default flag is cleared.
    const updated = await page.post(user, {
      intent: "update-group",
      groupId: group.id,
      name: "Elders & co",
      contactIds: c2.id,
    });
    expect(updated.status).toBe(302);
    expect((await toastOf(updated))?.title).toBe("Contact group updated successfully");
    expect(await getOwnedContactGroup(user.id, group.id)).toMatchObject({
      name: "Elders & co",
      description: null,
      isDefault: false,
    });
    expect(listGroupContactIds(group.id)).toEqual([c2.id]);

    const deleted = await page.post(user, { intent: "delete-group", id: group.id });
    expect((await toastOf(deleted))?.title).toBe("Contact group deleted successfully");
    expect(await getOwnedContactGroup(user.id, group.id)).toBeUndefined();
    expect(getOwnedContact(user.id, c2.id)).toBeDefined();
  });

  test("user B gets 404 for user A's ids in every view and every action", async () => {
    const [a, b] = [await createTestUser(), await createTestUser()];
    const contact = newContact(a);
    const group = newGroup(a, { contactIds: [contact.id] });
    for (const search of [
      `?edit-contact=${contact.id}`,
      `?confirm-delete-contact=${contact.id}`,
      `?edit-group=${group.id}`,
      `?confirm-delete-group=${group.id}`,
    ]) {
      expect((await page.load(b, search)).status, search).toBe(404);
    }
    const ownGroup = newGroup(b);
    const forms: Record<string, string | string[]>[] = [
      { intent: "update-contact", contactId: contact.id, email: uniqueEmail() },
      { intent: "delete-contact", id: contact.id },
      { intent: "update-group", groupId: group.id, name: "Mine now" },
      { intent: "delete-group", id: group.id },
      { intent: "create-group", name: "Borrowed", contactIds: [contact.id] },
      { intent: "update-group", groupId: ownGroup.id, name: "Borrowed", contactIds: [contact.id] },
    ];
    for (const form of forms) expect((await page.post(b, form)).status, JSON.stringify(form)).toBe(404);
    // Nothing changed for A, and B's own group kept its name.
    expect(getOwnedContact(a.id, contact.id)?.email).toBe(contact.email);
    expect(await getOwnedContactGroup(a.id, group.id)).toMatchObject({ name: group.name });
    expect(listGroupContactIds(group.id)).toEqual([contact.id]);
    expect((await getOwnedContactGroup(b.id, ownGroup.id))?.name).toBe(ownGroup.name);
    // B's list does not show A's data.
    const loaded = await (await page.load(b)).json();
    expect(loaded.contacts).toEqual([]);
    expect(loaded.groups.map((g: { id: string }) => g.id)).toEqual([ownGroup.id]);
  });
});

// ── JSON calls ──────────────────────────────────────────────────────────────

describe("JSON calls for contacts", () => {
  test("signed out: 401 with a message", async () => {
    const response = await api(apiContacts, undefined, "/api/user/contacts");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Unauthorized" });
    expect(
      (await api(apiGroups, undefined, "/api/user/contact-groups", {}, { method: "POST", json: { name: "x" } })).status,
    ).toBe(401);
  });

  test("create, list, update, delete", async () => {
    const user = await createTestUser();
    const email = uniqueEmail("June");
    const created = await api(
      apiContacts,
      user,
      "/api/user/contacts",
      {},
      {
        method: "POST",
        json: {
          email: email.toUpperCase(),
          preferredName: "Aunt June",
          notes: "Albums",
          tags: ["family", " family ", ""],
          isAdmin: true,
        },
      },
    );
    expect(created.status).toBe(201);
    const contact = await created.json();
    expect(contact).toMatchObject({
      email: email.toLowerCase(),
      preferredName: "Aunt June",
      notes: "Albums",
      tags: ["family"],
      isAdmin: true,
    });
    expect(contact.ownerId).toBeUndefined();

    const list = await (await api(apiContacts, user, "/api/user/contacts")).json();
    expect(list.map((c: { id: string }) => c.id)).toEqual([contact.id]);

    const put = await api(
      apiContact,
      user,
      `/api/user/contacts/${contact.id}`,
      { contactId: contact.id },
      { method: "PUT", json: { isAdmin: false, tags: ["a", "b", "a"] } },
    );
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ isAdmin: false, tags: ["a", "b"], preferredName: "Aunt June" });

    const duplicate = await api(apiContacts, user, "/api/user/contacts", {}, { method: "POST", json: { email } });
    expect(duplicate.status).toBe(400);
    expect(await duplicate.json()).toEqual({ message: "A contact with this email already exists" });

    const del = await api(
      apiContact,
      user,
      `/api/user/contacts/${contact.id}`,
      { contactId: contact.id },
      { method: "DELETE" },
    );
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ message: "Contact deleted successfully" });
    expect((await api(apiContact, user, `/api/user/contacts/${contact.id}`, { contactId: contact.id })).status).toBe(
      404,
    );
  });

  test("malformed bodies answer 4xx with a message, never 500", async () => {
    const user = await createTestUser();
    const own = newContact(user);
    const cases: {
      route: typeof apiContacts | typeof apiContact;
      path: string;
      params?: Record<string, string>;
      init: Parameters<typeof api>[4];
      status: number;
      message?: string;
    }[] = [
      {
        route: apiContacts,
        path: "/api/user/contacts",
        init: { method: "POST", body: "{not json", headers: { "Content-Type": "application/json" } },
        status: 400,
        message: "Request body must be valid JSON",
      },
      {
        route: apiContacts,
        path: "/api/user/contacts",
        init: { method: "POST", json: {} },
        status: 400,
        message: "Email is required",
      },
      {
        route: apiContacts,
        path: "/api/user/contacts",
        init: { method: "POST", json: { email: "nope" } },
        status: 400,
        message: "Please enter a valid email address",
      },
      {
        route: apiContacts,
        path: "/api/user/contacts",
        init: { method: "POST", json: { email: uniqueEmail(), tags: { a: 1 } } },
        status: 400,
        message: "Tags must be a list of text",
      },
      {
        route: apiContacts,
        path: "/api/user/contacts",
        init: { method: "POST", json: { email: uniqueEmail(), isAdmin: "yes" } },
        status: 400,
        message: "Must be true or false",
      },
      { route: apiContacts, path: "/api/user/contacts", init: { method: "POST", json: [1, 2] }, status: 400 },
      { route: apiContacts, path: "/api/user/contacts", init: { method: "POST", json: null }, status: 400 },
      {
        route: apiContacts,
        path: "/api/user/contacts",
        init: { method: "POST", body: "x", headers: { "Content-Type": "text/plain" } },
        status: 415,
      },
      { route: apiContacts, path: "/api/user/contacts", init: { method: "PATCH", json: {} }, status: 405 },
      {
        route: apiContact,
        path: `/api/user/contacts/${own.id}`,
        params: { contactId: own.id },
        init: { method: "PUT", json: { email: 42 } },
        status: 400,
      },
      {
        route: apiContact,
        path: `/api/user/contacts/${own.id}`,
        params: { contactId: own.id },
        init: { method: "PUT", json: { preferredName: "x".repeat(5000) } },
        status: 400,
      },
      {
        route: apiContact,
        path: `/api/user/contacts/${own.id}`,
        params: { contactId: own.id },
        init: { method: "POST", json: {} },
        status: 405,
      },
    ];
    for (const c of cases) {
      const response = await api(c.route, user, c.path, c.params, c.init);
      expect(response.status, JSON.stringify(c.init)).toBe(c.status);
      const body = await response.json();
      expect(typeof body.message).toBe("string");
      if (c.message) expect(body.message).toBe(c.message);
    }
    // A form-encoded body works too (tags comma-separated, isAdmin "on").
    const form = await callRoute(
      apiContacts.action as Parameters<typeof callRoute>[0],
      makeRequest("/api/user/contacts", {
        cookie: user.cookie,
        form: { email: uniqueEmail(), tags: "a, b", isAdmin: "on" },
      }),
    );
    expect(form.status).toBe(201);
    expect(await form.json()).toMatchObject({ tags: ["a", "b"], isAdmin: true });
  });

  test("user B gets 404 on user A's contact ids", async () => {
    const [a, b] = [await createTestUser(), await createTestUser()];
    const contact = newContact(a, { notes: "private" });
    const params = { contactId: contact.id };
    const path = `/api/user/contacts/${contact.id}`;
    for (const init of [
      { method: "GET" },
      { method: "PUT", json: { notes: "mine" } },
      { method: "PUT", json: { email: "bad" } },
      { method: "DELETE" },
    ]) {
      const response = await api(apiContact, b, path, params, init);
      expect(response.status, init.method).toBe(404);
      expect(await response.json()).toEqual({ message: "Contact not found" });
    }
    expect(getOwnedContact(a.id, contact.id)?.notes).toBe("private");
  });
});

describe("JSON calls for contact groups", () => {
  test("create with members, list with counts, update, list members, delete", async () => {
    const user = await createTestUser();
    const [c1, c2] = [newContact(user), newContact(user)];
    const created = await api(
      apiGroups,
      user,
      "/api/user/contact-groups",
      {},
      {
        method: "POST",
        json: { name: " Cousins ", description: "Next generation", isDefault: true, contactIds: [c1.id] },
      },
    );
    expect(created.status).toBe(201);
    const group = await created.json();
    expect(group).toMatchObject({ name: "Cousins", description: "Next generation", isDefault: true });

    const second = await (
      await api(
        apiGroups,
        user,
        "/api/user/contact-groups",
        {},
        { method: "POST", json: { name: "Elders", isDefault: true } },
      )
    ).json();
    const list = await (await api(apiGroups, user, "/api/user/contact-groups")).json();
    expect(list).toEqual([
      expect.objectContaining({ id: group.id, isDefault: false, memberCount: 1 }),
      expect.objectContaining({ id: second.id, isDefault: true, memberCount: 0 }),
    ]);

    const params = { groupId: group.id };
    const put = await api(apiGroup, user, `/api/user/contact-groups/${group.id}`, params, {
      method: "PUT",
      json: { contactIds: [c1.id, c2.id], isDefault: true },
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ name: "Cousins", isDefault: true });
    const one = await (await api(apiGroup, user, `/api/user/contact-groups/${group.id}`, params)).json();
    expect(one.contactIds.sort()).toEqual([c1.id, c2.id].sort());

    const members = await (
      await api(apiGroupContacts, user, `/api/user/contact-groups/${group.id}/contacts`, params)
    ).json();
    expect(members.map((c: { id: string }) => c.id).sort()).toEqual([c1.id, c2.id].sort());

    const removed = await api(
      apiGroupContact,
      user,
      `/api/user/contact-groups/${group.id}/contacts/${c1.id}`,
      { groupId: group.id, contactId: c1.id },
      { method: "DELETE" },
    );
    expect(removed.status).toBe(200);
    expect(listGroupContactIds(group.id)).toEqual([c2.id]);
    const added = await api(apiGroupContacts, user, `/api/user/contact-groups/${group.id}/contacts`, params, {
      method: "POST",
      json: { contactId: c1.id },
    });
    expect(added.status).toBe(200);
    expect(listGroupContactIds(group.id).sort()).toEqual([c1.id, c2.id].sort());

    const empty = await api(apiGroup, user, `/api/user/contact-groups/${group.id}`, params, {
      method: "PUT",
      json: { contactIds: [] },
    });
    expect(empty.status).toBe(200);
    expect(listGroupContactIds(group.id)).toEqual([]);

    const del = await api(apiGroup, user, `/api/user/contact-groups/${group.id}`, params, { method: "DELETE" });
    expect(await del.json()).toEqual({ message: "Contact group deleted successfully" });
    expect((await api(apiGroupContacts, user, `/api/user/contact-groups/${group.id}/contacts`, params)).status).toBe(
      404,
    );
  });

  test("malformed bodies answer 4xx with a message", async () => {
    const user = await createTestUser();
    const group = newGroup(user);
    const params = { groupId: group.id };
    const cases: [
      typeof apiGroups | typeof apiGroup | typeof apiGroupContacts,
      string,
      Record<string, string>,
      Parameters<typeof api>[4],
      number,
      string?,
    ][] = [
      [apiGroups, "/api/user/contact-groups", {}, { method: "POST", json: {} }, 400, "Group name is required"],
      [
        apiGroups,
        "/api/user/contact-groups",
        {},
        { method: "POST", json: { name: "  " } },
        400,
        "Group name is required",
      ],
      [
        apiGroups,
        "/api/user/contact-groups",
        {},
        { method: "POST", json: { name: "x", contactIds: "not-a-list-of-ids".repeat(20) } },
        400,
      ],
      [apiGroups, "/api/user/contact-groups", {}, { method: "POST", json: { name: "x", isDefault: 3 } }, 400],
      [
        apiGroups,
        "/api/user/contact-groups",
        {},
        { method: "POST", body: "{", headers: { "Content-Type": "application/json" } },
        400,
        "Request body must be valid JSON",
      ],
      [apiGroup, `/api/user/contact-groups/${group.id}`, params, { method: "PUT", json: { contactIds: [1, 2] } }, 400],
      [apiGroup, `/api/user/contact-groups/${group.id}`, params, { method: "PATCH", json: {} }, 405],
      [apiGroupContacts, `/api/user/contact-groups/${group.id}/contacts`, params, { method: "POST", json: {} }, 400],
      [
        apiGroupContacts,
        `/api/user/contact-groups/${group.id}/contacts`,
        params,
        { method: "POST", json: { contactId: "no-such-contact" } },
        404,
        "Contact not found",
      ],
    ];
    for (const [route, path, p, init, status, message] of cases) {
      const response = await api(route, user, path, p, init);
      expect(response.status, `${path} ${JSON.stringify(init)}`).toBe(status);
      const body = await response.json();
      expect(typeof body.message).toBe("string");
      if (message) expect(body.message).toBe(message);
    }
  });

  test("user B gets 404 on user A's group ids, and cannot put A's contacts in a group", async () => {
    const [a, b] = [await createTestUser(), await createTestUser()];
    const contact = newContact(a);
    const group = newGroup(a, { contactIds: [contact.id] });
    const params = { groupId: group.id };
    const base = `/api/user/contact-groups/${group.id}`;
    const calls: [
      typeof apiGroup | typeof apiGroupContacts | typeof apiGroupContact,
      string,
      Record<string, string>,
      Parameters<typeof api>[4],
    ][] = [
      [apiGroup, base, params, { method: "GET" }],
      [apiGroup, base, params, { method: "PUT", json: { name: "Mine" } }],
      [apiGroup, base, params, { method: "PUT", json: { name: "" } }],
      [apiGroup, base, params, { method: "DELETE" }],
      [apiGroupContacts, `${base}/contacts`, params, { method: "GET" }],
      [apiGroupContacts, `${base}/contacts`, params, { method: "POST", json: { contactId: contact.id } }],
      [apiGroupContact, `${base}/contacts/${contact.id}`, { ...params, contactId: contact.id }, { method: "DELETE" }],
    ];
    for (const [route, path, p, init] of calls) {
      const response = await api(route, b, path, p, init);
      expect(response.status, `${init?.method} ${path}`).toBe(404);
      expect(await response.json()).toEqual({ message: "Contact group not found" });
    }
    // B's own group cannot take A's contact, by POST, PUT or the add call.
    const own = await (
      await api(apiGroups, b, "/api/user/contact-groups", {}, { method: "POST", json: { name: "B's" } })
    ).json();
    const ownParams = { groupId: own.id };
    const refusals = [
      await api(
        apiGroups,
        b,
        "/api/user/contact-groups",
        {},
        { method: "POST", json: { name: "Borrowed", contactIds: [contact.id] } },
      ),
      await api(apiGroup, b, `/api/user/contact-groups/${own.id}`, ownParams, {
        method: "PUT",
        json: { contactIds: [contact.id] },
      }),
      await api(apiGroupContacts, b, `/api/user/contact-groups/${own.id}/contacts`, ownParams, {
        method: "POST",
        json: { contactId: contact.id },
      }),
    ];
    for (const response of refusals) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Contact not found" });
    }
    expect(listGroupContactIds(own.id)).toEqual([]);
    expect(listGroupContactIds(group.id)).toEqual([contact.id]);
    expect(listContactGroups(b.id).map((g) => g.name)).toEqual(["B's"]);
  });
});
