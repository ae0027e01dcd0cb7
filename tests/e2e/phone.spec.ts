// Phone first. Every page for every identity is swept at a phone, a small phone and a laptop in
// accessibility.spec.ts (one visit per view, decision 0184); here, the pages a relative opens and
// the cases the sweep's data does not reach (a 400-character word, a toast).
import { createCampaign } from "~/models/campaign.server";
import { createUser } from "~/models/user.server";

import { buildA11yWorld, IDENTITIES, pageRouteFiles, type A11yWorld } from "../utils/a11y-world";
import { axeViolations } from "../utils/axe-scan";
import { overflow, resizeTo, SCREENS, wordsBrokenInControls } from "../utils/layout-checks";
import { addCookiePairs, expect, signInAs, test, visit } from "./fixtures";

let world: A11yWorld;
test.beforeAll(async () => {
  world = await buildA11yWorld();
});

// The pages a relative opens from a shared link or the family book's QR code. The every-page sweep sees
// them as the owner, the administrator and signed out; here a relative signed in to an account of
// their own opens them too, and axe scans each, at every screen, with JavaScript on and off.
const LISTENERS = [...IDENTITIES, "relative"] as const;
test(`the share and family-book pages for every identity and a relative, at ${SCREENS.map((s) => s.width).join(", ")} px: none wider than the screen, axe finds nothing`, async ({
  page,
  user,
}) => {
  test.setTimeout(180_000);
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
      await page.setViewportSize(SCREENS[0]!);
      expect((await visit(page, world.urlFor(file)))?.status(), `${who} ${file}`).toBe(200);
      // The page itself, not a sign-in or error view: the episode, or the recorded story, with its player.
      if (file.startsWith("s."))
        await expect(page.getByRole("heading", { level: 1 }), `${who} ${file}`).toHaveText(world.podcast.title);
      await expect(page.locator("audio"), `${who} ${file}`).toHaveCount(1);
      for (const screen of SCREENS) {
        if (screen !== SCREENS[0]) await resizeTo(page, screen);
        const where = `${who} ${file} at ${screen.width}`;
        found.push(...(await overflow(page, where)), ...(await wordsBrokenInControls(page, where)));
        found.push(
          ...(await axeViolations(page)).map(
            (v) => `${where}: ${v.rule} (${v.impact}) ${v.help} ${v.nodes.join(" | ")}`,
          ),
        );
      }
    }
  }
  expect(found).toEqual([]);
});

// Before body's overflow-wrap was 'anywhere', this made the admin collections page 8,031 px wide.
test("a 400-character word in a title or a name breaks instead of widening the admin lists", async ({ page }) => {
  const long = "W".repeat(400);
  const owner = await createUser({
    email: `long-${Date.now()}@example.com`,
    firstName: long,
    lastName: "L",
    role: "user",
  });
  createCampaign(owner.id, { title: long, description: long, prompt: long, inviteEmails: [] });
  await page.setViewportSize(SCREENS[1]!);
  await addCookiePairs(page, await world.cookiesFor("admin", "light"));
  for (const url of ["/admin", "/admin/story-collections", "/admin/activity"]) {
    await visit(page, url);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(SCREENS[1]!.width);
  }
});

// A toast as wide as the screen hung off a phone's left edge.
test("a toast fits a 320 px screen", async ({ page, user }) => {
  await page.setViewportSize(SCREENS[1]!);
  await visit(page, "/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  const toast = page.locator("#toast-region [role=status]");
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(SCREENS[1]!.width);
});
