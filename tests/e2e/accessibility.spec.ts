// Accessibility, and phone first: axe-core finds no violation of WCAG
// 2.0/2.1 A or AA, nor of its best practices, on any page, signed out, as a user and as an
// administrator, in the light and the dark theme, with JavaScript on and off, on a laptop and on a
// phone; and no page is wider than a 390 or 320 px phone or a laptop, nor splits a button's word.
// Besides each page as it loads, the states its own links open (dialogs, confirmations, tabs,
// filters: they are URLs here, so they open without JavaScript too) and its menus are checked.
import type { Page } from "@playwright/test";

import {
  buildA11yWorld,
  IDENTITIES,
  isAdminPage,
  pageRouteFiles,
  sameRouteStates,
  stateKey,
  THEMES,
  type A11yWorld,
} from "../utils/a11y-world";
import { axeViolations, COLOUR_RULES, rulesRun, type Violation } from "../utils/axe-scan";
import { overflow, resizeTo, SCREENS, wordsBrokenInControls, type Screen } from "../utils/layout-checks";
import { isOperatorsPage, technicalWords } from "../utils/plain-words";
import { addCookiePairs, expect, jsOn, test, visit } from "./fixtures";

// Pages the e2e server cannot show, and why: they get the not-found view instead.
const NOT_SHOWN_IN_E2E: Record<string, string> = {
  "$.tsx": "the catch-all is the not-found page itself",
  "dev.admin-login.tsx":
    "the local stand-in exists only while no identity provider is configured; the e2e server has one",
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

test("the scanner runs every WCAG A/AA and best-practice rule and reports violations when there are some", async ({
  page,
}) => {
  await page.setContent(
    `<html><body><main><p style="color:#aaa;background:#fff">faint</p><input type="text"><img src="data:,"></main></body></html>`,
  );
  const rules = (await axeViolations(page)).map((v) => v.rule);
  // The first four are WCAG rules; the last is a best practice.
  expect(rules).toEqual(
    expect.arrayContaining(["color-contrast", "label", "image-alt", "html-has-lang", "page-has-heading-one"]),
  );
  const { seen, expected } = await rulesRun(page);
  expect(seen).toBe(expected);
});

// The sweep's dark scan follows a theme switched just before it. With the buttons' colour fade
// slowed to 2 s, any machine scans inside the fade, as a fast one does inside the real 150 ms.
test("a scan right after the theme is switched measures the colours the page settles on", async ({ page }) => {
  await addCookiePairs(page, await world.cookiesFor("signed-out", "light"));
  await visit(page, "/login");
  // Added by hand: addStyleTag waits for a load event that a page without scripts never sends.
  await page.evaluate(() =>
    document.head.append(
      Object.assign(document.createElement("style"), { textContent: ".btn { transition-duration: 2s !important; }" }),
    ),
  );
  await page.locator("html").evaluate((el) => el.classList.replace("light", "dark"));
  expect(await runningTransitions(page)).toBeGreaterThan(0);
  expect(await axeViolations(page, { rules: COLOUR_RULES })).toEqual([]);
  expect(await runningTransitions(page)).toBe(0);
});

test("whoever asks for reduced motion sees a theme switch at once, with no colour fade", async ({ page }) => {
  await addCookiePairs(page, await world.cookiesFor("signed-out", "light"));
  await page.emulateMedia({ reducedMotion: "reduce" });
  await visit(page, "/login");
  expect(await switchThemeCountingFades(page, "light", "dark")).toBe(0);
  // The same switch back without the preference fades, so the count above can see a fade.
  await page.emulateMedia({ reducedMotion: "no-preference" });
  expect(await switchThemeCountingFades(page, "dark", "light")).toBeGreaterThan(0);
});

const runningTransitions = (page: Page) =>
  page.evaluate(
    () => document.getAnimations().filter((a) => a instanceof CSSTransition && a.playState === "running").length,
  );

/** Switches the theme and counts the fades it started in the same task, before any can end however slow the round trip. */
const switchThemeCountingFades = (page: Page, from: string, to: string) =>
  page.evaluate(
    ([from, to]) => {
      document.documentElement.classList.replace(from!, to!);
      // getAnimations() flushes the style change first, so the fades it starts are listed.
      return document.getAnimations().filter((a) => a instanceof CSSTransition && a.playState === "running").length;
    },
    [from, to],
  );

const [PHONE, SMALL_PHONE, LAPTOP] = SCREENS;

// One visit per view, every check on it (decision 0184): the page is opened on a laptop and scanned,
// scanned again in the dark theme (its class on <html>, as the server writes it) for the rules that
// colour can change, then turned to a phone and a small phone, as a window resized. Without
// JavaScript the dark and phone scans are left out: the same server HTML is scanned in the light
// theme; the layout checks run in both projects.
for (const identity of IDENTITIES) {
  test(`${identity}: every page, light and dark, laptop and phone: axe finds nothing, nothing is wider than the screen, no button breaks inside a word`, async ({
    page,
  }) => {
    test.setTimeout(900_000);
    await sweepEveryPage(page, identity);
  });
}

/** Every page route, with the states its own links open and its menus, for one identity. */
async function sweepEveryPage(page: Page, identity: (typeof IDENTITIES)[number]) {
  await addCookiePairs(page, await world.cookiesFor(identity, "light"));
  const run = new ScanRun(page, jsOn());
  const open = async (url: string, what: string) => {
    await page.setViewportSize(LAPTOP);
    const response = await visit(page, url);
    expect(response?.status(), `${what} answered`).toBeLessThan(500);
    return run.isNew(response?.status() ?? 0);
  };
  for (const file of pageRouteFiles()) {
    if (!(await open(world.urlFor(file), file))) continue;
    await run.checkView(file);
    await run.scanOpenMenus(file);
    for (const url of await sameRouteStates(page)) {
      if (await open(url, url)) await run.checkView(`${file} ${url}`);
    }
  }
  const { views, scans, violations, layout } = run;
  console.log(`sweep ${identity}: ${pageRouteFiles().length} page routes, ${views} distinct views, ${scans} axe scans`);
  expect(violations.map(describe)).toEqual([]);
  expect(layout).toEqual([]);
}

for (const theme of THEMES) {
  test(`${theme} theme: forms showing their errors, a failed sign-in and a toast have no violation`, async ({
    page,
    user,
  }) => {
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

/** One identity: checks each distinct view once and collects what axe and the layout checks find. */
class ScanRun {
  views = 0;
  scans = 0;
  violations: Found[] = [];
  layout: string[] = [];
  private seen = new Set<string>();
  private headerMenusScanned = false;
  constructor(
    private page: Page,
    private withScripts: boolean,
  ) {}

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

  /** The view as opened on the laptop: light, dark, then the phones. */
  async checkView(where: string) {
    await this.checkLayout(where, LAPTOP);
    await this.scan(where);
    if (this.withScripts) await this.scanDark(where);
    await resizeTo(this.page, PHONE);
    await this.checkLayout(where, PHONE);
    if (this.withScripts) await this.scan(`${where} (phone)`);
    await resizeTo(this.page, SMALL_PHONE);
    await this.checkLayout(where, SMALL_PHONE);
    await resizeTo(this.page, LAPTOP);
  }

  private async checkLayout(where: string, screen: Screen) {
    const at = `${where} at ${screen.width}×${screen.height}`;
    this.layout.push(...(await overflow(this.page, at)), ...(await wordsBrokenInControls(this.page, at)));
    // How Storyhearth is run is for /admin and the README; a family reads plain words (decision 0207).
    if (screen === LAPTOP && !isOperatorsPage(new URL(this.page.url()).pathname)) {
      this.layout.push(...technicalWords(await this.page.locator("body").innerText()).map((w) => `${where}: ${w}`));
    }
  }

  /** The same view in the dark theme, for the rules colour can change; then back to light. */
  private async scanDark(where: string) {
    const html = this.page.locator("html");
    await html.evaluate((el) => el.classList.replace("light", "dark"));
    this.scans++;
    for (const v of await axeViolations(this.page, { rules: COLOUR_RULES }))
      this.violations.push({ ...v, where: `${where} (dark)` });
    await html.evaluate((el) => el.classList.replace("dark", "light"));
  }

  async scan(where: string) {
    this.scans++;
    for (const v of await axeViolations(this.page)) this.violations.push({ ...v, where });
    // A modal dialog open on arrival holds the focus, so the keyboard starts in it (not under its backdrop).
    const stray = await this.page.evaluate(() => {
      const dialog = document.querySelector("[role=dialog][aria-modal=true]");
      return dialog && !dialog.contains(document.activeElement) ? (document.activeElement?.tagName ?? "none") : null;
    });
    if (stray)
      this.violations.push({
        rule: "dialog-focus",
        impact: "serious",
        help: `Focus is on ${stray}, outside the open dialog`,
        nodes: [],
        where,
      });
  }

  /** The page with every <details> menu open: the header's once per run, the page's own every time. */
  async scanOpenMenus(where: string) {
    const own = await this.page.locator("main details:not([open])").count();
    if (!own && this.headerMenusScanned) return;
    this.headerMenusScanned = true;
    await this.page
      .locator("details:not([open])")
      .evaluateAll((menus) => menus.forEach((m) => ((m as HTMLDetailsElement).open = true)));
    await this.scan(`${where} (menus open)`);
    if (!this.withScripts) return;
    await this.scanDark(`${where} (menus open)`);
    await resizeTo(this.page, PHONE);
    await this.scan(`${where} (menus open, phone)`);
  }
}
