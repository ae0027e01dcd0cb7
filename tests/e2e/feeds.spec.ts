// The private feed end to end, with JavaScript on and off, on a phone: the owner copies the link, a
// podcast app reads the feed and its enclosure, the owner stops the link and the old one is gone.
import { randomUUID } from "node:crypto";
import { XMLParser } from "fast-xml-parser";

import { createCompletePodcast } from "../utils/listening-helpers";
import { expect, expectToast, jsOn, signInAs, test, visit } from "./fixtures";

test("copy the private feed link, subscribe with it, then stop it", async ({ page, user }) => {
  const title = `Letters home ${randomUUID().slice(0, 8)}`;
  const podcast = await createCompletePodcast(user.id, { title });
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, user);
  await visit(page, `/podcast/${podcast.id}`);

  const panel = page.getByTestId("feed-panel");
  await expect(panel.getByRole("heading", { name: "Subscribe in your podcast app" })).toBeVisible();
  const link = await panel.getByTestId("feed-url").inputValue();
  expect(link).toMatch(/\/feed\/[A-Za-z0-9_-]{43}$/);
  if (jsOn()) {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await panel.getByRole("button", { name: "Copy link" }).click();
    await expect(panel.getByRole("status")).toHaveText("Feed link copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  } else {
    await expect(panel.getByRole("button", { name: "Copy link" })).toHaveCount(0);
  }
  await panel.getByText("Show a QR code to scan with your phone").click();
  const qr = panel.getByRole("img", { name: "QR code of the private feed link" });
  await expect(qr).toBeVisible();
  // Drawn by the server once the panel opens it: the image has loaded.
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // What a podcast app does: read the feed signed out, then fetch the enclosure with a range.
  const app = await page.context().browser()!.newContext();
  const feed = await app.request.get(link);
  expect(feed.status()).toBe(200);
  const item = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(await feed.text()).rss.channel
    .item;
  expect(item.title).toBe(title);
  const audio = await app.request.get(item.enclosure.url, { headers: { Range: "bytes=0-99" } });
  expect(audio.status()).toBe(206);

  await panel.getByText("Stop this link…").click();
  await panel.getByRole("button", { name: "Stop this link and make a new one" }).click();
  await expectToast(page, "Feed link replaced");
  await expect(page.getByTestId("feed-url")).not.toHaveValue(link);
  expect((await app.request.get(link)).status()).toBe(404);
  expect((await app.request.get(item.enclosure.url)).status()).toBe(404);
  await app.close();
});
