import { randomUUID } from "node:crypto";
import { users } from "#db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/lib/db.server";
import { getUserById, verifyLogin } from "~/models/user.server";
import { action as resetConfirmAction, loader as resetConfirmLoader } from "~/routes/_auth+/reset-password.confirm";
import { action as adminPageAction, loader as adminPageLoader } from "~/routes/admin+/_index";
import { loader as statsLoader } from "~/routes/api+/admin+/stats";
import { loader as usersLoader } from "~/routes/api+/admin+/users";
import { action as extendTrialAction } from "~/routes/api+/admin+/users.$userId.extend-trial";
import { action as roleAction } from "~/routes/api+/admin+/users.$userId.role";
import { action as subscriptionAction } from "~/routes/api+/admin+/users.$userId.subscription";
import { action as createAction } from "~/routes/api+/admin+/users.create";

import { adminSessionCookie, createSignedInAdmin, latestEmailTo, toastOf } from "../utils/admin-auth-helpers";
import { callRoute, createTestUser, makeRequest } from "../utils/auth";

const DAY = 24 * 60 * 60 * 1000;
const uniqueEmail = (label: string) => `${label}-${randomUUID()}@example.com`;
const setUser = (id: string, values: Partial<typeof users.$inferInsert>) =>
  db.update(users).set(values).where(eq(users.id, id)).run();

type Call = { name: string; run: (cookie: string | undefined, userId: string) => Promise<Response> };

/** Every /api/admin call of the users area, each with a valid body. */
const CALLS: Call[] = [
  {
    name: "GET /api/admin/users",
    run: (cookie) => callRoute(usersLoader, makeRequest("/api/admin/users", { cookie })),
  },
  {
    name: "GET /api/admin/stats",
    run: (cookie) => callRoute(statsLoader, makeRequest("/api/admin/stats", { cookie })),
  },
  {
    name: "PUT /api/admin/users/:id/role",
    run: (cookie, id) =>
      callRoute(
        roleAction,
        makeRequest(`/api/admin/users/${id}/role`, { method: "PUT", cookie, json: { role: "admin" } }),
        { userId: id },
      ),
  },
  {
    name: "PUT /api/admin/users/:id/subscription",
    run: (cookie, id) =>
      callRoute(
        subscriptionAction,
        makeRequest(`/api/admin/users/${id}/subscription`, { method: "PUT", cookie, json: { status: "active" } }),
        { userId: id },
      ),
  },
  {
    name: "PUT /api/admin/users/:id/extend-trial",
    run: (cookie, id) =>
      callRoute(
        extendTrialAction,
        makeRequest(`/api/admin/users/${id}/extend-trial`, { method: "PUT", cookie, json: { days: 30 } }),
        { userId: id },
      ),
  },
  {
    name: "POST /api/admin/users/create",
    run: (cookie) =>
      callRoute(
        createAction,
        makeRequest("/api/admin/users/create", {
          method: "POST",
          cookie,
          json: { email: uniqueEmail("sweep"), firstName: "Sweep" },
        }),
      ),
  },
];

describe("who may use the admin users calls and page", () => {
  it.each(CALLS)(
    "$name: 401 signed out, 403 for an ordinary user and for an admin without the admin session",
    async ({ run }) => {
      const target = await createTestUser();
      const ordinary = await createTestUser();
      // The admin role alone is not enough: the admin area has its own sign-in.
      const adminWithUserSession = await createTestUser({ role: "admin" });

      const visitor = await run(undefined, target.id);
      expect(visitor.status).toBe(401);
      expect(await visitor.json()).toEqual({ message: "Unauthorized" });
      expect((await run(ordinary.cookie, target.id)).status).toBe(403);
      expect((await run(adminWithUserSession.cookie, target.id)).status).toBe(403);
      // Nothing changed.
      expect(await getUserById(target.id)).toMatchObject({
        role: "user",
        subscriptionStatus: "trial",
        podcastLimit: 3,
        trialExpiresAt: null,
      });
    },
  );

  it("the /admin page and its action show the not-allowed view (403) to a visitor and an ordinary user", async () => {
    const ordinary = await createTestUser();
    for (const cookie of [undefined, ordinary.cookie]) {
      const page = await callRoute(adminPageLoader, makeRequest("/admin", { cookie }));
      expect(page.status).toBe(403);
      expect(await page.json()).toEqual({ message: "Admin Access Required" });
      const post = await callRoute(
        adminPageAction,
        makeRequest("/admin?index", { cookie, form: { intent: "update-role", userId: ordinary.id, role: "admin" } }),
      );
      expect(post.status).toBe(403);
    }
    expect((await getUserById(ordinary.id))?.role).toBe("user");
  });

  it("an admin who loses the admin role loses the admin area at once", async () => {
    const admin = await createSignedInAdmin();
    expect((await callRoute(statsLoader, makeRequest("/api/admin/stats", { cookie: admin.adminCookie }))).status).toBe(
      200,
    );
    setUser(admin.id, { role: "user" });
    expect((await callRoute(statsLoader, makeRequest("/api/admin/stats", { cookie: admin.adminCookie }))).status).toBe(
      401,
    );
  });
});

describe("roles, subscriptions and trials (JSON)", () => {
  it("changing the subscription sets the podcast limit: 50 active, 3 trial, 0 otherwise", async () => {
    const admin = await createSignedInAdmin();
    const target = await createTestUser();
    for (const [status, limit] of [
      ["active", 50],
      ["inactive", 0],
      ["trial", 3],
      ["canceled", 0],
    ] as const) {
      const response = await callRoute(
        subscriptionAction,
        makeRequest(`/api/admin/users/${target.id}/subscription`, {
          method: "PUT",
          cookie: admin.adminCookie,
          json: { status },
        }),
        { userId: target.id },
      );
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.message).toBe("User subscription updated successfully");
      expect(body.user).toMatchObject({ subscriptionStatus: status, podcastLimit: limit });
    }
    // The move to trial started a trial; later moves keep its end.
    const trialEnd = (await getUserById(target.id))!.trialExpiresAt;
    expect(trialEnd).not.toBeNull();
    expect(Math.round((trialEnd!.getTime() - Date.now()) / 86_400_000)).toBe(30);
  });

  it("a podcastLimit sent with the status is kept as a custom limit", async () => {
    const admin = await createSignedInAdmin();
    const target = await createTestUser();
    const response = await callRoute(
      subscriptionAction,
      makeRequest(`/api/admin/users/${target.id}/subscription`, {
        method: "PUT",
        cookie: admin.adminCookie,
        json: { status: "active", podcastLimit: 12 },
      }),
      { userId: target.id },
    );
    expect((await response.json()).user).toMatchObject({ subscriptionStatus: "active", podcastLimit: 12 });
  });

  it("changes a role, but never the administrator's own", async () => {
    const admin = await createSignedInAdmin();
    const target = await createTestUser();
    const ok = await callRoute(
      roleAction,
      makeRequest(`/api/admin/users/${target.id}/role`, {
        method: "PUT",
        cookie: admin.adminCookie,
        json: { role: "trial" },
      }),
      {
        userId: target.id,
      },
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      message: "User role updated successfully",
      user: { id: target.id, role: "trial" },
    });

    const own = await callRoute(
      roleAction,
      makeRequest(`/api/admin/users/${admin.id}/role`, {
        method: "PUT",
        cookie: admin.adminCookie,
        json: { role: "user" },
      }),
      {
        userId: admin.id,
      },
    );
    expect(own.status).toBe(400);
    expect(await own.json()).toMatchObject({ message: "You cannot change your own role" });
    expect((await getUserById(admin.id))?.role).toBe("admin");
  });

  it("extends a running trial from its end and an ended one from now", async () => {
    const admin = await createSignedInAdmin();
    const running = await createTestUser();
    const runningEnd = new Date(Date.now() + 10 * DAY);
    setUser(running.id, { trialExpiresAt: runningEnd });
    const extend = (id: string, days: unknown) =>
      callRoute(
        extendTrialAction,
        makeRequest(`/api/admin/users/${id}/extend-trial`, {
          method: "PUT",
          cookie: admin.adminCookie,
          json: { days },
        }),
        { userId: id },
      );

    const response = await extend(running.id, 7);
    expect(response.status).toBe(200);
    expect((await response.json()).message).toBe("Trial extended successfully");
    expect((await getUserById(running.id))?.trialExpiresAt?.getTime()).toBe(runningEnd.getTime() + 7 * DAY);

    const ended = await createTestUser();
    setUser(ended.id, { trialExpiresAt: new Date(Date.now() - 5 * DAY) });
    const before = Date.now();
    await extend(ended.id, 90);
    const end = (await getUserById(ended.id))!.trialExpiresAt!.getTime();
    expect(end).toBeGreaterThanOrEqual(before + 90 * DAY);
    expect(end).toBeLessThanOrEqual(Date.now() + 90 * DAY);

    for (const days of [5, 0, -7, "30", null]) expect((await extend(running.id, days)).status).toBe(400);
  });

  it("an unknown user id answers 404 on every change", async () => {
    const admin = await createSignedInAdmin();
    const id = randomUUID();
    const cookie = admin.adminCookie;
    const put = (path: string, json: unknown) =>
      makeRequest(`/api/admin/users/${id}/${path}`, { method: "PUT", cookie, json });
    expect((await callRoute(roleAction, put("role", { role: "user" }), { userId: id })).status).toBe(404);
    expect(
      (await callRoute(subscriptionAction, put("subscription", { status: "active" }), { userId: id })).status,
    ).toBe(404);
    expect((await callRoute(extendTrialAction, put("extend-trial", { days: 7 }), { userId: id })).status).toBe(404);
  });

  it("counts Total Users, Active Trials and Active Subscriptions", async () => {
    const admin = await createSignedInAdmin();
    const stats = async () =>
      (await callRoute(statsLoader, makeRequest("/api/admin/stats", { cookie: admin.adminCookie }))).json();
    const before = await stats();
    const trialing = await createTestUser();
    setUser(trialing.id, { trialExpiresAt: new Date(Date.now() + DAY) });
    const expired = await createTestUser();
    setUser(expired.id, { trialExpiresAt: new Date(Date.now() - DAY) });
    const paying = await createTestUser();
    setUser(paying.id, { subscriptionStatus: "active" });
    expect(await stats()).toEqual({
      totalUsers: before.totalUsers + 3,
      activeTrials: before.activeTrials + 1,
      activeSubscriptions: before.activeSubscriptions + 1,
    });
  });

  it("lists users newest first with the fields of the admin view", async () => {
    const admin = await createSignedInAdmin();
    const newest = await createTestUser();
    const response = await callRoute(usersLoader, makeRequest("/api/admin/users", { cookie: admin.adminCookie }));
    const list = await response.json();
    expect(list[0]).toMatchObject({
      id: newest.id,
      email: newest.email,
      role: "user",
      subscriptionStatus: "trial",
      podcastLimit: 3,
      podcastsGenerated: 0,
    });
    expect(Object.keys(list[0]).sort()).toEqual(
      [
        "createdAt",
        "email",
        "firstName",
        "id",
        "lastLoginAt",
        "lastName",
        "podcastLimit",
        "podcastsGenerated",
        "role",
        "subscriptionStatus",
        "trialExpiresAt",
      ].sort(),
    );
  });
});

describe("malformed bodies answer 4xx, never 500", () => {
  const cases: Array<{ name: string; body: Record<string, unknown> | string; contentType?: string; expected: number }> =
    [
      { name: "not JSON", body: "{role:", expected: 400 },
      { name: "a JSON array", body: "[1,2]", expected: 400 },
      { name: "plain text", body: "role=admin", contentType: "text/plain", expected: 415 },
      { name: "an unknown role", body: { role: "superuser" }, expected: 400 },
      { name: "no role", body: {}, expected: 400 },
    ];
  it.each(cases)("PUT role with $name → $expected", async ({ body, contentType, expected }) => {
    const admin = await createSignedInAdmin();
    const target = await createTestUser();
    const request = makeRequest(`/api/admin/users/${target.id}/role`, {
      method: "PUT",
      cookie: admin.adminCookie,
      body: typeof body === "string" ? body : JSON.stringify(body),
      headers: { "Content-Type": contentType ?? "application/json" },
    });
    const response = await callRoute(roleAction, request, { userId: target.id });
    expect(response.status).toBe(expected);
    expect(typeof (await response.json()).message).toBe("string");
  });

  it("refuses bad subscription and create bodies with a message", async () => {
    const admin = await createSignedInAdmin();
    const target = await createTestUser();
    const cookie = admin.adminCookie;
    for (const json of [
      { status: "gold" },
      { status: "active", podcastLimit: -1 },
      { status: "active", podcastLimit: 2.5 },
      { status: "active", podcastLimit: "ten" },
    ]) {
      const response = await callRoute(
        subscriptionAction,
        makeRequest(`/api/admin/users/${target.id}/subscription`, { method: "PUT", cookie, json }),
        { userId: target.id },
      );
      expect(response.status).toBe(400);
    }
    const create = (json: unknown) =>
      callRoute(createAction, makeRequest("/api/admin/users/create", { method: "POST", cookie, json }));
    const noName = await create({ email: uniqueEmail("noname") });
    expect(noName.status).toBe(400);
    expect((await noName.json()).message).toBe("First name is required");
    const badEmail = await create({ email: "not-an-email", firstName: "Ada" });
    expect((await badEmail.json()).message).toBe("Please enter a valid email address");
    expect((await create({ email: uniqueEmail("neg"), firstName: "Ada", podcastLimit: -3 })).status).toBe(400);
    expect((await create({ email: uniqueEmail("role"), firstName: "Ada", role: "owner" })).status).toBe(400);
    expect((await create("just a string")).status).toBe(400);
  });

  it("wrong methods answer 405", async () => {
    const admin = await createSignedInAdmin();
    const response = await callRoute(
      roleAction,
      makeRequest(`/api/admin/users/${admin.id}/role`, {
        method: "POST",
        cookie: admin.adminCookie,
        json: { role: "user" },
      }),
      {
        userId: admin.id,
      },
    );
    expect(response.status).toBe(405);
  });

  it("the page action refuses a body that is not a form (415) and an unknown intent (400)", async () => {
    const admin = await createSignedInAdmin();
    const notForm = await callRoute(
      adminPageAction,
      makeRequest("/admin?index", { method: "POST", cookie: admin.adminCookie, json: { intent: "create-user" } }),
    );
    expect(notForm.status).toBe(415);
    const unknown = await callRoute(
      adminPageAction,
      makeRequest("/admin?index", { cookie: admin.adminCookie, form: { intent: "delete-everyone" } }),
    );
    expect(unknown.status).toBe(400);
  });
});

describe("creating a user (JSON)", () => {
  it("creates the account with the defaults and e-mails a set-password link that works", async () => {
    const admin = await createSignedInAdmin({ firstName: "Avery", lastName: "Admin" });
    const email = uniqueEmail("New.Person");
    const response = await callRoute(
      createAction,
      makeRequest("/api/admin/users/create", {
        method: "POST",
        cookie: admin.adminCookie,
        json: { email: `  ${email.toUpperCase()} `, firstName: "Nina", lastName: "New" },
      }),
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      message: "User created successfully. Invitation email sent.",
      invitationSent: true,
      user: {
        email: email.toLowerCase(),
        firstName: "Nina",
        lastName: "New",
        role: "user",
        subscriptionStatus: "trial",
        podcastLimit: 3,
      },
    });
    // The trial ends 30 days after the account is created.
    const trialDays = (new Date(body.user.trialExpiresAt).getTime() - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(29.9);
    expect(trialDays).toBeLessThanOrEqual(30);

    const mail = latestEmailTo(email.toLowerCase());
    expect(mail?.kind).toBe("account_invitation");
    expect(mail?.subject).toBe("Avery Admin invited you to Storyhearth");
    const link = mail!.text.match(/https?:\/\/\S+\/reset-password\/confirm\?\S+/)?.[0];
    expect(link).toBeTruthy();
    const url = new URL(link!);
    const token = url.searchParams.get("token")!;

    // The link opens the set-password page, which accepts a new password once.
    const page = await callRoute(resetConfirmLoader, makeRequest(url.pathname + url.search));
    expect(await page.json()).toMatchObject({ valid: true });
    const set = await callRoute(
      resetConfirmAction,
      makeRequest(url.pathname + url.search, {
        form: { token, newPassword: "nina-chooses-this", confirmPassword: "nina-chooses-this" },
      }),
    );
    expect(set.status).toBe(200);
    expect((await verifyLogin(email, "nina-chooses-this"))?.id).toBe(body.user.id);
    const again = await callRoute(resetConfirmLoader, makeRequest(url.pathname + url.search));
    expect(await again.json()).toMatchObject({ valid: false });
  });

  it("takes the given role, status and limit, and sends nothing when sendInvite is false", async () => {
    const admin = await createSignedInAdmin();
    const email = uniqueEmail("quiet");
    const response = await callRoute(
      createAction,
      makeRequest("/api/admin/users/create", {
        method: "POST",
        cookie: admin.adminCookie,
        json: {
          email,
          firstName: "Quinn",
          role: "admin",
          subscriptionStatus: "active",
          podcastLimit: 0,
          sendInvite: false,
        },
      }),
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      message: "User created successfully.",
      invitationSent: false,
      user: { role: "admin", subscriptionStatus: "active", podcastLimit: 0 },
    });
    expect(body.user.trialExpiresAt).toBeNull();
    expect(latestEmailTo(email)).toBeUndefined();
  });

  it("refuses an e-mail that is already in use", async () => {
    const admin = await createSignedInAdmin();
    const existing = await createTestUser();
    const response = await callRoute(
      createAction,
      makeRequest("/api/admin/users/create", {
        method: "POST",
        cookie: admin.adminCookie,
        json: { email: existing.email.toUpperCase(), firstName: "Copy" },
      }),
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: "A user with this email already exists" });
  });
});

describe("the /admin page", () => {
  it("shows stats, users with 'Never' and the trial badge, and the manage dialog for ?manage=<id>", async () => {
    const admin = await createSignedInAdmin();
    const expired = await createTestUser({ firstName: "Ellis", lastName: "Expired" });
    setUser(expired.id, { trialExpiresAt: new Date(Date.now() - DAY) });
    const page = await callRoute(
      adminPageLoader,
      makeRequest(`/admin?manage=${expired.id}`, { cookie: admin.adminCookie }),
    );
    expect(page.status).toBe(200);
    const body = await page.json();
    expect(body.stats.totalUsers).toBeGreaterThanOrEqual(2);
    expect(body.users[0]).toMatchObject({
      id: expired.id,
      name: "Ellis Expired",
      lastLogin: "Never",
      trial: { label: "Expired", expired: true },
    });
    expect(body.managed).toMatchObject({ id: expired.id });
    expect(body.creating).toBe(false);

    const missing = await callRoute(
      adminPageLoader,
      makeRequest(`/admin?manage=${randomUUID()}`, { cookie: admin.adminCookie }),
    );
    expect(missing.status).toBe(404);
  });

  it("changes role and subscription, extends the trial and sets a custom limit, each with its toast", async () => {
    const admin = await createSignedInAdmin();
    const target = await createTestUser();
    const post = (form: Record<string, string>) =>
      callRoute(
        adminPageAction,
        makeRequest(`/admin?index&manage=${target.id}`, {
          cookie: admin.adminCookie,
          form: { userId: target.id, ...form },
        }),
      );

    const role = await post({ intent: "update-role", role: "trial" });
    expect(role.status).toBe(302);
    expect(role.headers.get("Location")).toBe(`/admin?manage=${target.id}`);
    expect(await toastOf(role)).toMatchObject({ title: "User role updated successfully" });

    const subscription = await post({ intent: "update-subscription", status: "active" });
    expect(await toastOf(subscription)).toMatchObject({ title: "User subscription updated successfully" });
    expect(await getUserById(target.id)).toMatchObject({
      role: "trial",
      subscriptionStatus: "active",
      podcastLimit: 50,
    });

    const trial = await post({ intent: "extend-trial", days: "30" });
    expect(await toastOf(trial)).toMatchObject({ title: "Trial extended successfully" });
    expect((await getUserById(target.id))?.trialExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);

    const limit = await post({ intent: "set-limit", podcastLimit: "7" });
    expect(await toastOf(limit)).toMatchObject({ title: "User subscription updated successfully" });
    expect(await getUserById(target.id)).toMatchObject({ subscriptionStatus: "active", podcastLimit: 7 });
  });

  it("refuses with the spec's failure toasts, back in the open dialog", async () => {
    const admin = await createSignedInAdmin();
    const target = await createTestUser();
    const post = (form: Record<string, string>) =>
      callRoute(
        adminPageAction,
        makeRequest(`/admin?index&manage=${target.id}`, {
          cookie: admin.adminCookie,
          form: { userId: target.id, ...form },
        }),
      );

    const zero = await post({ intent: "set-limit", podcastLimit: "0" });
    expect(zero.status).toBe(302);
    expect(zero.headers.get("Location")).toBe(`/admin?manage=${target.id}`);
    expect(await toastOf(zero)).toMatchObject({
      title: "Failed to update subscription",
      description: "Enter a podcast limit greater than 0",
      variant: "destructive",
    });
    expect((await getUserById(target.id))?.podcastLimit).toBe(3);

    expect(await toastOf(await post({ intent: "update-role", role: "root" }))).toMatchObject({
      title: "Failed to update user role",
      variant: "destructive",
    });
    expect(await toastOf(await post({ intent: "update-subscription", status: "free" }))).toMatchObject({
      title: "Failed to update subscription",
    });
    expect(await toastOf(await post({ intent: "extend-trial", days: "14" }))).toMatchObject({
      title: "Failed to extend trial",
    });
    expect(await getUserById(target.id)).toMatchObject({
      role: "user",
      subscriptionStatus: "trial",
      trialExpiresAt: null,
    });

    const own = await callRoute(
      adminPageAction,
      makeRequest("/admin?index", {
        cookie: admin.adminCookie,
        form: { intent: "update-role", userId: admin.id, role: "user" },
      }),
    );
    expect(await toastOf(own)).toMatchObject({
      title: "Failed to update user role",
      description: "You cannot change your own role",
    });
    expect((await getUserById(admin.id))?.role).toBe("admin");

    const ghost = await callRoute(
      adminPageAction,
      makeRequest("/admin?index", {
        cookie: admin.adminCookie,
        form: { intent: "update-role", userId: randomUUID(), role: "user" },
      }),
    );
    expect(ghost.status).toBe(404);
  });

  it("creates a user from the dialog: the toast, the new first row and the invitation", async () => {
    const admin = await createSignedInAdmin();
    const email = uniqueEmail("dialog");
    const created = await callRoute(
      adminPageAction,
      makeRequest("/admin?index&dialog=create-user", {
        cookie: admin.adminCookie,
        form: {
          intent: "create-user",
          email,
          firstName: "Dana",
          lastName: "",
          role: "user",
          subscriptionStatus: "trial",
          podcastLimit: "3",
          sendInvite: "on",
        },
      }),
    );
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/admin");
    expect(await toastOf(created)).toMatchObject({ title: "User created successfully. Invitation email sent." });
    expect(latestEmailTo(email)?.kind).toBe("account_invitation");
    const page = await (await callRoute(adminPageLoader, makeRequest("/admin", { cookie: admin.adminCookie }))).json();
    expect(page.users[0]).toMatchObject({ email, name: "Dana", lastName: null });

    // An unticked invitation box sends nothing; the same e-mail again is refused.
    const quiet = uniqueEmail("quiet-dialog");
    await callRoute(
      adminPageAction,
      makeRequest("/admin?index", {
        cookie: admin.adminCookie,
        form: { intent: "create-user", email: quiet, firstName: "Quiet", podcastLimit: "3" },
      }),
    );
    expect(latestEmailTo(quiet)).toBeUndefined();
    // Refusals stay in the dialog with what was typed, under 'Failed to create user'.
    const twice = await callRoute(
      adminPageAction,
      makeRequest("/admin?index", {
        cookie: admin.adminCookie,
        form: { intent: "create-user", email, firstName: "Dana" },
      }),
    );
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({
      intent: "create-user",
      result: { error: { "": ["A user with this email already exists"] } },
    });
    const noName = await callRoute(
      adminPageAction,
      makeRequest("/admin?index", {
        cookie: admin.adminCookie,
        form: { intent: "create-user", email: uniqueEmail("x") },
      }),
    );
    expect(noName.status).toBe(400);
    expect(await noName.json()).toMatchObject({ result: { error: { firstName: ["First name is required"] } } });
  });

  it("an admin session of a user since deleted is signed out", async () => {
    const admin = await createSignedInAdmin();
    const cookie = await adminSessionCookie(admin.id);
    db.delete(users).where(eq(users.id, admin.id)).run();
    // Its session is gone with it: the browser is told it was logged out (401) and the cookie cleared.
    const answer = await callRoute(adminPageLoader, makeRequest("/admin", { cookie }));
    expect(answer.status).toBe(401);
    expect(answer.headers.get("set-cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  });
});
