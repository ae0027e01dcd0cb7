// Issue #10, accessibility: axe-core finds no violation of WCAG 2.0/2.1 A or AA, nor of its best
// practices, on any page, signed out, as a user and as an administrator, in the light and the dark
// theme, with JavaScript on and off, on a desktop and on a phone screen. Besides each page as it
// loads, the states its own links open (dialogs, confirmations, tabs, filters: they are URLs here,
// so they open without JavaScript too) and its menus are scanned.
import type { Page } from "@playwright/test";
import { buildA11yWorld, IDENTITIES, isAdminPage, pageRouteFiles, sameRouteStates, stateKey, THEMES, type A11yWorld } from "../utils/a11y-world";
import { axeViolations, rulesRun, type Violation } from "../utils/axe-scan";
import { addCookiePairs, expect, test, visit } from "./fixtures";

// Pages the e2e server cannot show, and why: they get the not-found view instead.
const NOT_SHOWN_IN_E2E: Record<string, string> = {
  "$.tsx": "the catch-all is the not-found page itself",
  "dev.admin-login.tsx": "the local stand-in exists only while no identity provider is configured; the e2e server has one",
};

let world: A11yWorld;
test.beforeAll(async () => {
  world = await buildA11yWorld();
});

test("every page route is scanned, with real data behind its URL", async ({ page }) => {
  const files = pageRouteFiles();
  expect(files).toContain("login.tsx");
  expect(files).not.toContain("resources.theme.ts");
  // The owner (or, for admin pages, the administrator) reaches every page but the ones listed above.
  const notShown: string[] = [];
  for (const identity of ["user", "admin"] as const) {
    await page.context().clearCookies();
    await addCookiePairs(page, await world.cookiesFor(identity, "light"));
    for (const file of files.filter((f) => isAdminPage(f) === (identity === "admin"))) {
      const response = await page.request.get(world.urlFor(file), { maxRedirects: 0 });
      if (response.status() === 404) notShown.push(file);
    }
  }
  expect(notShown.sort()).toEqual(Object.keys(NOT_SHOWN_IN_E2E).sort());
  console.log(
    `a11y: ${files.length} page routes × ${IDENTITIES.length} identities × ${THEMES.length} themes = ` +
      `${files.length * IDENTITIES.length * THEMES.length} page views in this project`,
  );
});

test("the scanner runs every WCAG A/AA and best-practice rule and reports violations when there are some", async ({ page }) => {
  await page.setContent(`<html><body><main><p style="color:#aaa;background:#fff">faint</p><input type="text"><img src="data:,"></main></body></html>`);
  const rules = (await axeViolations(page)).map((v) => v.rule);
  // The first four are WCAG rules; the last is a best practice.
  expect(rules).toEqual(expect.arrayContaining(["color-contrast", "label", "image-alt", "html-has-lang", "page-has-heading-one"]));
  const { seen, expected } = await rulesRun(page);
  expect(seen).toBe(expected);
});

/** A phone's screen (CSS pixels of a common 6.1-inch phone): the small-screen layouts are scanned too. */
const PHONE = { width: 390, height: 844 };

for (const identity of IDENTITIES) {
  for (const theme of THEMES) {
    test(`${identity}, ${theme} theme: no violation on any page`, async ({ page }) => {
      test.setTimeout(300_000);
      await scanEveryPage(page, identity, theme);
    });
  }
  test(`${identity}, phone screen: no violation on any page`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(PHONE);
    await scanEveryPage(page, identity, "light");
  });
}

/** Every page route, with the states its own links open and its menus, for one identity and theme. */
async function scanEveryPage(page: Page, identity: (typeof IDENTITIES)[number], theme: (typeof THEMES)[number]) {
  await addCookiePairs(page, await world.cookiesFor(identity, theme));
  const run = new ScanRun(page);
  for (const file of pageRouteFiles()) {
    const response = await visit(page, world.urlFor(file));
    expect(response?.status(), `${file} answered`).toBeLessThan(500);
    if (!(await run.isNew(response?.status() ?? 0))) continue;
    await run.scan(file);
    await run.scanOpenMenus(file);
    for (const url of await sameRouteStates(page)) {
      const state = await visit(page, url);
      expect(state?.status(), `${url} answered`).toBeLessThan(500);
      if (await run.isNew(state?.status() ?? 0)) await run.scan(`${file} ${url}`);
    }
  }
  const { views, scans, violations } = run;
  const size = page.viewportSize();
  console.log(`a11y ${identity}/${theme} at ${size?.width}×${size?.height}: ${pageRouteFiles().length} page routes, ${views} distinct views, ${scans} scans`);
  expect(violations.map(describe)).toEqual([]);
}

for (const theme of THEMES) {
  test(`${theme} theme: forms showing their errors, a failed sign-in and a toast have no violation`, async ({ page, user }) => {
    await addCookiePairs(page, await world.cookiesFor("signed-out", theme));
    const found: Found[] = [];
    const scan = async (where: string) => found.push(...(await axeViolations(page)).map((v) => ({ ...v, where })));

    await visit(page, `/contribute/${world.collection.campaign.publicId}`);
    await page.getByLabel("Your name").press("Enter");
    await expect(page.getByText("Please enter the contributor's name")).toBeVisible();
    await scan("contribution form with errors");

    await visit(page, "/login");
    await page.getByLabel("Email").press("Enter");
    await expect(page.getByText("Password is required")).toBeVisible();
    await scan("sign-in form with errors");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByLabel("Password").press("Enter");
    await expect(page.getByRole("alert")).toContainText("Login failed");
    await scan("failed sign-in");
    await page.getByLabel("Password").fill(user.password);
    await page.getByLabel("Password").press("Enter");
    await expect(page.locator("#toast-region")).toContainText("Welcome back!");
    await scan("dashboard with a toast");

    await visit(page, "/change-password");
    await page.getByLabel("Current password").press("Enter");
    await expect(page.getByText("Current password is required")).toBeVisible();
    await scan("change-password form with errors");
    expect(found.map(describe)).toEqual([]);
  });
}

type Found = Violation & { where: string };
const describe = (v: Found) => `${v.where}: ${v.rule} (${v.impact}) ${v.help}\n    ${v.nodes.join("\n    ")}`;

/** One identity and theme: scans each distinct view once and collects what axe finds. */
class ScanRun {
  views = 0;
  scans = 0;
  violations: Found[] = [];
  private seen = new Set<string>();
  private headerMenusScanned = false;
  constructor(private page: Page) {}

  /**
   * Whether the page shows a view not scanned yet. A redirect that lands on a scanned page (the
   * sign-in page, whatever the redirectTo) is not new, nor is an error view (Admin Access
   * Required, not found) that another route already rendered with the same content.
   */
  async isNew(status: number) {
    const url = new URL(this.page.url());
    url.searchParams.delete("redirectTo");
    const key = status >= 400 ? `${status} ${await this.page.locator("main").innerHTML()}` : stateKey(url);
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    this.views++;
    return true;
  }

  async scan(where: string) {
    this.scans++;
    for (const v of await axeViolations(this.page)) this.violations.push({ ...v, where });
    // A modal dialog open on arrival holds the focus, so the keyboard starts in it (not under its backdrop).
    const stray = await this.page.evaluate(() => {
      const dialog = document.querySelector("[role=dialog][aria-modal=true]");
      return dialog && !dialog.contains(document.activeElement) ? (document.activeElement?.tagName ?? "none") : null;
    });
    if (stray) this.violations.push({ rule: "dialog-focus", impact: "serious", help: `Focus is on ${stray}, outside the open dialog`, nodes: [], where });
  }

  /** The page with every <details> menu open: the header's once per run, the page's own every time. */
  async scanOpenMenus(where: string) {
    const own = await this.page.locator("main details:not([open])").count();
    if (!own && this.headerMenusScanned) return;
    this.headerMenusScanned = true;
    await this.page.locator("details:not([open])").evaluateAll((menus) => menus.forEach((m) => ((m as HTMLDetailsElement).open = true)));
    await this.scan(`${where} (menus open)`);
  }
}
