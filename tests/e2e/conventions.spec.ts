// Conventions a web app is expected to keep: an installable manifest with icons drawn
// from the mark, the browser's toolbar colour for each theme, and pages that print as documents
// (decision 0125). Each runs with JavaScript on and off.
import type { Page } from "@playwright/test";

import { createNewsletter } from "~/features/newsletters/newsletters.server";
import { serializeTheme } from "~/lib/theme.server";

import { createCompletePodcast } from "../utils/listening-helpers";
import { createNewsletterCollection } from "../utils/newsletter-helpers";
import { addCookiePairs, expect, signInAs, test, visit } from "./fixtures";

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test("a web app manifest with name, start URL, colours and 192, 512 and maskable 512 icons; each icon answers as the PNG it declares", async ({
  page,
}) => {
  await visit(page, "/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as {
    icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
  };
  expect(manifest).toMatchObject({
    name: "Storyhearth",
    short_name: "Storyhearth",
    start_url: "/",
    display: "standalone",
    theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
  });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);

  const apple = page.locator('link[rel="apple-touch-icon"]');
  await expect(apple).toHaveAttribute("sizes", "180x180");
  const icons = [...manifest.icons, { src: (await apple.getAttribute("href"))!, sizes: "180x180", type: "image/png" }];
  for (const icon of icons) {
    const file = await page.request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()["content-type"], icon.src).toBe("image/png");
    expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
  }
});

test("theme-color: one for each system colour scheme until the user picks a theme, then the pick's", async ({
  page,
}) => {
  await visit(page, "/");
  const metas = page.locator('meta[name="theme-color"]');
  await expect(metas).toHaveCount(2);
  expect(
    await metas.evaluateAll((els) => els.map((m) => [m.getAttribute("media"), m.getAttribute("content")])),
  ).toEqual([
    ["(prefers-color-scheme: light)", "#fdfaf5"],
    ["(prefers-color-scheme: dark)", "#1b1612"],
  ]);
  await addCookiePairs(page, [(await serializeTheme("dark")).split(";")[0]!]);
  await visit(page, "/");
  await expect(metas).toHaveCount(1);
  await expect(metas).toHaveAttribute("content", "#1b1612");
  await expect(metas).not.toHaveAttribute("media", /./);
});

/** On paper: black on white, whatever the theme on screen. */
async function expectBlackOnWhite(page: Page) {
  const colours = await page.evaluate(() => {
    const body = getComputedStyle(document.body);
    return [body.color, body.backgroundColor];
  });
  expect(colours).toEqual(["rgb(0, 0, 0)", "rgb(255, 255, 255)"]);
}

test("a newsletter prints without the site's header, navigation and controls, black on white, its stories and transcript in full", async ({
  page,
  user,
}) => {
  const { campaign } = await createNewsletterCollection(user.id);
  const made = createNewsletter(user.id, campaign.id);
  if (!made.ok) throw new Error("newsletter not created");
  await signInAs(page, user);
  await addCookiePairs(page, [(await serializeTheme("dark")).split(";")[0]!]);
  await visit(page, `/newsletter/${made.newsletter.publicId}`);
  const siteHeader = page.locator("body > header");
  const transcript = page.getByText("Welcome to the family podcast.");
  await expect(siteHeader).toBeVisible();
  await expect(transcript).toBeHidden();

  await page.emulateMedia({ media: "print" });
  await expect(siteHeader).toBeHidden();
  await expect(page.getByRole("navigation")).toHaveCount(0);
  await expect(page.getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Larger text/i })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Growing Up on the Farm" })).toBeVisible();
  await expect(page.getByText("Every Christmas Eve we sang carols by the fire.")).toBeVisible();
  // The transcript sits in a closed disclosure on screen; on paper it is printed.
  await expect(transcript).toBeVisible();
  await expectBlackOnWhite(page);
  // A story is kept on one page when it fits.
  expect(
    await page
      .getByRole("article")
      .first()
      .evaluate((a) => getComputedStyle(a).breakInside),
  ).toBe("avoid");
});

test("a podcast's transcript prints without the header, the tabs and the player", async ({ page, user }) => {
  const podcast = await createCompletePodcast(user.id, { title: "Printed podcast" });
  await signInAs(page, user);
  await visit(page, `/podcast/${podcast.id}?tab=transcript`);
  const tabs = page.getByRole("navigation", { name: "Podcast details" });
  await expect(tabs).toBeVisible();

  await page.emulateMedia({ media: "print" });
  await expect(page.locator("body > header")).toBeHidden();
  await expect(tabs).toBeHidden();
  await expect(page.getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Printed podcast" })).toBeVisible();
  await expect(page.getByText("Grandpa let everyone steer the blue truck on the gravel road.")).toBeVisible();
  await expectBlackOnWhite(page);
});
