// With JavaScript on and off: on a phone the player stays in reach while the reader
// scrolls through the transcript, and a touch screen is not told about keys it does not have.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";

import { axeViolations } from "../utils/axe-scan";
import { createCompletePodcast } from "../utils/listening-helpers";
import { expect, jsOn, signInAs, test, visit } from "./fixtures";

const PHONE = { width: 390, height: 844 };
/** The site's bar (h-16 and its border) stays on top; the player must sit below it. */
const HEADER = 64;
const KEYS_HINT = "Keys: Space or K play and pause";

const LONG_STORY = Array.from({ length: 24 }, (_, i) => ({
  speaker: i % 2 ? ("host1" as const) : ("host2" as const),
  text: `Line ${i + 1}: the summer at the lake house, the blue truck on the gravel road, and supper on the porch.`,
  chapter: i < 12 ? "Ann" : "Bob",
}));

async function longPodcast(ownerId: string) {
  return createCompletePodcast(ownerId, {
    title: `Lake summers ${randomUUID().slice(0, 8)}`,
    audio: {
      seconds: 60,
      chapters: [
        { title: "Ann", start: 0, end: 30 },
        { title: "Bob", start: 30, end: 60 },
      ],
    },
    script: LONG_STORY,
  });
}

/** The player's controls (the custom group with JavaScript, the browser's own without) are on screen, below the bar. */
async function expectPlayerInReach(page: Page) {
  const controls = jsOn() ? page.getByRole("button", { name: "Play", exact: true }) : page.getByTestId("podcast-audio");
  const box = (await controls.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(HEADER);
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
}

test.describe("on a touch phone", () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test("the player stays in reach while the page scrolls to the end of the transcript; no keyboard hint", async ({
    page,
    user,
  }) => {
    const podcast = await longPodcast(user.id);
    await signInAs(page, user);
    await visit(page, `/podcast/${podcast.id}?tab=transcript`);
    await expect(page.getByTestId("transcript")).toContainText("Line 24:");
    await expectPlayerInReach(page);

    // The page is much longer than the screen: scrolled to its very end, the player is still there.
    const scrolled = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      return window.scrollY;
    });
    expect(scrolled).toBeGreaterThan(PHONE.height / 2);
    await expectPlayerInReach(page);
    await page.getByTestId("transcript").getByText("Line 12:").scrollIntoViewIfNeeded();
    await expectPlayerInReach(page);
    if (jsOn()) {
      await page.getByRole("button", { name: "Play", exact: true }).click();
      await expect(page.getByRole("button", { name: "Pause", exact: true })).toBeVisible();
      await page.getByRole("button", { name: "Pause", exact: true }).click();
    }

    await expect(page.getByText(KEYS_HINT)).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test("with a mouse the keyboard hint is shown, and a wide screen keeps the player in its place", async ({
  page,
  user,
}) => {
  const podcast = await longPodcast(user.id);
  await signInAs(page, user);
  await page.setViewportSize({ width: 1280, height: 800 });
  await visit(page, `/podcast/${podcast.id}?tab=transcript`);
  if (jsOn()) await expect(page.getByText(KEYS_HINT)).toBeVisible();
  expect(await page.getByTestId("player-card").evaluate((card) => getComputedStyle(card).position)).toBe("static");
});
