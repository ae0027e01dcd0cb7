// The admin navigation (Story Collections, Create), an ended admin session (the spec's toast, then
// the sign-in again), and the admin lists' search, filters and sort as GET forms with the metrics
// chart, with JavaScript on and off and at 390×844.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { activities, campaigns, sessions, systemErrors, testimonialCampaigns, users } from "#db/schema";
import { eq } from "drizzle-orm";

import { db } from "~/lib/db.server";

import { signInAsAdmin } from "../utils/admin-helpers";
import { expect, jsOn, makeUser, signInAs, signInAtProvider, test, visit } from "./fixtures";

const tag = () => randomUUID().slice(0, 8);

async function signedInAdmin(page: Page) {
  const admin = await makeUser({ role: "admin", firstName: "Ada" });
  await signInAsAdmin(page, admin);
  return admin;
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

test.describe("admin navigation", () => {
  test("links Story Collections and Create in the header, by keyboard", async ({ page }) => {
    await signedInAdmin(page);
    await visit(page, "/admin");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Story Collections", exact: true })).toHaveAttribute(
      "href",
      "/admin/story-collections",
    );
    await expect(nav.getByRole("link", { name: "Create", exact: true })).toHaveAttribute("href", "/admin/create");
    await nav.getByRole("link", { name: "Story Collections", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/story-collections$/);
    await expect(page.getByRole("heading", { level: 1, name: "Story Collections" })).toBeVisible();
    await nav.getByRole("link", { name: "Create", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/create$/);
    await expect(nav.getByRole("link", { name: "Create", exact: true })).toHaveAttribute("aria-current", "page");
  });

  test("the phone menu holds them too, and nothing scrolls sideways at 390×844", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signedInAdmin(page);
    await visit(page, "/admin/metrics");
    await noSidewaysScroll(page);
    await page.getByLabel("Open menu").click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu.getByRole("link", { name: "Story Collections", exact: true })).toBeVisible();
    await menu.getByRole("link", { name: "Create", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/create$/);
    await noSidewaysScroll(page);
  });
});

test("the header's admin links fit from tablet to desktop widths", async ({ page }) => {
  await signedInAdmin(page);
  for (const width of [768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await visit(page, "/admin");
    await noSidewaysScroll(page);
    const header = await page.locator("header").evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(header.scroll, `header at ${width}px`).toBeLessThanOrEqual(header.client);
  }
});

test.describe("an admin session that has ended", () => {
  test("shows the spec's toast and signs in again through /api/login", async ({ page, javaScriptEnabled }) => {
    const admin = await signedInAdmin(page);
    await visit(page, "/admin/metrics");
    await expect(page.getByRole("heading", { name: "System Metrics" })).toBeVisible();

    // The session expires on the server while the browser still holds its cookie.
    db.update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, admin.id))
      .run();
    await signInAtProvider(page, admin.email);
    const navigations: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame())
        navigations.push(new URL(request.url()).pathname);
    });
    // The page is left after 500 ms: its answer is read on the way through.
    const ended = { status: 0, body: "" };
    await page.route("**/admin/metrics", async (route) => {
      const answer = await route.fetch();
      Object.assign(ended, { status: answer.status(), body: await answer.text() });
      await route.fulfill({ response: answer, body: ended.body });
    });
    await page.goto("/admin/metrics");
    expect(ended.status).toBe(401);
    expect(ended.body).toContain("Unauthorized – You are logged out. Logging in again...");
    // Without JavaScript the toast stays (a timed refresh fails WCAG 2.2.1) and its link signs in again.
    if (!javaScriptEnabled) await page.getByRole("link", { name: "Log in again" }).click();
    await expect(page).toHaveURL(/\/admin$/, { timeout: 10_000 });
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    expect(navigations).toEqual(
      expect.arrayContaining(["/admin/metrics", "/api/login", "/authorize", "/auth/callback", "/admin"]),
    );
    expect(navigations).not.toContain("/admin-login");
  });

  test("a signed-in non-admin still gets the not-allowed view, and a visitor too", async ({ page, user }) => {
    const visitor = await page.goto("/admin/activity");
    expect(visitor?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Admin Access Required" })).toBeVisible();
    await signInAs(page, user);
    const refused = await visit(page, "/admin/activity");
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Admin Access Required" })).toBeVisible();
    await expect(page.getByText("Logging in again")).toHaveCount(0);
  });
});

test.describe("admin lists: search, filters and sort without JavaScript", () => {
  test("users: search, role and sort through the form, paged with the search kept", async ({ page }) => {
    await signedInAdmin(page);
    const t = tag();
    const base = Date.now() - 3_600_000;
    db.insert(users)
      .values(
        Array.from({ length: 52 }, (_, i) => ({
          email: `list-${t}-${String(i).padStart(2, "0")}@example.com`,
          firstName: `Lister${i}`,
          role: i === 7 ? ("admin" as const) : ("user" as const),
          createdAt: new Date(base + i * 1000),
        })),
      )
      .run();
    await visit(page, "/admin");
    const form = page.getByRole("search", { name: "Search users" });
    await form.getByLabel("Search").fill(`list-${t}`);
    await form.getByLabel("Sort by").selectOption("email");
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`q=list-${t}.*sort=email`));
    await expect(page.getByTestId("list-results")).toHaveText("52 result(s)");
    const rows = page.getByRole("row").filter({ hasText: `list-${t}` });
    await expect(rows).toHaveCount(50);
    await expect(rows.first()).toContainText(`list-${t}-00@example.com`);
    await expect(page.getByText("Page 1 of 2")).toBeVisible();

    await page.getByRole("navigation", { name: "Users pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(new RegExp(`q=list-${t}.*sort=email.*page=2`));
    await expect(rows).toHaveCount(2);
    await expect(rows.last()).toContainText(`list-${t}-51@example.com`);
    // The form shows what the list shows.
    await expect(form.getByLabel("Search")).toHaveValue(`list-${t}`);
    await expect(form.getByLabel("Sort by")).toHaveValue("email");

    await form.getByLabel("Role").selectOption("admin");
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("list-results")).toHaveText("1 result(s)");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`list-${t}-07@example.com`);

    await page.getByRole("link", { name: "Clear" }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("system errors: severity and most severe first, inside the Unresolved tab; bad values fall back", async ({
    page,
  }) => {
    await signedInAdmin(page);
    const t = tag();
    const base = Date.now() - 60_000;
    for (const [k, severity] of ["low", "critical", "medium"].entries()) {
      db.insert(systemErrors)
        .values({
          errorType: `err_${severity}_${t}`,
          errorMessage: `boom ${t}`,
          severity,
          createdAt: new Date(base + k * 1000),
        })
        .run();
    }
    await visit(page, "/admin/system-errors?tab=unresolved");
    const form = page.getByRole("search", { name: "Search errors" });
    await form.getByLabel("Search").fill(t);
    await form.getByLabel("Sort by").selectOption("severity");
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/tab=unresolved/);
    const items = page.getByTestId("system-error");
    await expect(items.getByRole("heading")).toHaveText([`err_critical_${t}`, `err_medium_${t}`, `err_low_${t}`]);
    await form.getByLabel("Severity").selectOption("medium");
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(items.getByRole("heading")).toHaveText([`err_medium_${t}`]);

    const bad = await visit(page, `/admin/system-errors?q=${t}&severity=apocalyptic&sort=random&page=x`);
    expect(bad?.status()).toBe(200);
    await expect(items.getByRole("heading")).toHaveText([`err_medium_${t}`, `err_critical_${t}`, `err_low_${t}`]);
    await expect(form.getByLabel("Severity")).toHaveValue("all");
  });

  test("collections: a search turns the reorder controls off; testimonials and activity filter too", async ({
    page,
  }) => {
    const admin = await signedInAdmin(page);
    const t = tag();
    for (const [title, isActive] of [
      [`Lake ${t}`, true],
      [`Attic ${t}`, false],
    ] as const) {
      db.insert(campaigns)
        .values({ ownerId: admin.id, publicId: randomUUID(), title, prompt: "Tell us about it.", isActive })
        .run();
    }
    await visit(page, `/admin/story-collections`);
    await expect(page.getByRole("button", { name: /^Reorder / }).first()).toBeVisible();
    const form = page.getByRole("search", { name: "Search collections" });
    await form.getByLabel("Search").fill(t);
    await form.getByLabel("Show").selectOption("inactive");
    await form.getByRole("button", { name: "Apply" }).click();
    const rows = page.getByTestId("admin-collection-row");
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(`Attic ${t}`);
    await expect(page.getByRole("button", { name: /^Reorder / })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Move up" })).toHaveCount(0);
    // An action keeps the list as it was.
    await rows.getByRole("button", { name: "Activate" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${t}.*state=inactive`));
    await expect(rows).toHaveCount(0);

    for (const [title, isActive] of [
      [`Pilot ${t}`, true],
      [`Closed ${t}`, false],
    ] as const) {
      db.insert(testimonialCampaigns)
        .values({ publicId: randomUUID(), title, questions: [{ question: "How was it?" }], isActive })
        .run();
    }
    await visit(page, `/admin/testimonials?q=${t}&state=inactive`);
    await expect(page.getByTestId("testimonial-campaign")).toHaveText([new RegExp(`Closed ${t}`)]);

    db.insert(activities)
      .values({ type: "story_submitted", userId: admin.id, details: `Story ${t}` })
      .run();
    await visit(page, "/admin/activity");
    const activityForm = page.getByRole("search", { name: "Search activity" });
    await activityForm.getByLabel("Search").fill(t);
    await activityForm.getByLabel("Type").selectOption("story_submitted");
    await activityForm.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("activity-item")).toHaveCount(1);
    await expect(page.getByTestId("activity-item")).toContainText(`Story ${t}`);
    await activityForm.getByLabel("Type").selectOption("podcast_created");
    await activityForm.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("activity-item")).toHaveCount(0);
  });
});

test.describe("metrics chart", () => {
  test("an SVG chart named for screen readers beside a table of its numbers, also on a phone", async ({ page }) => {
    await signedInAdmin(page);
    await visit(page, "/admin/metrics");
    const chart = page.getByRole("img", { name: /New users, podcasts and stories per month, last 6 months/ });
    await expect(chart).toBeVisible();
    expect(await chart.evaluate((el) => el.tagName.toLowerCase())).toBe("svg");
    const table = page.getByTestId("trend-table");
    await expect(table.getByRole("row")).toHaveCount(7);
    const month = new Date().toLocaleString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
    const thisMonth = table.getByRole("row", { name: new RegExp(`^${month}`) });
    // At least the admin this test made joined this month.
    expect(Number(await thisMonth.getByRole("cell").first().textContent())).toBeGreaterThanOrEqual(1);
    await page.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(page);
    if (!jsOn()) await expect(chart).toBeVisible();
  });
});
