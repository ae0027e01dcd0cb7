// Administrator sign-in against a real OAuth2 / OpenID Connect server on 127.0.0.1
// (oauth2-mock-server): the whole redirect flow with real HTTP, cookies threaded through like a
// browser. The local stand-in (no provider configured) is tested first, with the modules as loaded.
import { randomUUID } from "node:crypto";
import { sessions, systemErrors } from "#db/schema";
import { eq } from "drizzle-orm";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { getAdmin, getUser } from "~/features/account/auth.server";
import { db } from "~/lib/db.server";
import { parseEnv } from "~/lib/env.server";
import { loader as adminLoginLoader } from "~/routes/_auth+/admin-login";
import { loader as callbackLoader } from "~/routes/_auth+/auth.callback";
import { action as logoutAction } from "~/routes/_auth+/logout";
import { action as adminLogoutAction, loader as adminLogoutLoader } from "~/routes/admin+/logout";
import { loader as authUserLoader } from "~/routes/api+/auth+/user";
import { loader as apiLoginLoader } from "~/routes/api+/login";
import { action as devLoginAction, loader as devLoginLoader } from "~/routes/dev+/admin-login";

import { CookieJar, createSignedInAdmin } from "../utils/admin-auth-helpers";
import { callRoute, createTestUser, makeRequest } from "../utils/auth";

const OAUTH_KEYS = [
  "OAUTH_AUTHORIZATION_URL",
  "OAUTH_TOKEN_URL",
  "OAUTH_USERINFO_URL",
  "OAUTH_CLIENT_ID",
  "OAUTH_CLIENT_SECRET",
] as const;

describe("environment", () => {
  const production = {
    APP_ENV: "production",
    APP_URL: "https://storyhearth.example",
    SESSION_SECRET: "a-real-secret",
    MAILGUN_API_KEY: "key",
    MAILGUN_DOMAIN: "mg.example",
    MAILGUN_WEBHOOK_SIGNING_KEY: "sign",
  };
  const provider = {
    OAUTH_AUTHORIZATION_URL: "https://id.example/authorize",
    OAUTH_TOKEN_URL: "https://id.example/token",
    OAUTH_USERINFO_URL: "https://id.example/userinfo",
    OAUTH_CLIENT_ID: "storyhearth",
    OAUTH_CLIENT_SECRET: "shh",
  };

  it("requires the identity provider in production", () => {
    expect(() => parseEnv(production)).toThrow(/OAUTH_CLIENT_ID is required in production/);
    expect(parseEnv({ ...production, ...provider }).OAUTH_SCOPES).toBe("openid email profile");
  });

  it("outside production takes all of the provider settings or none", () => {
    expect(parseEnv({}).OAUTH_CLIENT_ID).toBeUndefined();
    expect(() => parseEnv({ OAUTH_CLIENT_ID: "storyhearth" })).toThrow(/OAUTH_TOKEN_URL is required when any OAUTH_/);
  });
});

describe("local stand-in sign-in (no provider configured)", () => {
  it("/admin-login → /api/login → /dev/admin-login", async () => {
    expect((await callRoute(adminLoginLoader, makeRequest("/admin-login"))).headers.get("Location")).toBe("/api/login");
    expect((await callRoute(apiLoginLoader, makeRequest("/api/login"))).headers.get("Location")).toBe(
      "/dev/admin-login",
    );
    expect((await callRoute(devLoginLoader, makeRequest("/dev/admin-login"))).status).toBe(200);
    // The provider's callback does not exist without a provider.
    expect((await callRoute(callbackLoader, makeRequest("/auth/callback?code=x&state=y"))).status).toBe(404);
  });

  it("signs an administrator in to a separate admin session", async () => {
    const admin = await createTestUser({ role: "admin" });
    const response = await callRoute(
      devLoginAction,
      makeRequest("/dev/admin-login", { form: { email: admin.email, password: admin.password } }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    const jar = new CookieJar();
    jar.take(response);
    expect(jar.has("__admin_session")).toBe(true);
    expect(jar.has("__session")).toBe(false);
    const request = makeRequest("/admin", { cookie: jar.header() });
    expect((await getAdmin(request))?.id).toBe(admin.id);
    expect(await getUser(request)).toBeNull();
    const me = await callRoute(authUserLoader, makeRequest("/api/auth/user", { cookie: jar.header() }));
    expect(await me.json()).toMatchObject({ id: admin.id, role: "admin" });
    // Signed in already: /api/login and the stand-in go straight to /admin.
    expect(
      (await callRoute(apiLoginLoader, makeRequest("/api/login", { cookie: jar.header() }))).headers.get("Location"),
    ).toBe("/admin");
  });

  it("refuses an ordinary user with 'Admin Access Required' and no session, and a wrong password", async () => {
    const user = await createTestUser();
    const refused = await callRoute(
      devLoginAction,
      makeRequest("/dev/admin-login", { form: { email: user.email, password: user.password } }),
    );
    expect(refused.status).toBe(403);
    const body = await refused.json();
    expect(body.refused).toBe(true);
    expect(JSON.stringify(body.result)).toContain("is not an administrator");
    expect(refused.headers.getSetCookie().some((c) => c.startsWith("__admin_session="))).toBe(false);

    const admin = await createTestUser({ role: "admin" });
    const wrong = await callRoute(
      devLoginAction,
      makeRequest("/dev/admin-login", { form: { email: admin.email, password: "not-the-password" } }),
    );
    expect(wrong.status).toBe(401);
    expect(JSON.stringify(await wrong.json())).toContain("Invalid email or password");
    expect(
      (await callRoute(devLoginAction, makeRequest("/dev/admin-login", { json: { email: admin.email } }))).status,
    ).toBe(415);
  });

  it("POST /admin/logout ends the admin session only; /logout ends both", async () => {
    const admin = await createSignedInAdmin();
    const both = `${admin.cookie}; ${admin.adminCookie}`;
    const out = await callRoute(adminLogoutAction, makeRequest("/admin/logout", { method: "POST", cookie: both }));
    expect(out.status).toBe(302);
    expect(await getAdmin(makeRequest("/", { cookie: both }))).toBeNull();
    expect((await getUser(makeRequest("/", { cookie: both })))?.id).toBe(admin.id);
    expect((await callRoute(adminLogoutLoader, makeRequest("/admin/logout"))).status).toBe(405);

    const again = await createSignedInAdmin();
    const cookie = `${again.cookie}; ${again.adminCookie}`;
    const logout = await callRoute(logoutAction, makeRequest("/logout", { method: "POST", cookie, form: {} }));
    expect(logout.status).toBe(302);
    const cleared = logout.headers.getSetCookie().map((c) => c.split("=")[0]);
    expect(cleared).toEqual(expect.arrayContaining(["__session", "__admin_session"]));
    expect(await getAdmin(makeRequest("/", { cookie }))).toBeNull();
    expect(await getUser(makeRequest("/", { cookie }))).toBeNull();
  });
});

describe("OAuth2 provider sign-in (real mock server)", () => {
  const APP = "http://storyhearth.test";
  let provider: OAuth2Server;
  let m: {
    adminLogin: typeof import("~/routes/_auth+/admin-login");
    apiLogin: typeof import("~/routes/api+/login");
    callback: typeof import("~/routes/_auth+/auth.callback");
    devLogin: typeof import("~/routes/dev+/admin-login");
    authUser: typeof import("~/routes/api+/auth+/user");
    adminPage: typeof import("~/routes/admin+/_index");
  };

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate("RS256");
    await provider.start(undefined, "127.0.0.1");
    const issuer = provider.issuer.url!;
    Object.assign(process.env, {
      APP_URL: APP,
      OAUTH_AUTHORIZATION_URL: `${issuer}/authorize`,
      OAUTH_TOKEN_URL: `${issuer}/token`,
      OAUTH_USERINFO_URL: `${issuer}/userinfo`,
      OAUTH_CLIENT_ID: "storyhearth-test",
      OAUTH_CLIENT_SECRET: "storyhearth-test-secret",
    });
    // env() caches its first parse: load the app modules afresh against the provider.
    vi.resetModules();
    m = {
      adminLogin: await import("~/routes/_auth+/admin-login"),
      apiLogin: await import("~/routes/api+/login"),
      callback: await import("~/routes/_auth+/auth.callback"),
      devLogin: await import("~/routes/dev+/admin-login"),
      authUser: await import("~/routes/api+/auth+/user"),
      adminPage: await import("~/routes/admin+/_index"),
    };
  });

  afterAll(async () => {
    await provider.stop();
    for (const key of [...OAUTH_KEYS, "APP_URL"]) delete process.env[key];
    vi.resetModules();
  });

  /** What the provider's userinfo answers next (checking that it was asked with the access token). */
  function nextUserinfo(body: Record<string, unknown>) {
    const seen: { authorization?: string } = {};
    provider.service.once("beforeUserinfo", (response, req) => {
      seen.authorization = req.headers.authorization;
      response.body = { sub: randomUUID(), ...body };
    });
    return seen;
  }

  /** A browser going /admin-login → /api/login → provider → back to the app; returns the callback request. */
  async function goToProvider(jar = new CookieJar()) {
    const start = await callRoute(m.adminLogin.loader, makeRequest("/admin-login"));
    expect(start.headers.get("Location")).toBe("/api/login");
    const login = jar.take(await callRoute(m.apiLogin.loader, makeRequest("/api/login", { cookie: jar.header() })));
    expect(login.status).toBe(302);
    const authorize = new URL(login.headers.get("Location")!);
    expect(authorize.origin + authorize.pathname).toBe(`${provider.issuer.url}/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: "code",
      client_id: "storyhearth-test",
      redirect_uri: `${APP}/auth/callback`,
      scope: "openid email profile",
      code_challenge_method: "S256",
    });
    expect(authorize.searchParams.get("state")).toBeTruthy();
    expect(authorize.searchParams.get("code_challenge")).toBeTruthy();
    expect(jar.names().some((name) => name.startsWith("__admin_oauth:"))).toBe(true);

    // The provider (real HTTP) signs the person in and sends the browser back with a code.
    const atProvider = await fetch(authorize, { redirect: "manual" });
    expect(atProvider.status).toBe(302);
    const back = new URL(atProvider.headers.get("Location")!);
    expect(back.origin + back.pathname).toBe(`${APP}/auth/callback`);
    expect(back.searchParams.get("state")).toBe(authorize.searchParams.get("state"));
    return { jar, back };
  }

  const callbackFor = (back: URL, jar: CookieJar) =>
    callRoute(m.callback.loader, makeRequest(back.pathname + back.search, { cookie: jar.header() }));

  it("an administrator's identity gets the admin session; GET /api/auth/user then answers the admin", async () => {
    const admin = await createTestUser({ role: "admin", firstName: "Avery" });
    const { jar, back } = await goToProvider();
    const seen = nextUserinfo({ email: admin.email.toUpperCase(), email_verified: true });

    const done = jar.take(await callbackFor(back, jar));
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin");
    expect(seen.authorization).toMatch(/^Bearer \S+/);
    expect(jar.has("__admin_session")).toBe(true);
    // The state cookie has done its work.
    expect(jar.names().filter((name) => name.startsWith("__admin_oauth:"))).toEqual([]);
    expect(
      db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, admin.id))
        .all()
        .map((s) => s.kind),
    ).toContain("admin");

    const me = await callRoute(m.authUser.loader, makeRequest("/api/auth/user", { cookie: jar.header() }));
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: admin.id, role: "admin" });
    expect((await callRoute(m.adminPage.loader, makeRequest("/admin", { cookie: jar.header() }))).status).toBe(200);

    // The same callback URL cannot be replayed: the state cookie is gone.
    const replay = await callbackFor(back, jar);
    expect(replay.status).toBe(400);
  });

  it("an ordinary user's identity is refused: 'Admin Access Required', no admin session", async () => {
    const user = await createTestUser();
    const { jar, back } = await goToProvider();
    nextUserinfo({ email: user.email, email_verified: true });
    const refused = jar.take(await callbackFor(back, jar));
    expect(refused.status).toBe(403);
    const body = await refused.json();
    expect(body.title).toBe("Admin Access Required");
    expect(body.message).toContain(`${user.email}) is not an administrator`);
    expect(jar.has("__admin_session")).toBe(false);
    expect((await callRoute(m.authUser.loader, makeRequest("/api/auth/user", { cookie: jar.header() }))).status).toBe(
      401,
    );
    expect((await callRoute(m.adminPage.loader, makeRequest("/admin", { cookie: jar.header() }))).status).toBe(403);
  });

  it("refuses an unknown e-mail and an e-mail the provider has not verified", async () => {
    const stranger = await goToProvider();
    nextUserinfo({ email: `stranger-${randomUUID()}@example.com` });
    expect((await callbackFor(stranger.back, stranger.jar)).status).toBe(403);

    const admin = await createTestUser({ role: "admin" });
    const unverified = await goToProvider();
    nextUserinfo({ email: admin.email, email_verified: "false" });
    const response = unverified.jar.take(await callbackFor(unverified.back, unverified.jar));
    expect(response.status).toBe(403);
    expect((await response.json()).message).toContain("has not verified");
    expect(unverified.jar.has("__admin_session")).toBe(false);
  });

  it("a tampered state or a missing state cookie fails without a session", async () => {
    const { jar, back } = await goToProvider();
    const forged = new URL(back);
    forged.searchParams.set("state", "forged-state");
    const tampered = await callbackFor(forged, jar);
    expect(tampered.status).toBe(400);
    expect((await tampered.json()).title).toBe("Admin sign-in failed");

    const noCookie = await callRoute(m.callback.loader, makeRequest(back.pathname + back.search));
    expect(noCookie.status).toBe(400);
    expect(noCookie.headers.getSetCookie().some((c) => c.startsWith("__admin_session="))).toBe(false);
  });

  it("a denial at the provider fails cleanly", async () => {
    provider.service.once("beforeAuthorizeRedirect", ({ url }) => {
      url.searchParams.delete("code");
      url.searchParams.set("error", "access_denied");
    });
    const { jar, back } = await goToProvider();
    const response = await callbackFor(back, jar);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(
      "The sign-in with your identity provider could not be completed. Please try again.",
    );
  });

  it("a failing token endpoint or userinfo is reported and recorded as a system error", async () => {
    const admin = await createTestUser({ role: "admin" });
    const tokenFails = await goToProvider();
    provider.service.once("beforeResponse", (response) => {
      response.statusCode = 400;
      response.body = { error: "invalid_grant" };
    });
    const refusedToken = await callbackFor(tokenFails.back, tokenFails.jar);
    expect(refusedToken.status).toBe(400);
    expect((await refusedToken.json()).message).toBe(
      "The identity provider did not answer as expected. Please try again in a moment.",
    );

    const userinfoFails = await goToProvider();
    provider.service.once("beforeUserinfo", (response) => {
      response.statusCode = 401;
      response.body = { error: "invalid_token" };
    });
    const refusedUserinfo = userinfoFails.jar.take(await callbackFor(userinfoFails.back, userinfoFails.jar));
    expect(refusedUserinfo.status).toBe(400);
    expect(userinfoFails.jar.has("__admin_session")).toBe(false);
    expect(
      db.select().from(systemErrors).where(eq(systemErrors.errorType, "admin_sign_in_failed")).all().length,
    ).toBeGreaterThanOrEqual(2);
    expect(await getSessionKinds(admin.id)).toEqual([]);
  });

  it("with a provider configured the local stand-in does not exist", async () => {
    expect((await callRoute(m.devLogin.loader, makeRequest("/dev/admin-login"))).status).toBe(404);
    const admin = await createTestUser({ role: "admin" });
    const post = await callRoute(
      m.devLogin.action,
      makeRequest("/dev/admin-login", { form: { email: admin.email, password: admin.password } }),
    );
    expect(post.status).toBe(404);
  });
});

async function getSessionKinds(userId: string) {
  return db
    .select({ kind: sessions.kind })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .all()
    .map((s) => s.kind)
    .filter((kind) => kind === "admin");
}
