// The administrator sign-in through a real OAuth2 server on 127.0.0.1 (oauth2-mock-server, started
// beside the app by playwright.config.ts), with JavaScript on and off: the browser goes /admin-login
// → /api/login → the provider's authorize endpoint → /auth/callback. Only an account whose role is
// admin gets in; the provider says who someone is (its session cookie, set per test).
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";

import { e2eServices } from "../../playwright.config";
import { expect, expectToast, makeUser, signInAs, signInAtProvider, test, visit } from "./fixtures";

/** Every page the browser navigated to, redirects included, as origin + path. */
function recordNavigations(page: Page) {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      const url = new URL(request.url());
      seen.push(url.origin + url.pathname);
    }
  });
  return seen;
}

async function cookieNames(page: Page) {
  return (await page.context().cookies()).map((cookie) => cookie.name);
}

const notAdmin = (email: string) =>
  `Your account (${email}) is not an administrator. Ask an administrator to give it the admin role, or sign in with another account.`;

test.describe("admin sign-in through the identity provider", () => {
  test("an administrator goes through the provider to the admin area, and Logout ends it", async ({
    page,
    baseURL,
  }) => {
    const admin = await makeUser({ role: "admin", firstName: "Avery" });
    await visit(page, "/admin");
    await expect(page.getByRole("heading", { name: "Admin Access Required" })).toBeVisible();
    const adminLogin = page.getByRole("link", { name: "Admin Login" });
    await expect(adminLogin).toHaveAttribute("href", "/admin-login");

    await signInAtProvider(page, admin.email);
    const navigations = recordNavigations(page);
    await adminLogin.click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expectToast(page, "Welcome back!");
    expect(navigations).toEqual([
      `${baseURL}/admin-login`,
      `${baseURL}/api/login`,
      `${e2eServices.identityProviderUrl}/authorize`,
      `${baseURL}/auth/callback`,
      `${baseURL}/admin`,
    ]);
    // The admin session is its own cookie; the sign-in's state cookie has done its work.
    const cookies = await cookieNames(page);
    expect(cookies).toContain("__admin_session");
    expect(cookies.filter((name) => name.startsWith("__admin_oauth"))).toEqual([]);

    const nav = page.getByRole("navigation", { name: "Main" });
    for (const label of ["Dashboard", "Testimonials", "System", "Metrics", "Activity"]) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    const me = await page.request.get("/api/auth/user");
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ id: admin.id, role: "admin" });
    expect((await page.request.get("/api/admin/users")).status()).toBe(200);

    // Signed in already: /admin-login goes straight to /admin, without the provider.
    navigations.length = 0;
    await visit(page, "/admin-login");
    await expect(page).toHaveURL(/\/admin$/);
    expect(navigations).not.toContain(`${e2eServices.identityProviderUrl}/authorize`);

    // The header's Logout ends the admin session.
    await page.getByText("Account ▾").click();
    // A menu item with JavaScript (the menu button pattern), a plain button without (decision 0125).
    await page
      .getByRole(test.info().project.use.javaScriptEnabled === false ? "button" : "menuitem", { name: "Logout" })
      .click();
    await expectToast(page, "Logged out");
    await visit(page, "/admin");
    await expect(page.getByRole("heading", { name: "Admin Access Required" })).toBeVisible();
    expect((await page.request.get("/api/admin/users")).status()).toBe(401);
  });

  test("an ordinary user's identity is refused: 'Admin Access Required' and no admin session", async ({
    page,
    user,
  }) => {
    // Signed in ordinarily, and known to the provider: still not an administrator.
    await signInAs(page, user);
    await visit(page, "/admin");
    await expect(page.getByRole("heading", { name: "Admin Access Required" })).toBeVisible();
    expect((await page.request.get("/api/admin/users")).status()).toBe(403);

    await signInAtProvider(page, user.email);
    const navigations = recordNavigations(page);
    const refused = await visit(page, "/admin-login");
    expect(navigations).toContain(`${e2eServices.identityProviderUrl}/authorize`);
    expect(refused?.status()).toBe(403);
    await expect(page).toHaveURL(/\/auth\/callback\?/);
    await expect(page.getByRole("heading", { name: "Admin Access Required" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(notAdmin(user.email));
    await expect(page.getByRole("link", { name: "Sign in with another account" })).toHaveAttribute(
      "href",
      "/admin-login",
    );
    expect(await cookieNames(page)).not.toContain("__admin_session");

    await visit(page, "/admin");
    await expect(page.getByRole("heading", { name: "Admin Access Required" })).toBeVisible();
    expect((await page.request.get("/api/admin/users")).status()).toBe(403);
  });

  test("an e-mail with no Storyhearth account is refused the same way", async ({ page }) => {
    const stranger = `stranger-${randomUUID()}@example.com`;
    await signInAtProvider(page, stranger);
    const refused = await visit(page, "/admin-login");
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Admin Access Required" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(notAdmin(stranger));
    expect(await cookieNames(page)).not.toContain("__admin_session");
    expect((await page.request.get("/api/admin/users")).status()).toBe(401);
  });

  test("a sign-in the provider denies fails cleanly, and 'Try Again' starts over", async ({ page }) => {
    // No session at the provider: it answers the app with access_denied.
    const failed = await visit(page, "/admin-login");
    expect(failed?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "Admin sign-in failed" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(
      "The sign-in with your identity provider could not be completed. Please try again.",
    );
    expect(await cookieNames(page)).not.toContain("__admin_session");

    const admin = await makeUser({ role: "admin" });
    await signInAtProvider(page, admin.email);
    await page.getByRole("link", { name: "Try Again" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  });
});
