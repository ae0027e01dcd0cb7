// Phone first: no page scrolls sideways on a phone, for any identity, with JavaScript on and off.
// Every page route is visited with real data behind its URL, with the states its own links open
// (dialogs, tabs, filters), at a common 6.1-inch phone (390×844), a small one (320×640) and a
// laptop (1280×800); on each, no button or label breaks inside a word and no page outside /admin
// tells its reader to run an operator's command (issue 29).
import type { Page } from "@playwright/test";
import { createCampaign } from "~/models/campaign.server";
import { createUser } from "~/models/user.server";
import { buildA11yWorld, IDENTITIES, pageRouteFiles, sameRouteStates, stateKey, type A11yWorld } from "../utils/a11y-world";
import { axeViolations } from "../utils/axe-scan";
import { addCookiePairs, expect, signInAs, test, visit } from "./fixtures";

const SCREENS = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
  { width: 1280, height: 800 },
];

let world: A11yWorld;
test.beforeAll(async () => {
  world = await buildA11yWorld();
});

for (const identity of IDENTITIES) {
  for (const screen of SCREENS) {
    test(`${identity} at ${screen.width}×${screen.height}: no page is wider than the screen, no button breaks inside a word`, async ({ page }) => {
      // Every page, three checks each, on a machine other runs share.
      test.setTimeout(900_000);
      await page.setViewportSize(screen);
      await addCookiePairs(page, await world.cookiesFor(identity, "light"));
      const seen = new Set<string>();
      const wide: string[] = [];
      const broken: string[] = [];
      const operatorOnly: string[] = [];
      const check = async (where: string) => {
        wide.push(...(await overflow(page, where)));
        broken.push(...(await wordsBrokenInControls(page, where)));
        // The operator's commands are for /admin and the README; families are told what is missing.
        if (!/^\/(api\/)?admin\b/.test(new URL(page.url()).pathname) && (await page.locator("body").innerText()).includes("npm run")) operatorOnly.push(where);
      };
      for (const file of pageRouteFiles()) {
        await visit(page, world.urlFor(file));
        if (!isNew(page, seen)) continue;
        await check(file);
        for (const url of await sameRouteStates(page)) {
          await visit(page, url);
          if (isNew(page, seen)) await check(`${file} ${url}`);
        }
      }
      console.log(`phone ${identity} at ${screen.width}×${screen.height}: ${seen.size} distinct views`);
      expect(wide).toEqual([]);
      expect(broken).toEqual([]);
      expect(operatorOnly).toEqual([]);
    });
  }
}

// The pages a relative opens from a shared link or the family book's QR code. The sweep above sees
// them as the owner, the administrator and signed out; here a relative signed in to an account of
// their own opens them too, and axe scans each, at every screen, with JavaScript on and off.
const LISTENERS = [...IDENTITIES, "relative"] as const;
for (const screen of SCREENS) {
  test(`the share and family-book pages at ${screen.width}×${screen.height}, for every identity and a relative: none wider than the screen, axe finds nothing`, async ({ page, user }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(screen);
    const files = pageRouteFiles().filter((file) => /^[sb]\.\$token\.tsx$/.test(file));
    expect(files.sort()).toEqual(["b.$token.tsx", "s.$token.tsx"]);
    const found: string[] = [];
    for (const who of LISTENERS) {
      await page.context().clearCookies();
      if (who === "relative") {
        await signInAs(page, user);
        await addCookiePairs(page, await world.cookiesFor("signed-out", "light"));
      } else await addCookiePairs(page, await world.cookiesFor(who, "light"));
      for (const file of files) {
        const where = `${who} ${file}`;
        expect((await visit(page, world.urlFor(file)))?.status(), where).toBe(200);
        // The page itself, not a sign-in or error view: the episode, or the recorded story, with its player.
        if (file.startsWith("s.")) await expect(page.getByRole("heading", { level: 1 }), where).toHaveText(world.podcast.title);
        await expect(page.locator("audio"), where).toHaveCount(1);
        found.push(...(await overflow(page, where)), ...(await wordsBrokenInControls(page, where)));
        found.push(...(await axeViolations(page)).map((v) => `${where}: ${v.rule} (${v.impact}) ${v.help} ${v.nodes.join(" | ")}`));
      }
    }
    expect(found).toEqual([]);
  });
}

// Before body's overflow-wrap was 'anywhere', this made the admin collections page 8,031 px wide.
test("a 400-character word in a title or a name breaks instead of widening the admin lists", async ({ page }) => {
  const long = "W".repeat(400);
  const owner = await createUser({ email: `long-${Date.now()}@example.com`, firstName: long, lastName: "L", role: "user" });
  createCampaign(owner.id, { title: long, description: long, prompt: long, inviteEmails: [] });
  await page.setViewportSize(SCREENS[1]!);
  await addCookiePairs(page, await world.cookiesFor("admin", "light"));
  for (const url of ["/admin", "/admin/story-collections", "/admin/activity"]) {
    await visit(page, url);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(SCREENS[1]!.width);
  }
});

// Issue 29: a toast as wide as the screen hung off a phone's left edge.
test("a toast fits a 320 px screen", async ({ page, user }) => {
  await page.setViewportSize(SCREENS[1]!);
  await visit(page, "/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  const toast = page.locator("#toast-region [role=status]");
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(SCREENS[1]!.width);
});

function isNew(page: Page, seen: Set<string>) {
  const key = stateKey(new URL(page.url()));
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}

/** The page's width past the screen, with the widest elements that stick out, or nothing. */
async function overflow(page: Page, where: string) {
  const found = await page.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= width) return null;
    // Content that scrolls inside its own box (a wide table) is not what widens the page.
    const clipped = (el: HTMLElement) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== "visible" && up.getBoundingClientRect().right <= width + 0.5) return true;
      }
      return false;
    };
    const culprits = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && el.getClientRects().length > 0 && !clipped(el))
      // The innermost: the element that is too wide, not every box around it.
      .filter((el, _, all) => !all.some((other) => other !== el && el.contains(other)))
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className.split(/\s+/).slice(0, 3).join(".")}` : ""} (right edge ${Math.round(el.getBoundingClientRect().right)})`);
    return { scrollWidth, culprits };
  });
  return found ? [`${where}: ${found.scrollWidth}px wide; ${found.culprits.join(", ")}`] : [];
}

/**
 * Buttons, button-styled links and labels whose own words are split over two lines ("Gene / rate"):
 * each word of their text, measured as a range, must sit on one line. A break after a hyphen is a
 * break between words; user text marked to break anywhere is not the control's own.
 */
async function wordsBrokenInControls(page: Page, where: string) {
  const found = await page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>("button, .btn, [role='button'], [role='tab'], label, summary");
    const broken: string[] = [];
    for (const control of controls) {
      // Hidden, or the honeypot's 1 px box that people never see.
      if (control.getClientRects().length === 0 || control.closest("[aria-hidden='true']")) continue;
      const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // User text in a control (a contact's address in a checkbox label) is marked to break where it must.
        if (node.parentElement?.closest(".break-all, .break-words, .wrap-anywhere, .wrap-break-word")) continue;
        const text = node.textContent ?? "";
        for (const word of text.matchAll(/[^\s\-–—]+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(`"${word[0]}" in ${control.tagName.toLowerCase()} "${(control.textContent ?? "").trim().slice(0, 40)}"`);
        }
      }
    }
    return broken.slice(0, 5);
  });
  return found.map((what) => `${where}: ${what}`);
}
