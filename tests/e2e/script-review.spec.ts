// Decision 0128: with JavaScript on and off: the script reviewed before any audio,
// and the family's pronunciation list. The job runs for real in the server (real voices and mixing).
import type { Page } from "@playwright/test";
import { campaigns, podcasts } from "#db/schema";
import { eq } from "drizzle-orm";

import { podcastTranscript } from "~/features/podcasts/script/host-names.server";
import type { ScriptSegment } from "~/features/podcasts/script/script";
import { db } from "~/lib/db.server";

import { axeViolations } from "../utils/axe-scan";
import { createStory } from "../utils/podcast-wizard-helpers";
import { createTestCampaign, insertTestContribution } from "../utils/stories-helpers";
import { expect, expectToast, signInAs, test, visit } from "./fixtures";

const jsEnabled = () => test.info().project.use.javaScriptEnabled !== false;
const READY_MS = 120_000;
const PHONE = { width: 390, height: 844 };

/** A podcast whose script waits for its review, as the job leaves it after 'Review the script first'. */
function scriptReadyPodcast(ownerId: string, script: ScriptSegment[]) {
  const story = createStory(ownerId, "Letters from Niamh", script.map((s) => s.text).join(" "));
  return db
    .insert(podcasts)
    .values({
      ownerId,
      storyId: story.id,
      title: story.title,
      status: "script_ready",
      hostCount: 2,
      secondaryVoice: "male-warm",
      introOutro: "none",
      script,
      transcript: podcastTranscript({ primaryVoice: "female-warm", secondaryVoice: "male-warm" }, script),
    })
    .returning()
    .get();
}

/** With JavaScript a marker set on the window survives: the line was saved without loading a page. */
async function markWindow(page: Page) {
  if (jsEnabled()) await page.evaluate(() => Object.assign(window, { __stillHere: true }));
}
async function expectSameWindow(page: Page) {
  if (jsEnabled())
    expect(await page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(true);
}

async function expectPhoneSafeAndAxeClean(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test.describe("script review", () => {
  test("'Review the script first' → a line edited and moved → 'Make the audio': the transcript has the edit", async ({
    page,
    user,
  }) => {
    test.setTimeout(READY_MS + 30_000);
    const story = createStory(
      user.id,
      "Rowing at Dawn",
      "We rowed across the lake at dawn. Grandpa sang the whole way over.",
    );
    await signInAs(page, user);
    await visit(page, `/create-podcast?story=${story.id}&step=review&hostCount=2&secondaryVoice=male-warm`);
    await page.getByRole("button", { name: "Review the script first" }).click();
    await expect(page.getByRole("heading", { name: "Review the script", level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/podcast\/[^/]+\/script$/);
    const podcastId = page.url().split("/").at(-2)!;
    expect(db.select().from(podcasts).where(eq(podcasts.id, podcastId)).get()).toMatchObject({
      status: "script_ready",
      audioKey: null,
    });
    await expectPhoneSafeAndAxeClean(page);

    // The hosts are the voices the family chose (Grace, the default first voice, and Henry), never "Host 1".
    await expect(page.getByLabel(/^Line \d+, read by (Grace|Henry)$/).first()).toBeVisible();
    await expect(page.getByLabel(/, read by Grace$/).first()).toBeVisible();
    await expect(page.getByLabel(/, read by Henry$/).first()).toBeVisible();
    await expect(page.getByText(/Host [12]/)).toHaveCount(0);

    const line = page.getByLabel(/^Line 2, read by/);
    await markWindow(page);
    await line.fill("We rowed across Lough Derg at first light.");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, "Changes saved");
    await expect(page.getByLabel(/^Line 2, read by/)).toHaveValue("We rowed across Lough Derg at first light.");
    await expectSameWindow(page);

    const lastForm = page.getByTestId("script-segment").last();
    const before = (await lastForm.locator("label").first().textContent())!;
    await lastForm.getByRole("button", { name: before.endsWith("Grace") ? "Move to Henry" : "Move to Grace" }).click();
    await expectToast(page, "Line moved");
    await expect(page.getByTestId("script-segment").last().locator("label").first()).not.toHaveText(before);

    // A blank line is refused with its message, nothing is saved, and the other lines keep what was typed.
    const first = page.getByLabel(/^Line 1, read by/);
    const firstText = await first.inputValue();
    await first.fill("   ");
    await page.getByLabel(/^Line 2, read by/).fill("We rowed across Lough Derg, never saved on its own.");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Please enter what the host should say.")).toBeVisible();
    await expect(page.getByLabel(/^Line 2, read by/)).toHaveValue(
      "We rowed across Lough Derg, never saved on its own.",
    );
    expect(
      (db.select().from(podcasts).where(eq(podcasts.id, podcastId)).get()!.script as ScriptSegment[])[0]!.text,
    ).toBe(firstText);

    // An edit not saved on its own is what the audio says: 'Make the audio' posts every line.
    await first.fill(firstText);
    await page.getByLabel(/^Line 2, read by/).fill("We rowed across Lough Derg at first light.");
    await page.getByRole("button", { name: "Make the audio" }).click();
    await expect(page.getByRole("heading", { name: "Your Podcast is Ready!" })).toBeVisible({ timeout: READY_MS });
    await visit(page, `/podcast/${podcastId}?tab=transcript`);
    await expect(page.getByTestId("transcript")).toContainText("We rowed across Lough Derg at first light.");
    await expect(page.getByTestId("transcript")).not.toContainText("We rowed across the lake at dawn.");
  });

  test("a family podcast reviewed first: the dialog's 'Review the script first', the panel's link, 'Make the audio' back to the collection", async ({
    page,
    user,
  }) => {
    test.setTimeout(READY_MS + 30_000);
    const campaign = createTestCampaign(user.id, { status: "collecting" });
    insertTestContribution(campaign.id, {
      contributorName: "Aunt May",
      storyContent: "We baked bread every Sunday morning.",
    });
    insertTestContribution(campaign.id, {
      contributorName: "Uncle Bo",
      storyContent: "Grandpa fixed clocks in the cellar.",
    });
    await signInAs(page, user);
    await visit(page, `/campaigns/${campaign.id}/stories`);
    await page.getByRole("button", { name: "Generate Family Podcast" }).click();
    const dialog = page.getByRole("dialog", { name: "Configure Family Podcast Voice" });
    await expect(dialog.getByRole("button", { name: "Review the script first" })).toHaveAccessibleDescription(
      /Read and change what the hosts will say/,
    );
    await dialog.getByRole("button", { name: "Review the script first" }).click();
    await expectToast(page, "Writing the script");

    // The panel follows the job (polled, or a refreshing page) until the script waits for the owner.
    await expect(page.getByText("The Script Is Ready")).toBeVisible({ timeout: 30_000 });
    const podcast = db.select().from(podcasts).where(eq(podcasts.campaignId, campaign.id)).get()!;
    expect(podcast).toMatchObject({ status: "script_ready", audioKey: null });
    await expectPhoneSafeAndAxeClean(page);
    await page.getByRole("link", { name: "Review the Script" }).click();
    await expect(page.getByRole("heading", { name: "Review the script", level: 1 })).toBeVisible();
    await expect(page.getByLabel(/^Line \d+, read by/).first()).toBeVisible();

    await page.getByRole("button", { name: "Make the audio" }).click();
    await expect(page).toHaveURL(new RegExp(`/campaigns/${campaign.id}/stories$`));
    await expectToast(page, "Podcast generation started");
    await expect(page.getByText("Family Podcast Created!")).toBeVisible({ timeout: READY_MS });
    expect(db.select().from(campaigns).where(eq(campaigns.id, campaign.id)).get()!.status).toBe("collecting");
  });

  test("a collection's podcast with two voices: the dialog offers them, the review page and the transcript name them, a chapter per relative", async ({
    page,
    user,
  }) => {
    test.setTimeout(READY_MS + 60_000);
    const campaign = createTestCampaign(user.id, {
      status: "collecting",
      prompt: "What do you remember about Sunday dinners?",
    });
    insertTestContribution(campaign.id, {
      contributorName: "Uncle Sal",
      storyContent: "Dear Margaret,\n\nGrandpa Joe learned to cook in Naples.\n\nLove,\nUncle Sal",
      submittedAt: new Date("2026-01-01"),
    });
    insertTestContribution(campaign.id, {
      contributorName: "Aunt Rosa",
      storyContent: "I'm Margaret's sister. Grandma baked bread every Friday in Duluth.",
      submittedAt: new Date("2026-01-02"),
    });
    insertTestContribution(campaign.id, {
      contributorName: "Aunt Rosa",
      storyContent: "Uncle Frank was our mother's older brother.",
      submittedAt: new Date("2026-01-03"),
    });
    await signInAs(page, user);
    await visit(page, `/campaigns/${campaign.id}/stories`);
    await page.getByRole("button", { name: "Generate Family Podcast" }).click();
    const dialog = page.getByRole("dialog", { name: "Configure Family Podcast Voice" });
    await expect(dialog.getByRole("group", { name: "Voices" })).toBeVisible();
    // One voice by default: the host's fields wait, hidden, until two voices are chosen (CSS, no script).
    await expect(dialog.getByLabel("Host voice")).toBeHidden();
    await dialog.getByLabel(/^Two voices/).check();
    await expect(dialog.getByLabel("Host voice")).toBeVisible();
    await dialog.getByLabel("Host voice").selectOption({ label: "Male, professional" });
    await dialog.getByLabel("Background music").selectOption({ label: "None" });
    await expectPhoneSafeAndAxeClean(page);
    await dialog.getByRole("button", { name: "Review the script first" }).click();
    await expectToast(page, "Writing the script");
    await expect(page.getByText("The Script Is Ready")).toBeVisible({ timeout: 30_000 });
    const podcast = db.select().from(podcasts).where(eq(podcasts.campaignId, campaign.id)).get()!;
    expect(podcast).toMatchObject({ hostCount: 2, primaryVoice: "female-warm", secondaryVoice: "male-professional" });

    // The review page reads each line by the chosen voice's name: James the host, Grace the narrator.
    await page.getByRole("link", { name: "Review the Script" }).click();
    await expect(page.getByLabel("Line 1, read by James")).toHaveValue(
      /We asked each of them: “What do you remember about Sunday dinners\?”/,
    );
    await expect(page.getByLabel(/read by Grace/).first()).toBeVisible();
    await expect(page.getByText(/Host 1|Host 2/)).toHaveCount(0);
    await expectPhoneSafeAndAxeClean(page);
    await page.getByRole("button", { name: "Make the audio" }).click();
    await expect(page).toHaveURL(new RegExp(`/campaigns/${campaign.id}/stories$`));
    await expect(page.getByText("Family Podcast Created!")).toBeVisible({ timeout: READY_MS });

    // The episode: a chapter per relative, the transcript naming the voices, the letter read as a letter.
    await visit(page, `/podcast/${podcast.id}`);
    await expect(page.getByRole("navigation", { name: "Chapters" }).getByRole("link")).toHaveText([
      /Uncle Sal$/,
      /Aunt Rosa$/,
    ]);
    const transcript = String(db.select().from(podcasts).where(eq(podcasts.id, podcast.id)).get()!.transcript);
    expect(transcript).toContain("James: First, Uncle Sal wrote Margaret a letter.");
    expect(transcript).toContain("Grace: Hello. I'm glad to tell it. It reads: “Dear Margaret,");
    expect(transcript).toContain("And last, Aunt Rosa, Margaret's sister.");
    expect(transcript.split("What do you remember about Sunday dinners?")).toHaveLength(2);
    expect(transcript).not.toMatch(/Host [12]:/);
  });

  test("a pronunciation entry: shown as spoken, heard with 'Listen', removed", async ({ page, user }) => {
    test.setTimeout(90_000);
    const podcast = scriptReadyPodcast(user.id, [
      { speaker: "host2", text: "Welcome. Who wrote this one?" },
      { speaker: "host1", text: "Niamh wrote it from Galway." },
    ]);
    await signInAs(page, user);
    await visit(page, `/podcast/${podcast.id}/script`);
    await expect(page.getByText("No pronunciations yet.")).toBeVisible();
    await expect(page.getByTestId("spoken-as")).toHaveCount(0);

    await markWindow(page);
    await page.getByLabel("Name or place").fill("niamh");
    await page.getByLabel("Say it as").fill("NEEV");
    await page.getByRole("button", { name: "Add" }).click();
    await expectToast(page, "Pronunciation added");
    // The line as the voice will read it (the text handed to the synthesizer; Vitest asserts the phonemes).
    await expect(page.getByTestId("spoken-as")).toHaveText("NEEV wrote it from Galway.");
    await expect(page.getByLabel(/^Line 2, read by/)).toHaveValue("Niamh wrote it from Galway.");
    await expectSameWindow(page);

    // The same term in another case is refused with its message.
    await page.getByLabel("Name or place").fill("NIAMH");
    await page.getByLabel("Say it as").fill("nee-AM");
    await page.getByRole("button", { name: "Add" }).click();
    await expect(page.getByText("That name or place is already in your list.")).toBeVisible();

    const listen = page.getByRole("link", { name: "Listen to niamh" });
    const sample = await page.request.get((await listen.getAttribute("href"))!);
    expect(sample.status()).toBe(200);
    expect(sample.headers()["content-type"]).toBe("audio/mpeg");
    expect((await sample.body()).length).toBeGreaterThan(1000);
    if (jsEnabled()) {
      // With JavaScript the sample plays on the page instead of opening it, "Preparing…" until it arrives.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/pronunciations/*/listen*", async (route) => {
        await held;
        await route.continue();
      });
      await listen.click();
      await expect(listen).toHaveText("Preparing…");
      release();
      await expect(listen).toHaveText("Listen");
      await expect(page).toHaveURL(new RegExp(`/podcast/${podcast.id}/script$`));
      // A busy server's 429 is said beside the button, with its wait.
      await page.unroute("**/pronunciations/*/listen*");
      await page.route("**/pronunciations/*/listen*", (route) =>
        route.fulfill({ status: 429, headers: { "Retry-After": "7" }, body: "busy" }),
      );
      await listen.click();
      await expect(page.getByRole("status").filter({ hasText: "Please try again in 7 seconds." })).toBeVisible();
      await page.unroute("**/pronunciations/*/listen*");
    }
    await expectPhoneSafeAndAxeClean(page);

    await page.getByRole("button", { name: "Remove niamh" }).click();
    await expectToast(page, "Pronunciation removed");
    await expect(page.getByTestId("spoken-as")).toHaveCount(0);
    await expectSameWindow(page);
  });
});
