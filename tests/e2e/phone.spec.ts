// Phone first: no page scrolls sideways on a phone, for any identity, with JavaScript on and off.
// Every page route is visited with real data behind its URL, with the states its own links open
// (dialogs, tabs, filters), at a common 6.1-inch phone (390×844) and a small one (320×640).
import type { Page } from "@playwright/test";
import { createCampaign } from "~/models/campaign.server";
import { createUser } from "~/models/user.server";
import { buildA11yWorld, IDENTITIES, pageRouteFiles, sameRouteStates, stateKey, type A11yWorld } from "../utils/a11y-world";
import { addCookiePairs, expect, test, visit } from "./fixtures";

const SCREENS = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
];

let world: A11yWorld;
test.beforeAll(async () => {
  world = await buildA11yWorld();
});

for (const identity of IDENTITIES) {
  for (const screen of SCREENS) {
    test(`${identity} at ${screen.width}×${screen.height}: no page is wider than the screen`, async ({ page }) => {
      test.setTimeout(300_000);
      await page.setViewportSize(screen);
      await addCookiePairs(page, await world.cookiesFor(identity, "light"));
      const seen = new Set<string>();
      const wide: string[] = [];
      for (const file of pageRouteFiles()) {
        await visit(page, world.urlFor(file));
        if (!isNew(page, seen)) continue;
        wide.push(...(await overflow(page, file)));
        for (const url of await sameRouteStates(page)) {
          await visit(page, url);
          if (isNew(page, seen)) wide.push(...(await overflow(page, `${file} ${url}`)));
        }
      }
      console.log(`phone ${identity} at ${screen.width}×${screen.height}: ${seen.size} distinct views`);
      expect(wide).toEqual([]);
    });
  }
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
