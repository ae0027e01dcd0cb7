// Listening end to end, with JavaScript on and off: find a podcast from the header search, switch
// tabs, rename and delete through the card menu, open the podcast and load its audio, download the
// MP3 and the transcript PDF, share it behind a password and open the link signed out.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { podcasts } from "#db/schema";

import { db } from "~/lib/db.server";
import { createShareLink } from "~/models/share-link.server";

import { axeViolations } from "../utils/axe-scan";
import {
  createCampaignFor,
  createCompletePodcast,
  getPodcastRow,
  pdfText,
  setShareExpiry,
} from "../utils/listening-helpers";
import { expect, expectToast, jsOn, makeUser, signInAs, test, visit } from "./fixtures";

const unique = () => randomUUID().slice(0, 8);
const cards = (page: Page) => page.getByTestId("podcast-card");
const tabs = (page: Page) => page.getByRole("navigation", { name: "Podcast lists" });
const detailTabs = (page: Page) => page.getByRole("navigation", { name: "Podcast details" });

// A family episode: a minute of audio with a chapter per relative, and its script's lines in them.
const FAMILY = {
  audio: {
    seconds: 60,
    chapters: [
      { title: "Ann", start: 0, end: 20 },
      { title: "Bob", start: 20, end: 60 },
    ],
  },
  script: [
    { speaker: "host1" as const, text: "Welcome to the family stories.", chapter: "Ann" },
    { speaker: "host2" as const, text: "Ann wrote about the lake house and the summers there.", chapter: "Ann" },
    { speaker: "host1" as const, text: "Now Bob.", chapter: "Bob" },
    { speaker: "host2" as const, text: "Bob wrote about the truck.", chapter: "Bob" },
  ],
};
const PHONE = { width: 390, height: 844 };
const audioTime = (page: Page) => page.getByTestId("podcast-audio").evaluate((a: HTMLAudioElement) => a.currentTime);

/** The player fits a phone: nothing scrolls sideways, and axe finds nothing. */
async function expectPhoneFriendly(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(await axeViolations(page)).toEqual([]);
}

/**
 * A family episode's player on a phone, the same on the podcast page (React) and the share page (its
 * plain script, decision 0174): chapters link into `audioPath` at their second; without JavaScript the
 * browser's own controls, and a chapter opens the audio there; with it skip, speed, a chapter jump that
 * stays on the page, keys, and resume after a reload. Answers the player group (null without JavaScript).
 */
async function playerOnPhone(page: Page, audioPath: string) {
  const chapters = page.getByRole("navigation", { name: "Chapters" });
  const bob = chapters.getByRole("link", { name: /Bob/ });
  await expect(chapters.getByRole("link")).toHaveText(["0:00Ann", "0:20Bob"]);
  await expect(bob).toHaveAttribute("href", `${audioPath}#t=20`);
  await expect(page.getByTestId("transcript")).toContainText("Bob wrote about the truck.");
  const player = page.getByRole("group", { name: /Player/ });
  if (!jsOn()) {
    await expect(page.getByTestId("podcast-audio")).toHaveAttribute("controls", "");
    await expect(player).toBeHidden();
    await expect(page.getByRole("button", { name: /Play from/ })).toHaveCount(0);
    await expectPhoneFriendly(page);
    await bob.click();
    await expect(page).toHaveURL(new RegExp(`${audioPath}#t=20$`));
    return null;
  }
  const here = page.url();
  await expect(page.getByTestId("podcast-audio")).toBeHidden();
  await expect(player.getByTestId("player-total")).toHaveText("1:00");
  await expectPhoneFriendly(page);
  await player.getByRole("button", { name: "Forward 30 seconds" }).click();
  await expect.poll(() => audioTime(page)).toBeCloseTo(30, 1);
  await expect(player.getByTestId("player-elapsed")).toHaveText("0:30");
  await player.getByRole("button", { name: "Back 15 seconds" }).click();
  await expect.poll(() => audioTime(page)).toBeCloseTo(15, 1);
  await player.getByLabel("Speed").selectOption("1.5");
  expect(await page.getByTestId("podcast-audio").evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(1.5);

  await bob.click();
  await expect(page).toHaveURL(here);
  await expect(player.getByRole("button", { name: "Pause" })).toBeVisible();
  await expect(bob).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("transcript").locator("[aria-current]")).toContainText("Now Bob.");
  await player.getByRole("button", { name: "Pause" }).click();
  await expect(player.getByRole("button", { name: "Play" })).toBeVisible();
  const paused = await audioTime(page);
  expect(paused).toBeGreaterThanOrEqual(20);
  // Keys while focus is in the player: J back 15 s, L forward 30 s.
  await player.getByRole("slider", { name: "Seek" }).focus();
  await page.keyboard.press("j");
  await expect.poll(() => audioTime(page)).toBeCloseTo(paused - 15, 0);
  await page.keyboard.press("l");
  await expect.poll(() => audioTime(page)).toBeCloseTo(Math.min(60, paused + 15), 0);

  await page.reload();
  await expect(player.getByRole("status")).toHaveText(/^Resumed at 0:\d\d\. Start from the beginning$/);
  expect(await audioTime(page)).toBeGreaterThan(30);
  await expect(player.getByLabel("Speed")).toHaveValue("1.5");
  await expectPhoneFriendly(page);
  return player;
}

/** A signed-out browser with the same JavaScript setting as the test's project. */
async function freshContext(browser: Browser) {
  return browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: jsOn() });
}

test.describe("My Podcasts", () => {
  test("search from the header box, then tabs", async ({ page, user }) => {
    const id = unique();
    const campaign = createCampaignFor(user.id, `Lake Memories ${id}`);
    await createCompletePodcast(user.id, {
      title: `Summer at the LAKE ${id}`,
      listens: 2,
      campaignId: campaign.id,
      createdAt: new Date(Date.now() - 86_400_000),
    });
    await createCompletePodcast(user.id, { title: `Winter Evenings ${id}`, listens: 7 });
    await createCompletePodcast(user.id, {
      title: `Long Ago ${id}`,
      listens: 1,
      createdAt: new Date(Date.now() - 60 * 86_400_000),
    });
    await signInAs(page, user);
    await visit(page, "/my-podcasts");
    await expect(cards(page)).toHaveCount(3);

    await page.locator("#header-search").fill(`lake ${id}`);
    await page.locator("#header-search").press("Enter");
    await expect(page).toHaveURL(/\/my-podcasts\?q=lake/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page)).toContainText(`Summer at the LAKE ${id}`);
    await expect(page.getByPlaceholder("Search podcasts...").last()).toHaveValue(`lake ${id}`);

    // The page's own box: as you type with JavaScript, on submit without it.
    const box = page.locator("#podcast-search");
    await box.fill("nothing matches this");
    if (!jsOn()) await box.press("Enter");
    await expect(page.getByText("No podcasts match your search.")).toBeVisible();
    await box.fill("");
    if (!jsOn()) await box.press("Enter");
    await expect(cards(page)).toHaveCount(3);

    await tabs(page).getByRole("link", { name: "Most Listened" }).click();
    await expect(page).toHaveURL(/tab=most-listened/);
    await expect(cards(page).locator("h2")).toHaveText([
      `Winter Evenings ${id}`,
      `Summer at the LAKE ${id}`,
      `Long Ago ${id}`,
    ]);

    await tabs(page).getByRole("link", { name: "Recently Created" }).click();
    await expect(page).toHaveURL(/tab=recent/);
    await expect(cards(page).locator("h2")).toHaveText([`Winter Evenings ${id}`, `Summer at the LAKE ${id}`]);

    await tabs(page).getByRole("link", { name: "Collections" }).click();
    await expect(page.getByRole("region", { name: `Lake Memories ${id}` }).getByTestId("podcast-card")).toHaveCount(1);
    await expect(page.getByRole("region", { name: "Other stories" }).getByTestId("podcast-card")).toHaveCount(2);

    // The status filter.
    await page.getByText("Filter", { exact: true }).click();
    await page.getByLabel("Processing").check();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/status=processing/);
    await expect(page.getByText("No podcasts match your search.")).toBeVisible();
  });

  test("a library longer than a page: Next and Previous, and a search that finds the last page (decision 0146)", async ({
    page,
    user,
  }) => {
    const id = unique();
    for (let i = 0; i < 25; i++) {
      db.insert(podcasts)
        .values({
          ownerId: user.id,
          title: i === 24 ? `Oldest trip ${id}` : `Episode ${i + 1} ${id}`,
          status: "complete",
          createdAt: new Date(Date.now() - i * 86_400_000),
        })
        .run();
    }
    await page.setViewportSize(PHONE);
    await signInAs(page, user);
    await visit(page, "/my-podcasts");
    const pager = page.getByRole("navigation", { name: "Podcast pages" });
    await expect(cards(page)).toHaveCount(24);
    await expect(pager).toContainText("1–24 of 25");
    await expectPhoneFriendly(page);

    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(cards(page).locator("h2")).toHaveText([`Oldest trip ${id}`]);
    await expect(pager).toContainText("25–25 of 25");
    await pager.getByRole("link", { name: "Previous" }).click();
    await expect(cards(page)).toHaveCount(24);

    const box = page.locator("#podcast-search");
    await box.fill(`oldest trip ${id}`);
    // With JavaScript the whole library is searched once typing pauses; without it, on Enter.
    if (!jsOn()) await box.press("Enter");
    await expect(page).toHaveURL(/q=oldest/);
    await expect(cards(page).locator("h2")).toHaveText([`Oldest trip ${id}`]);
    await expect(pager).toHaveCount(0);
    if (jsOn()) {
      await expect(box).toBeFocused();
      await expect(box).toHaveValue(`oldest trip ${id}`);
    }
  });

  test("Edit Details renames; Delete asks first, then deletes", async ({ page, user }) => {
    const id = unique();
    const podcast = await createCompletePodcast(user.id, { title: `Rename me ${id}` });
    await signInAs(page, user);
    await visit(page, "/my-podcasts");

    await page.getByLabel(`Actions for Rename me ${id}`).click();
    await page.getByRole("link", { name: "Edit Details" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Details" });
    await expect(dialog.getByLabel("Title")).toHaveValue(`Rename me ${id}`);
    await dialog.getByLabel("Title").fill(`Renamed ${id}`);
    await dialog.getByLabel("Description").fill("Evenings by the fire.");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Podcast Updated");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(cards(page)).toContainText(`Renamed ${id}`);
    expect(getPodcastRow(podcast.id)).toMatchObject({ title: `Renamed ${id}`, description: "Evenings by the fire." });

    await page.getByLabel(`Actions for Renamed ${id}`).click();
    await page.getByRole("link", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete podcast?" });
    await expect(confirm).toContainText(`"Renamed ${id}" and its audio will be deleted. This cannot be undone.`);
    // Cancel keeps it.
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(getPodcastRow(podcast.id)).toBeDefined();

    await page.getByLabel(`Actions for Renamed ${id}`).click();
    await page.getByRole("link", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete Podcast" }).click();
    await expectToast(page, "Podcast Deleted", `"Renamed ${id}" was deleted.`);
    await expect(page.getByText("You haven't created any podcasts yet.")).toBeVisible();
    expect(getPodcastRow(podcast.id)).toBeUndefined();
  });
});

test.describe("the podcast page", () => {
  test("play, seek, tabs and downloads", async ({ page, user }) => {
    const id = unique();
    const podcast = await createCompletePodcast(user.id, {
      title: `Summer at the Lake ${id}`,
      description: "Grandpa's truck.",
      backgroundMusic: "soft-jazz",
      processingQuality: "premium",
    });
    await signInAs(page, user);
    await visit(page, "/my-podcasts");
    await page.getByRole("link", { name: `Play Summer at the Lake ${id}` }).click();
    await expect(page).toHaveURL(new RegExp(`/podcast/${podcast.id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Summer at the Lake ${id}`);
    await expect(page.getByText("Two voices")).toBeVisible();
    await expect(page.getByText("Grandpa's truck.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to My Podcasts" })).toHaveAttribute("href", "/my-podcasts");

    // The audio element's source loads, whole and by range.
    const src = await page.getByTestId("podcast-audio").getAttribute("src");
    expect(src).toBe(`/api/podcasts/${podcast.id}/audio`);
    const whole = await page.request.get(src!);
    expect(whole.status()).toBe(200);
    expect(whole.headers()["content-type"]).toBe("audio/mpeg");
    const part = await page.request.get(src!, { headers: { Range: "bytes=0-99" } });
    expect(part.status()).toBe(206);

    if (jsOn()) {
      const player = page.getByRole("group", { name: /Player/ });
      await expect(player.getByTestId("player-total")).toHaveText(/0:0[12]/);
      await player.getByRole("button", { name: "Play" }).click();
      await expect(player.getByRole("button", { name: "Pause" })).toBeVisible();
      await player.getByRole("button", { name: "Pause" }).click();
      await player.getByRole("slider", { name: "Seek" }).fill("1.5");
      await expect
        .poll(() => page.getByTestId("podcast-audio").evaluate((a: HTMLAudioElement) => a.currentTime))
        .toBeGreaterThan(1.4);
      await expect(player.getByTestId("player-elapsed")).toHaveText("0:02");
    } else {
      await expect(page.getByTestId("podcast-audio")).toHaveAttribute("controls", "");
    }
    // Visiting counted one listen (reloads and tab switches do not).
    await detailTabs(page).getByRole("link", { name: "Transcript" }).click();
    await expect(page.getByTestId("transcript")).toContainText("Henry: Grandpa let everyone steer the blue truck");
    await detailTabs(page).getByRole("link", { name: "Technical Details" }).click();
    await expect(page.getByText("MP3 (audio/mpeg)")).toBeVisible();
    // Stored values read as words: voices by name, enums as labels, the size in MB.
    const technical = page.locator("dl").filter({ hasText: "Primary voice" });
    await expect(technical).toContainText("Female, warm (American, 1.0x)");
    await expect(technical).toContainText("Male, warm (American, 1.0x)");
    await expect(technical).toContainText("Soft jazz");
    await expect(technical).toContainText("High (clearer sound, larger file)");
    await expect(technical).toContainText(/\d\.\d\d MB/);
    await expect(technical).not.toContainText(/female-warm|soft-jazz|premium\b/);
    expect(getPodcastRow(podcast.id)?.listens).toBe(1);

    const mp3 = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download MP3" }).click();
    const audioFile = await mp3;
    expect(audioFile.suggestedFilename()).toBe(`summer-at-the-lake-${id}.mp3`);
    if (jsOn()) await expect(page.locator("#toast-region")).toContainText("Download Started");

    const pdf = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download Transcript (PDF)" }).click();
    const pdfFile = await pdf;
    expect(pdfFile.suggestedFilename()).toBe(`transcript-${podcast.id}.pdf`);
    const bytes = fs.readFileSync((await pdfFile.path())!);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = await pdfText(new Uint8Array(bytes));
    expect(text).toContain("Grace:");
    expect(text).toContain("Grandpa let everyone steer the blue truck");
  });

  test("the player on a phone: skip, speed, chapter jump, keys, resume after reload", async ({ page, user }) => {
    await page.setViewportSize(PHONE);
    const podcast = await createCompletePodcast(user.id, { title: `Family stories ${unique()}`, ...FAMILY });
    await signInAs(page, user);
    await visit(page, `/podcast/${podcast.id}?tab=transcript`);
    await playerOnPhone(page, `/api/podcasts/${podcast.id}/audio`);
  });

  test("a shared link with #t= starts there; the transcript follows and seeks", async ({ browser, user }) => {
    const podcast = await createCompletePodcast(user.id, { title: `Shared family ${unique()}`, ...FAMILY });
    const created = await createShareLink(user.id, podcast.id, { expiration: 7 });
    if ("error" in created) throw new Error(created.error);
    const context = await freshContext(browser);
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`/s/${created.token}#t=25`);
    const chapters = page.getByRole("navigation", { name: "Chapters" });
    await expect(chapters.getByRole("link", { name: /Bob/ })).toHaveAttribute("href", `/s/${created.token}/audio#t=20`);
    await expect(page.getByTestId("transcript")).toContainText("Now Bob.");
    await expectPhoneFriendly(page);
    if (jsOn()) {
      await expect.poll(() => audioTime(page)).toBeCloseTo(25, 1);
      await expect(page.getByTestId("player-elapsed")).toHaveText("0:25");
      await expect(page.getByTestId("transcript").locator("[aria-current]")).toContainText("Now Bob.");
      await page.getByRole("button", { name: "Play from 0:07" }).click();
      await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(7.4);
      await expect(page.getByTestId("transcript").locator("[aria-current]")).toContainText(
        "Ann wrote about the lake house",
      );
    }
    await context.close();
  });

  test("the share page's player without React: skip, speed, chapter jump, keys, resume after reload (decision 0174)", async ({
    browser,
    user,
  }) => {
    const podcast = await createCompletePodcast(user.id, { title: `Shared player ${unique()}`, ...FAMILY });
    const created = await createShareLink(user.id, podcast.id, { expiration: 7 });
    if ("error" in created) throw new Error(created.error);
    const context = await freshContext(browser);
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await visit(page, `/s/${created.token}`);
    const player = await playerOnPhone(page, `/s/${created.token}/audio`);
    if (!player) {
      await context.close();
      return;
    }
    await player.getByRole("button", { name: "Start from the beginning" }).click();
    await expect(player.getByRole("button", { name: "Start from the beginning" })).toBeHidden();
    await expect(player.getByTestId("player-elapsed")).toHaveText("0:00");
    await expectPhoneFriendly(page);
    await context.close();
  });

  test("share with a password; the link opens signed out after the right password", async ({ page, user, browser }) => {
    const id = unique();
    const podcast = await createCompletePodcast(user.id, { title: `Shared story ${id}` });
    await signInAs(page, user);
    await visit(page, `/podcast/${podcast.id}`);

    // Before a link exists the send buttons say so.
    await page.getByRole("button", { name: "Text message" }).click();
    await expectToast(page, "No Share Link", "Generate a share link first.");

    await page.getByLabel("Password protect this podcast").check();
    await page.getByLabel("Password", { exact: true }).fill("lakehouse");
    await page.getByLabel("Link expires after (days)").fill("7");
    await page.getByRole("button", { name: "Generate" }).click();
    await expectToast(page, "Link Generated", "Share link created! It will expire in 7 days");
    const field = page.getByTestId("share-link");
    await expect(field).toHaveValue(/\/s\/[A-Za-z0-9_-]{43}$/);
    const link = await field.inputValue();
    await expect(page.locator("a[data-network=email]")).toHaveAttribute(
      "href",
      `mailto:?subject=${encodeURIComponent(`Listen to this podcast: Shared story ${id}`)}&body=${encodeURIComponent(`Check out this podcast: ${link}`)}`,
    );
    await expect(page.locator("a[data-network=sms]")).toHaveAttribute(
      "href",
      `sms:?&body=${encodeURIComponent(`Listen to this podcast: Shared story ${id} ${link}`)}`,
    );
    await expect(page.locator("[data-network=facebook], [data-network=twitter], [data-network=linkedin]")).toHaveCount(
      0,
    );

    if (jsOn()) {
      // Later presses copy.
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.getByRole("button", { name: "Copy", exact: true }).click();
      await expect(page.locator("#toast-region")).toContainText("Copied to Clipboard");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    }

    const context = await freshContext(browser);
    const visitor = await context.newPage();
    const locked = await visitor.goto(link);
    // 200 with the form and the neutral link preview, so messengers still show a card.
    expect(locked?.status()).toBe(200);
    await expect(visitor.getByRole("heading", { name: "This podcast is password protected" })).toBeVisible();
    await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute("content", "A podcast shared with you");
    await expect(visitor.getByText(`Shared story ${id}`)).toHaveCount(0);
    const lockedAudio = await visitor.request.get(`${link}/audio`);
    expect(lockedAudio.status()).toBe(401);

    await visitor.getByLabel("Password", { exact: true }).fill("wrong-one");
    await visitor.getByRole("button", { name: "Listen" }).click();
    await expect(visitor.getByRole("alert")).toContainText("Incorrect password. Please try again.");
    await visitor.getByLabel("Password", { exact: true }).fill("lakehouse");
    await visitor.getByRole("button", { name: "Listen" }).click();
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`Shared story ${id}`);
    await expect(visitor.getByTestId("transcript")).toContainText("Grace: Welcome back.");
    const audio = visitor.getByTestId("podcast-audio");
    await expect(audio).toHaveAttribute("src", new URL(link).pathname + "/audio");
    const bytes = await visitor.request.get(`${link}/audio`, { headers: { Range: "bytes=0-9" } });
    expect(bytes.status()).toBe(206);
    expect(bytes.headers()["content-type"]).toBe("audio/mpeg");
    await context.close();
  });

  test("an expired link shows a clear page and no audio", async ({ browser, user }) => {
    const podcast = await createCompletePodcast(user.id, { title: `Old news ${unique()}` });
    const created = await createShareLink(user.id, podcast.id, { expiration: 1 });
    if ("error" in created) throw new Error(created.error);
    setShareExpiry(created.token, new Date(Date.now() - 60_000));
    const context = await freshContext(browser);
    const page = await context.newPage();
    const response = await page.goto(`/s/${created.token}`);
    expect(response?.status()).toBe(410);
    await expect(page.getByRole("heading", { name: "This share link has expired" })).toBeVisible();
    await expect(page.getByTestId("podcast-audio")).toHaveCount(0);
    expect((await page.request.get(`/s/${created.token}/audio`)).status()).toBe(410);
    await context.close();
  });

  test("a malformed id is 'Invalid podcast ID'; someone else's podcast is the load failure", async ({ page, user }) => {
    const other = await makeUser();
    const foreignPodcast = await createCompletePodcast(other.id, { title: "Not yours" });
    await signInAs(page, user);
    const invalid = await visit(page, "/podcast/not-an-id");
    expect(invalid?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "Invalid podcast ID" })).toBeVisible();
    const foreign = await visit(page, `/podcast/${foreignPodcast.id}`);
    expect(foreign?.status()).toBe(404);
    await expect(
      page.getByText("Failed to load podcast details. The podcast may have been deleted or is unavailable."),
    ).toBeVisible();
    await page.getByRole("link", { name: "Back to My Podcasts" }).last().click();
    await expect(page).toHaveURL(/\/my-podcasts$/);
  });
});
