import { describe, expect, it } from "vitest";

import { getUser } from "~/features/account/auth.server";
import { action as changePasswordPage } from "~/routes/_auth+/change-password";
import { action as loginPage } from "~/routes/_auth+/login";
import { action as resetRequestPage } from "~/routes/_auth+/reset-password._index";
import { action as resetConfirmPage } from "~/routes/_auth+/reset-password.confirm";
import { action as resetAction } from "~/routes/api+/auth+/reset-password";
import { action as confirmAction } from "~/routes/api+/auth+/reset-password.confirm";
import { loader as authUserLoader } from "~/routes/api+/auth+/user";
import { action as loginAction } from "~/routes/api+/login";
import { action as logoutAction } from "~/routes/api+/logout";
import { action as registerAction } from "~/routes/api+/register";
import { loader as userLoader } from "~/routes/api+/user+/_layout";
import { action as passwordAction } from "~/routes/api+/user+/password";
import { action as themeAction } from "~/routes/resources+/theme";

import { callRoute, createTestUser, makeRequest } from "../utils/auth";

describe("JSON calls of the account area", () => {
  it("GET /api/user answers the user, or 401 signed out", async () => {
    const user = await createTestUser();
    const ok = await callRoute(userLoader, makeRequest("/api/user", { cookie: user.cookie }));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ id: user.id, email: user.email });
    expect((await callRoute(userLoader, makeRequest("/api/user"))).status).toBe(401);
  });

  it("GET /api/auth/user is 401 without an admin session", async () => {
    const user = await createTestUser({ role: "admin" });
    const response = await callRoute(authUserLoader, makeRequest("/api/auth/user", { cookie: user.cookie }));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Unauthorized" });
  });

  it("POST /api/login signs in and POST /api/logout signs out", async () => {
    const user = await createTestUser();
    const response = await callRoute(
      loginAction,
      makeRequest("/api/login", { json: { email: user.email, password: user.password } }),
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as { email: string }).email).toBe(user.email);
    const cookie = response.headers.getSetCookie()[0]!.split(";")[0]!;
    expect((await getUser(makeRequest("/", { cookie })))?.id).toBe(user.id);

    const out = await callRoute(logoutAction, makeRequest("/api/logout", { method: "POST", cookie }));
    expect(out.status).toBe(200);
    expect(await getUser(makeRequest("/", { cookie }))).toBeNull();

    const wrong = await callRoute(
      loginAction,
      makeRequest("/api/login", { json: { email: user.email, password: "wrong-one" } }),
    );
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: "Invalid email or password" });
  });

  it("PUT /api/user/password changes the password", async () => {
    const user = await createTestUser();
    const response = await callRoute(
      passwordAction,
      makeRequest("/api/user/password", {
        method: "PUT",
        cookie: user.cookie,
        json: { currentPassword: user.password, newPassword: "new-password-9" },
      }),
    );
    expect(response.status).toBe(200);
    const relogin = await callRoute(
      loginAction,
      makeRequest("/api/login", { json: { email: user.email, password: "new-password-9" } }),
    );
    expect(relogin.status).toBe(200);
  });

  it("POST /api/register answers 403 with the 'Coming Soon' reason", async () => {
    const response = await callRoute(
      registerAction,
      makeRequest("/api/register", { json: { email: "new@example.com", password: "long-enough" } }),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "Account creation will be available soon. Stay tuned!" });
  });

  it("POST /api/auth/reset-password answers the same for anyone", async () => {
    const response = await callRoute(
      resetAction,
      makeRequest("/api/auth/reset-password", { json: { email: "nobody@example.com" } }),
    );
    expect(response.status).toBe(200);
    const invalid = await callRoute(
      confirmAction,
      makeRequest("/api/auth/reset-password/confirm", { json: { token: "bogus", newPassword: "long-enough" } }),
    );
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ message: "This password reset link is invalid or has expired." });
  });
});

// Every action and JSON call of the area, fed bodies no browser would send.
const MALFORMED: Array<{
  name: string;
  body: () => { body?: BodyInit; headers?: Record<string, string>; json?: unknown; form?: Record<string, string> };
}> = [
  { name: "broken JSON", body: () => ({ body: "{not json", headers: { "Content-Type": "application/json" } }) },
  { name: "JSON array", body: () => ({ json: [1, 2, 3] }) },
  {
    name: "wrong types",
    body: () => ({ json: { email: 42, password: { a: 1 }, currentPassword: [], newPassword: null, token: 7 } }),
  },
  {
    name: "huge values",
    body: () => ({
      json: { email: `${"a".repeat(5000)}@x.io`, password: "p".repeat(100_000), newPassword: "n".repeat(100_000) },
    }),
  },
  { name: "unknown content type", body: () => ({ body: "x", headers: { "Content-Type": "text/plain" } }) },
  {
    name: "truncated multipart",
    body: () => ({
      body: '--XYZ\r\nContent-Disposition: form-data; name="email"\r\n\r\nabc',
      headers: { "Content-Type": "multipart/form-data; boundary=XYZ" },
    }),
  },
  { name: "empty form", body: () => ({ form: {} }) },
  {
    name: "bad encoding",
    body: () => ({
      body: Buffer.from([0xff, 0xfe, 0x00, 0xc3]),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
  },
];

describe("malformed bodies get a 4xx with a message, never a 500", async () => {
  const user = await createTestUser();
  const targets = [
    { name: "POST /api/login", fn: loginAction, method: "POST", signedIn: false },
    { name: "POST /api/register", fn: registerAction, method: "POST", signedIn: false },
    { name: "PUT /api/user/password", fn: passwordAction, method: "PUT", signedIn: true },
    { name: "POST /api/auth/reset-password", fn: resetAction, method: "POST", signedIn: false },
    { name: "POST /api/auth/reset-password/confirm", fn: confirmAction, method: "POST", signedIn: false },
    { name: "POST /login", fn: loginPage, method: "POST", signedIn: false },
    { name: "POST /change-password", fn: changePasswordPage, method: "POST", signedIn: true },
    { name: "POST /reset-password", fn: resetRequestPage, method: "POST", signedIn: false },
    { name: "POST /reset-password/confirm", fn: resetConfirmPage, method: "POST", signedIn: false },
    { name: "POST /resources/theme", fn: themeAction, method: "POST", signedIn: false },
  ];
  for (const target of targets) {
    for (const bad of MALFORMED) {
      it(`${target.name}: ${bad.name}`, async () => {
        const request = makeRequest("/x", {
          method: target.method,
          cookie: target.signedIn ? user.cookie : undefined,
          ...bad.body(),
        });
        let response: Response;
        try {
          response = await callRoute(target.fn as never, request);
        } catch (error) {
          throw new Error(`${target.name} threw instead of answering: ${(error as Error).message}`);
        }
        expect(response.status, await response.clone().text()).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        const text = await response.text();
        expect(text.length).toBeGreaterThan(0);
      });
    }
  }
});
