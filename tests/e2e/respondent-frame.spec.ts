// The relatives' no-account answer form (from the invitation) carries its own calm frame: the
// collection's title, no marketing header and no sign-in link (decision 0124).
import { randomUUID } from "node:crypto";

import { axeViolations } from "../utils/axe-scan";
import { createTestCampaign, createTestInvitation } from "../utils/stories-helpers";
import { expect, test, visit } from "./fixtures";

const PHONE = { width: 390, height: 844 };

test("the public answer form: the collection's title, no site header or sign-in link, fits a phone, the thank-you too", async ({
  page,
  user,
}) => {
  await page.setViewportSize(PHONE);
  const campaign = createTestCampaign(user.id);
  const invitation = createTestInvitation(campaign.id);
  await visit(page, `/contribute/${campaign.publicId}?t=${invitation.token}`);
  const frame = page.getByTestId("respondent-frame");
  await expect(frame.getByTestId("respondent-frame-title")).toHaveText(campaign.title);
  await expect(page.getByRole("heading", { level: 1, name: "Share Your Story" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toHaveCount(0);
  await expect(page.getByRole("navigation")).toHaveCount(0);
  await expect(page.getByRole("banner")).toHaveCount(0);
  // The title is said once, in the frame.
  await expect(page.getByText(campaign.title, { exact: true })).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel("Your name").fill(`Aunt ${randomUUID().slice(0, 6)}`);
  await page.getByLabel("Your story").fill("We sailed to the island every August.");
  await page.getByRole("button", { name: "Share My Story" }).click();
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  await expect(frame.getByTestId("respondent-frame-title")).toHaveText(campaign.title);
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});

test("signed in or not, the rest of the site keeps its header", async ({ page }) => {
  await visit(page, "/help");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in", exact: true }).first()).toBeVisible();
});
