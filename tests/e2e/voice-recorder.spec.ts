// The recorder on the public answer form (decision 0138), with Chromium's fake
// microphone (a beeping tone). Without JavaScript the form keeps only its file input; the upload
// of a file that way is tested in voice-answers.spec.ts.
import type { Page } from "@playwright/test";
import { contributionRecordings, contributions, jobs } from "#db/schema";
import { eq } from "drizzle-orm";

import { db } from "~/lib/db.server";
import { serializeTheme } from "~/lib/theme.server";

import config from "../../playwright.config";
import { axeViolations } from "../utils/axe-scan";
import { createTestCampaign, createTestInvitation } from "../utils/stories-helpers";
import { addCookiePairs, expect, jsOn, signInAs, test, visit } from "./fixtures";

// Chromium's fake microphone, answering the permission prompt by itself; the config's flags stay.
const base = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...base,
    args: [...(base.args ?? []), "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"],
  },
  viewport: { width: 390, height: 844 },
});

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

/** Without JavaScript (or without MediaRecorder) the form is the plain one: a file input, no recorder. */
async function onlyTheFileInput(page: Page) {
  await expect(page.getByLabel("Or record your answer (optional)")).toHaveAttribute("type", "file");
  await expect(page.getByRole("button", { name: "Record your answer", exact: true })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Record your answer", exact: true })).toHaveCount(0);
}

const recorder = (page: Page) => page.getByRole("region", { name: "Record your answer" });

const KEPT_NOTE = "We kept the recording you made earlier. Listen to it, send it, or record again.";

/** How many takes the page keeps in IndexedDB (kept-recording.ts); a store never made counts as none. */
const keptTakes = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("storyhearth-recordings");
        // Not made yet: leave it to the page to make.
        open.onupgradeneeded = () => open.transaction!.abort();
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          const count = db.transaction("takes").objectStore("takes").count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );

/** Records a few seconds and stops; resolves once the take is kept in the browser. */
async function recordATake(page: Page) {
  const box = recorder(page);
  await box.getByRole("button", { name: "Record your answer", exact: true }).click();
  await expect(page.getByTestId("recorder-clock")).toHaveText(/^0:0[2-9] of 10:00$/, { timeout: 10_000 });
  await box.getByRole("button", { name: "Stop" }).click();
  await expect(box.getByLabel("Listen to your recording")).toBeVisible();
  await expect.poll(() => keptTakes(page)).toBe(1);
}

test.describe("the voice recorder", () => {
  test("record, pause, listen back and send beside typed words, through a dropped connection; the owner hears it", async ({
    page,
    user,
  }) => {
    // Three axe scans, a real recording, a retried upload and the owner's converted MP3: about 29 s on
    // its own, so the bound is one that holds on a busy machine (decision 0158).
    test.setTimeout(90_000);
    const campaign = createTestCampaign(user.id);
    const invitation = createTestInvitation(campaign.id);
    await visit(page, `/contribute/${campaign.publicId}?t=${invitation.token}`);
    if (!jsOn()) return onlyTheFileInput(page);

    // The microphone is explained before the browser asks.
    const box = recorder(page);
    await expect(box.getByText("your browser will ask whether this page may use your microphone")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await box.getByRole("button", { name: "Record your answer", exact: true }).click();

    await expect(box.getByText("Recording", { exact: true })).toBeVisible();
    await expect(page.getByTestId("recorder-announcer")).toHaveText("Recording started.");
    // Focus moved to the control that replaced the pressed button.
    await expect(box.getByRole("button", { name: "Pause" })).toBeFocused();
    const meter = box.getByRole("meter", { name: "Microphone level" });
    await expect(meter).toBeVisible();
    // The fake microphone beeps: the meter moves.
    await expect
      .poll(async () => Number(await meter.getAttribute("aria-valuenow")), { timeout: 5_000 })
      .toBeGreaterThan(0);
    await expect(page.getByTestId("recorder-clock")).toHaveText(/^0:0[1-9] of 10:00$/, { timeout: 10_000 });
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);

    await box.getByRole("button", { name: "Pause" }).click();
    await expect(box.getByText("Paused", { exact: true })).toBeVisible();
    await expect(page.getByTestId("recorder-announcer")).toHaveText("Recording paused.");
    const pausedAt = await page.getByTestId("recorder-clock").textContent();
    await page.waitForTimeout(1_500);
    // Paused time is not recorded time.
    await expect(page.getByTestId("recorder-clock")).toHaveText(pausedAt!);
    await box.getByRole("button", { name: "Resume" }).click();
    // Recording goes on from where it paused. How far the clock got before the pause depends on how
    // long the checks above took on this machine, not on the page, so the figures are relative to it.
    const clockSeconds = async () => {
      const [minutes, seconds] = (await page.getByTestId("recorder-clock").textContent())!.split(" ")[0]!.split(":");
      return Number(minutes) * 60 + Number(seconds);
    };
    const [pausedMinutes, pausedSeconds] = pausedAt!.split(" ")[0]!.split(":");
    const pausedTotal = Number(pausedMinutes) * 60 + Number(pausedSeconds);
    await expect.poll(clockSeconds, { timeout: 5_000 }).toBeGreaterThanOrEqual(pausedTotal + 2);
    await box.getByRole("button", { name: "Stop" }).click();

    // Listen back: the recorded blob plays, with a real length.
    const playback = box.getByLabel("Listen to your recording");
    await expect(playback).toBeVisible();
    await expect(page.getByTestId("recorder-announcer")).toContainText(/Recording stopped: \d+:\d\d recorded\./);
    const [, stoppedMinutes, stoppedSeconds] = /Recording stopped: (\d+):(\d\d)/.exec(
      (await page.getByTestId("recorder-announcer").textContent())!,
    )!;
    const recorded = Number(stoppedMinutes) * 60 + Number(stoppedSeconds);
    expect(recorded).toBeGreaterThanOrEqual(pausedTotal + 2);
    // Chrome's WebM says Infinity until the player has measured it (decision 0138): wait for a real length.
    await expect
      .poll(() => playback.evaluate((a: HTMLAudioElement) => (Number.isFinite(a.duration) ? a.duration : 0)), {
        timeout: 5_000,
      })
      .toBeGreaterThan(2);
    // The file is as long as the clock said, give or take the last second.
    expect(await playback.evaluate((a: HTMLAudioElement) => a.duration)).toBeLessThan(recorded + 2);
    // The file input gives way to the recording.
    await expect(page.getByLabel("Or record your answer (optional)")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);

    await page.getByLabel("Your name").fill("Grandma Rose");
    await page.getByLabel("Your story").fill("I'll tell it in my own voice, too.");

    // The first send never arrives; the second arrives but its reply is lost on the way back (the
    // story is saved); the recorder sends again by itself, and the answer is saved once.
    let posts = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === `/contribute/${campaign.publicId}`,
      async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        posts++;
        if (posts === 1) return route.abort("internetdisconnected");
        if (posts === 2) {
          await route.fetch({ maxRedirects: 0 });
          return route.abort("connectionreset");
        }
        await held;
        return route.continue();
      },
    );
    await page.getByRole("button", { name: "Share My Story" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Connection lost — retrying…" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
    await expect(box.getByLabel("Listen to your recording")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // The third try is held open: the progress bar shows while it is on its way.
    await expect.poll(() => posts, { timeout: 10_000 }).toBe(3);
    await expect(page.getByRole("progressbar", { name: "Sending your answer…" })).toBeVisible();
    expect(db.select().from(contributions).where(eq(contributions.campaignId, campaign.id)).all()).toHaveLength(1);
    release();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    expect(posts).toBe(3);

    const stories = db.select().from(contributions).where(eq(contributions.campaignId, campaign.id)).all();
    expect(stories).toHaveLength(1);
    expect(stories[0]!.storyContent).toBe("I'll tell it in my own voice, too.");
    expect(stories[0]!.invitationId).toBe(invitation.id);
    const recordingOf = () =>
      db.select().from(contributionRecordings).where(eq(contributionRecordings.contributionId, stories[0]!.id)).get();
    expect(recordingOf()?.originalFileName).toBe("recording.webm");
    // The server's runner converts it: ready, with its normalized copy, the job done.
    await expect.poll(() => recordingOf()?.status, { timeout: 20_000 }).toBe("ready");
    const recording = recordingOf()!;
    expect(recording.originalFormat).toContain("webm");
    expect(recording.normalizedKey).toMatch(/\.mp3$/);
    expect(recording.durationSeconds).toBeGreaterThan(1);
    // The runner marks its job done just after the handler returns.
    const jobStatus = () =>
      db
        .select()
        .from(jobs)
        .where(eq(jobs.type, "convert-recording"))
        .all()
        .find((j) => j.payload.recordingId === recording.id)?.status;
    await expect.poll(jobStatus, { timeout: 5_000 }).toBe("done");

    // The owner's stories page plays it.
    await page.unrouteAll();
    await signInAs(page, user);
    await visit(page, `/campaigns/${campaign.id}/stories`);
    const card = page.getByRole("article", { name: "Story from Grandma Rose" });
    await expect(card.locator("audio")).toHaveCount(1);
    const audio = await page.request.get((await card.locator("audio").getAttribute("src"))!);
    expect(audio.status()).toBe(200);
    expect(audio.headers()["content-type"]).toBe("audio/mpeg");
  });

  test("record again discards the first take; dark theme; keyboard only", async ({ page, user }) => {
    const campaign = createTestCampaign(user.id);
    await addCookiePairs(page, [(await serializeTheme("dark")).split(";")[0]!]);
    await visit(page, `/contribute/${campaign.publicId}`);
    await expect(page.locator("html")).toHaveClass("dark");
    if (!jsOn()) return onlyTheFileInput(page);
    const box = recorder(page);
    await box.getByRole("button", { name: "Record your answer", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(box.getByRole("button", { name: "Pause" })).toBeFocused();
    await expect(page.getByTestId("recorder-clock")).toHaveText(/^0:0[1-9] of 10:00$/, { timeout: 10_000 });
    await page.keyboard.press("Tab");
    await expect(box.getByRole("button", { name: "Stop" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("recorder-result")).toBeFocused();
    const first = await box.getByLabel("Listen to your recording").getAttribute("src");
    expect(await axeViolations(page)).toEqual([]);

    await box.getByRole("button", { name: "Record again" }).click();
    await expect(box.getByLabel("Listen to your recording")).toHaveCount(0);
    await expect(page.getByTestId("recorder-clock")).toHaveText(/^0:0[1-9] of 10:00$/, { timeout: 10_000 });
    await box.getByRole("button", { name: "Stop" }).click();
    await expect(box.getByLabel("Listen to your recording")).not.toHaveAttribute("src", first!);

    // Deleting the take brings the file input back; the form still refuses an empty answer.
    await box.getByRole("button", { name: "Delete this recording" }).click();
    await expect(page.getByLabel("Or record your answer (optional)")).toHaveAttribute("type", "file");
    await page.getByLabel("Your name").fill("Cousin Ann");
    await page.getByLabel("Your email").fill("ann@example.com");
    await page.getByRole("button", { name: "Share My Story" }).click();
    await expect(page.getByText("Please enter the story or add a recording")).toBeVisible();
    expect(db.select().from(contributions).where(eq(contributions.campaignId, campaign.id)).all()).toHaveLength(0);
  });

  test("a recording on its own is an answer; sending mid-recording asks to stop first", async ({ page, user }) => {
    const campaign = createTestCampaign(user.id);
    await visit(page, `/contribute/${campaign.publicId}`);
    if (!jsOn()) return onlyTheFileInput(page);
    await page.getByLabel("Your name").fill("Uncle Joe");
    await page.getByLabel("Your email").fill("joe@example.com");
    await recorder(page).getByRole("button", { name: "Record your answer", exact: true }).click();
    await expect(page.getByTestId("recorder-clock")).toHaveText(/^0:0[1-9] of 10:00$/, { timeout: 10_000 });
    await page.getByRole("button", { name: "Share My Story" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Please stop the recording before you send it." }),
    ).toBeVisible();
    await recorder(page).getByRole("button", { name: "Stop" }).click();
    await expect(recorder(page).getByLabel("Listen to your recording")).toBeVisible();
    await page.getByRole("button", { name: "Share My Story" }).click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    const story = db.select().from(contributions).where(eq(contributions.campaignId, campaign.id)).get()!;
    expect(story.storyContent).toBe("");
    expect(
      db.select().from(contributionRecordings).where(eq(contributionRecordings.contributionId, story.id)).get()?.status,
    ).toMatch(/converting|ready/);
  });

  test("a take survives a reload and is sent from there; the owner hears it; then nothing is kept", async ({
    page,
    user,
  }) => {
    const campaign = createTestCampaign(user.id);
    const invitation = createTestInvitation(campaign.id);
    const form = `/contribute/${campaign.publicId}?t=${invitation.token}`;
    await visit(page, form);
    if (!jsOn()) return onlyTheFileInput(page);
    await recordATake(page);

    // The tab is gone before Share My Story; the relative opens the link again.
    await page.reload();
    const box = recorder(page);
    await expect(page.getByTestId("recorder-result").getByText(KEPT_NOTE)).toBeVisible();
    // Said politely, not as an alert; the page does not move focus on its own.
    await expect(page.getByTestId("recorder-announcer")).toHaveText(KEPT_NOTE);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(box.getByText(/^Your recording: 0:0[2-9]$/)).toBeVisible();
    const playback = box.getByLabel("Listen to your recording");
    await expect
      .poll(() => playback.evaluate((a: HTMLAudioElement) => (Number.isFinite(a.duration) ? a.duration : 0)), {
        timeout: 5_000,
      })
      .toBeGreaterThan(1);
    await expect(page.getByLabel("Or record your answer (optional)")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);

    await page.getByLabel("Your name").fill("Aunt May");
    await page.getByRole("button", { name: "Share My Story" }).click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    const story = db.select().from(contributions).where(eq(contributions.campaignId, campaign.id)).get()!;
    expect(story.invitationId).toBe(invitation.id);
    const recordingOf = () =>
      db.select().from(contributionRecordings).where(eq(contributionRecordings.contributionId, story.id)).get();
    expect(recordingOf()?.originalFileName).toBe("recording.webm");
    await expect.poll(() => recordingOf()?.status, { timeout: 20_000 }).toBe("ready");
    expect(recordingOf()!.durationSeconds).toBeGreaterThan(1);

    // Sent: the browser keeps nothing, and the form offers nothing.
    await expect.poll(() => keptTakes(page)).toBe(0);
    await visit(page, form);
    await expect(recorder(page).getByRole("button", { name: "Record your answer", exact: true })).toBeVisible();
    await expect(recorder(page).getByText(KEPT_NOTE)).toHaveCount(0);
    await expect(recorder(page).getByLabel("Listen to your recording")).toHaveCount(0);

    await signInAs(page, user);
    await visit(page, `/campaigns/${campaign.id}/stories`);
    const card = page.getByRole("article", { name: "Story from Aunt May" });
    const audio = await page.request.get((await card.locator("audio").getAttribute("src"))!);
    expect(audio.status()).toBe(200);
    expect(audio.headers()["content-type"]).toBe("audio/mpeg");
  });

  test("a kept take belongs to its form; deleting it, or a week passing, removes it", async ({ page, user }) => {
    const campaign = createTestCampaign(user.id);
    const invitation = createTestInvitation(campaign.id);
    const form = `/contribute/${campaign.publicId}`;
    await visit(page, form);
    if (!jsOn()) return onlyTheFileInput(page);
    await recordATake(page);

    // Another relative's invitation to the same collection is another form: nothing offered there.
    await visit(page, `${form}?t=${invitation.token}`);
    await expect(recorder(page).getByRole("button", { name: "Record your answer", exact: true })).toBeVisible();
    // A kept take is offered within milliseconds of the recorder appearing; give it ample time not to be.
    await page.waitForTimeout(1_000);
    await expect(recorder(page).getByText(KEPT_NOTE)).toHaveCount(0);

    await visit(page, form);
    const box = recorder(page);
    await expect(page.getByTestId("recorder-result").getByText(KEPT_NOTE)).toBeVisible();
    await box.getByRole("button", { name: "Delete this recording" }).click();
    await expect(page.getByLabel("Or record your answer (optional)")).toHaveAttribute("type", "file");
    await expect.poll(() => keptTakes(page)).toBe(0);
    await page.reload();
    await expect(box.getByRole("button", { name: "Record your answer", exact: true })).toBeVisible();
    await expect(box.getByText(KEPT_NOTE)).toHaveCount(0);

    // A take left for more than 7 days is deleted unheard.
    await recordATake(page);
    await page.clock.install({ time: Date.now() + 8 * 24 * 3600 * 1000 });
    await page.reload();
    await expect(box.getByRole("button", { name: "Record your answer", exact: true })).toBeVisible();
    await expect.poll(() => keptTakes(page)).toBe(0);
    await expect(box.getByText(KEPT_NOTE)).toHaveCount(0);
    expect(db.select().from(contributions).where(eq(contributions.campaignId, campaign.id)).all()).toHaveLength(0);
  });

  test("a refused microphone is explained and the file input still works", async ({ page, user }) => {
    const campaign = createTestCampaign(user.id);
    // The browser says no, as it does when the relative blocks the microphone.
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
    });
    await visit(page, `/contribute/${campaign.publicId}`);
    if (!jsOn()) return onlyTheFileInput(page);
    await recorder(page).getByRole("button", { name: "Record your answer", exact: true }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Your browser did not allow the microphone" }),
    ).toBeVisible();
    await expect(recorder(page).getByRole("button", { name: "Try again" })).toBeVisible();
    await expect(page.getByLabel("Or record your answer (optional)")).toHaveAttribute("type", "file");
    expect(await axeViolations(page)).toEqual([]);
  });

  test("a browser without MediaRecorder gets the file input only", async ({ page, user }) => {
    const campaign = createTestCampaign(user.id);
    await page.addInitScript(() => {
      // @ts-expect-error -- an older browser
      delete window.MediaRecorder;
    });
    await visit(page, `/contribute/${campaign.publicId}`);
    await onlyTheFileInput(page);
  });

  test("warns at 9:00 and stops by itself at the 10-minute limit", async ({ page, user }) => {
    const campaign = createTestCampaign(user.id);
    await page.clock.install();
    await visit(page, `/contribute/${campaign.publicId}`);
    if (!jsOn()) return onlyTheFileInput(page);
    const box = recorder(page);
    await box.getByRole("button", { name: "Record your answer", exact: true }).click();
    await expect(box.getByRole("button", { name: "Stop" })).toBeVisible();
    // The page's clock also runs on by itself, so each jump leaves some seconds to spare.
    await page.clock.fastForward("08:50");
    await expect(page.getByTestId("recorder-clock")).toHaveText(/^8:5\d of 10:00$/);
    await expect(box.getByText("1 minute left")).toHaveCount(0);
    await page.clock.fastForward("00:11");
    await expect(box.getByText("1 minute left")).toBeVisible();
    await page.clock.fastForward("00:30");
    await expect(box.getByText("30 seconds left")).toBeVisible();
    await expect(box.getByText("1 minute left")).toHaveCount(0);
    await page.clock.fastForward("00:30");
    const result = page.getByTestId("recorder-result");
    await expect(result.getByText("The recording stopped at the 10-minute limit.")).toBeVisible();
    await expect(result.getByText("Your recording: 10:00")).toBeVisible();
    await expect(page.getByTestId("recorder-announcer")).toHaveText(
      "The recording stopped at the 10-minute limit. Recording stopped: 10:00 recorded. You can listen to it before you send it.",
    );
    await expect(box.getByLabel("Listen to your recording")).toBeVisible();
  });
});
