import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";

import { listTestimonialResponses } from "~/features/testimonials/campaigns.server";

import config from "../../playwright.config";
import { createTestAdmin, signInAsAdmin } from "../utils/admin-helpers";
import { axeViolations } from "../utils/axe-scan";
import {
  makeLargeVideo,
  makeSmallVideo,
  makeTaggedMedia,
  makeTestimonialCampaign,
  mediaHash,
  mediaTags,
  TAGGED_LOCATION,
} from "../utils/testimonial-helpers";
import { expect, expectToast, jsOn, test, visit } from "./fixtures";
import { aboutYou, uploadFortyMegabytesAndSubmit } from "./testimonial-steps";

// Chromium's fake camera and microphone, answering the permission prompt by itself; the config's
// executable and standard flags stay.
const base = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...base,
    args: [...(base.args ?? []), "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"],
  },
});

const unique = () => Math.random().toString(36).slice(2, 8);

/** The admin opens the responses dialog and sees the response; the video streams (206) from the admin route. */
async function adminSeesResponse(
  page: Page,
  campaignId: string,
  name: string,
  text?: string,
  answeredOnVideo?: string[],
) {
  const admin = await createTestAdmin();
  await signInAsAdmin(page, admin);
  await visit(page, `/admin/testimonials?responses=${campaignId}`);
  const dialog = page.getByRole("dialog");
  const response = dialog.getByTestId("testimonial-response").filter({ hasText: name });
  await expect(response).toBeVisible();
  await expect(response).toContainText("Consent given");
  if (text) await expect(response).toContainText(text);
  if (answeredOnVideo) {
    const chosen = response.getByTestId("selected-questions");
    await expect(chosen).toContainText("Questions answered on video");
    await expect(chosen.getByRole("listitem")).toHaveText(answeredOnVideo);
  }
  const video = response.getByTestId("response-video");
  await expect(video).toHaveAttribute("preload", "metadata");
  const src = await video.getAttribute("src");
  expect(src).toMatch(/^\/api\/admin\/testimonials\/.+\/video$/);
  const ranged = await page.request.get(src!, { headers: { Range: "bytes=0-1023" } });
  expect(ranged.status()).toBe(206);
  const head = await page.request.head(src!);
  expect(Number(head.headers()["x-video-duration"])).toBeGreaterThan(0);
  if (jsOn()) {
    // The player loaded the video's metadata from the streaming route.
    await expect
      .poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1);
    await expect(response.getByTestId("video-duration")).toBeVisible();
  }
}

test.describe("public testimonial flow", () => {
  test("unknown and inactive campaigns", async ({ page }) => {
    const missing = await visit(page, "/testimonials/no-such-campaign");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Campaign Not Found" })).toBeVisible();
    await expect(
      page.getByText("The testimonial campaign you're looking for doesn't exist or has been disabled."),
    ).toBeVisible();

    const inactive = makeTestimonialCampaign({ isActive: false });
    await visit(page, `/testimonials/${inactive.publicId}`);
    await expect(page.getByRole("heading", { name: "Campaign Inactive" })).toBeVisible();
    await expect(page.getByText("This testimonial campaign is currently not accepting submissions.")).toBeVisible();
  });

  test("the e-mail rule on step 1", async ({ page }) => {
    const campaign = makeTestimonialCampaign();
    await visit(page, `/testimonials/${campaign.publicId}`);
    await page.getByLabel("Your name").fill("Eve");
    await page.getByLabel("Your email").fill("eve@example");
    if (jsOn()) {
      await expect(page.getByText("Please enter a valid email address")).toBeVisible();
      await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
    } else {
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByText("Please enter a valid email address")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Tell us about yourself" })).toBeVisible();
    }
    await page.getByLabel("Your email").fill("eve@example.com");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "How would you like to share?" })).toBeVisible();
  });

  test("upload a video, answer, review, consent and submit; the admin sees it", async ({ page }) => {
    const campaign = makeTestimonialCampaign();
    const name = `Uma Uploader ${unique()}`;
    await visit(page, `/testimonials/${campaign.publicId}`);
    await expect(page.getByRole("heading", { name: campaign.title })).toBeVisible();
    await aboutYou(page, name, "uma@example.com");

    await expect(page.getByRole("heading", { name: "How would you like to share?" })).toBeVisible();
    await expect(page.getByText("Coming Soon")).toHaveCount(0);
    await page.getByText("Upload Video", { exact: true }).click();
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page.getByRole("heading", { name: "Upload Your Video" })).toBeVisible();
    const input = page.getByLabel("Video file");
    await expect(input).toHaveAttribute("accept", "video/*");
    await input.setInputFiles(makeSmallVideo());
    if (jsOn()) await expect(page.getByText("Selected: small.webm")).toBeVisible();
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page.getByRole("heading", { name: "Additional Thoughts" })).toBeVisible();
    await expect(page.getByText("A moment that stood out")).toBeVisible();
    await expect(page.getByText("Share your authentic experience and thoughts")).toBeVisible();
    await page.getByLabel("What did you like most?").fill("The narrated podcast of grandma's stories.");
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page.getByRole("heading", { name: "Review Your Video" })).toBeVisible();
    await expect(page.getByText(/Size: 0\.\d\d MB/)).toBeVisible();
    await expect(page.getByTestId("review-video")).toBeVisible();
    const previewSrc = (await page.getByTestId("review-video").getAttribute("src"))!;
    if (jsOn()) {
      expect(previewSrc).toMatch(/^blob:/);
    } else {
      // Without JavaScript the preview streams the draft's copy from the server.
      expect((await page.request.get(previewSrc, { headers: { Range: "bytes=0-9" } })).status()).toBe(206);
    }
    await page.getByRole("button", { name: "Looks Good - Continue" }).click();

    await expect(page.getByRole("heading", { name: "Almost Done!" })).toBeVisible();
    await expect(page.getByText(name)).toBeVisible();
    await expect(page.getByText("Included")).toBeVisible();
    if (jsOn()) {
      await expect(page.getByRole("button", { name: "Submit Testimonial" })).toBeDisabled();
    } else {
      await page.getByRole("button", { name: "Submit Testimonial" }).click();
      // The browser's own check stops a missing consent before it is sent.
      await expect(page.getByRole("heading", { name: "Almost Done!" })).toBeVisible();
    }
    await page.getByLabel(/I agree that my testimonial may be used/).check();
    await page.getByRole("button", { name: "Submit Testimonial" }).click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect(page.getByTestId("flow-step")).toHaveText("Step 7 of 7");
    await expect(page.getByRole("button", { name: "Record Another Video" })).toBeVisible();

    const [row] = listTestimonialResponses(campaign.id);
    expect(row).toMatchObject({
      respondentName: name,
      respondentEmail: "uma@example.com",
      consentGiven: true,
      videoMimeType: "video/webm",
    });

    await page.getByRole("button", { name: "Record Another Video" }).click();
    await expect(page.getByRole("heading", { name: "How would you like to share?" })).toBeVisible();

    await adminSeesResponse(page, campaign.id, name, "The narrated podcast of grandma's stories.");
  });

  test("Record Video: the camera with JavaScript, the capture input without; the admin plays it", async ({ page }) => {
    test.setTimeout(60_000);
    const campaign = makeTestimonialCampaign({
      questions: [
        { question: "What did you like most?", helperText: "A moment that stood out" },
        { question: "Would you recommend us?", helperText: null },
        { question: "Anything else?", helperText: null },
      ],
      allowTextResponses: false,
    });
    const name = `Rex Recorder ${unique()}`;
    await visit(page, `/testimonials/${campaign.publicId}`);
    await aboutYou(page, name, "rex@example.com");
    await page.getByText("Record Video", { exact: true }).click();
    await page.getByRole("button", { name: "Continue" }).click();

    if (jsOn()) {
      await expect(page.getByRole("heading", { name: "Choose your questions" })).toBeVisible();
      const start = page.getByRole("button", { name: "Start Recording" });
      await expect(start).toBeDisabled();
      await page.getByRole("checkbox", { name: /What did you like most/ }).check();
      await page.getByRole("checkbox", { name: /Would you recommend us/ }).check();
      await expect(page.getByRole("checkbox", { name: /Anything else/ })).toBeDisabled();
      await expect(page.getByText("2 of 2 selected")).toBeVisible();
      await start.click();

      await expect(page.getByTestId("recorder-preview")).toBeVisible();
      await expect(page.getByText("A moment that stood out")).toBeVisible();
      // 3-2-1 first, told to screen readers; nothing records yet.
      const announcer = page.getByTestId("recorder-announcer");
      await expect(announcer).toHaveAttribute("aria-live", "assertive");
      await expect(announcer).toHaveText(/^Recording starts in [123]$/);
      await expect(page.getByTestId("countdown")).toBeVisible();
      await expect(page.getByRole("button", { name: "Stop Recording" })).toBeDisabled();
      // The microphone meter hears Chromium's fake microphone (it beeps).
      const meter = page.getByRole("meter", { name: "Microphone level" });
      await expect(meter).toHaveAttribute("aria-valuemax", "100");
      await expect
        .poll(async () => Number(await meter.getAttribute("aria-valuenow")), { timeout: 10_000 })
        .toBeGreaterThan(0);
      await expect(announcer).toHaveText("Recording started", { timeout: 6_000 });
      await expect(page.getByTestId("countdown")).toHaveCount(0);
      await expect(page.getByTestId("recording-clock")).toContainText("0:02", { timeout: 10_000 });
      await page.getByRole("button", { name: "Pause" }).click();
      await expect(page.getByText("Paused")).toBeVisible();
      const pausedAt = await page.getByTestId("recording-clock").textContent();
      await page.waitForTimeout(1200);
      await expect(page.getByTestId("recording-clock")).toHaveText(pausedAt!);
      await page.getByRole("button", { name: "Resume" }).click();
      // The clock runs on from where it paused (however slow the machine was to pause).
      const seconds = (clock: string | null) => {
        const [m, s] = (clock ?? "").split(" / ")[0]!.split(":").map(Number);
        return m! * 60 + s!;
      };
      await expect
        .poll(async () => seconds(await page.getByTestId("recording-clock").textContent()), { timeout: 10_000 })
        .toBeGreaterThan(seconds(pausedAt));
      await page.getByRole("button", { name: "Stop Recording" }).click();
    } else {
      // Without JavaScript a phone opens its camera from the file input, after the same question choice.
      await expect(page.getByRole("heading", { name: "Record Your Video" })).toBeVisible();
      await expect(page.getByLabel("Video file")).toHaveAttribute("capture", "user");
      await page.getByRole("checkbox", { name: /What did you like most/ }).check();
      await page.getByRole("checkbox", { name: /Would you recommend us/ }).check();
      await page.getByLabel("Video file").setInputFiles(makeSmallVideo());
      await page.getByRole("button", { name: "Continue" }).click();
    }

    // This campaign takes no text answers: straight to the review.
    await expect(page.getByRole("heading", { name: "Review Your Video" })).toBeVisible();
    await expect(page.getByText(/Size: \d+\.\d\d MB/)).toBeVisible();
    if (jsOn()) {
      await expect
        .poll(() => page.getByTestId("review-video").evaluate((el: HTMLVideoElement) => el.readyState), {
          timeout: 10_000,
        })
        .toBeGreaterThanOrEqual(1);
    }
    await page.getByRole("button", { name: "Looks Good - Continue" }).click();

    await page.getByLabel(/I agree that my testimonial may be used/).check();
    await page.getByRole("button", { name: "Submit Testimonial" }).click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible({ timeout: 20_000 });

    const [row] = listTestimonialResponses(campaign.id);
    expect(row?.respondentName).toBe(name);
    expect(row?.videoDuration ?? 0).toBeGreaterThan(1.5);
    const chosen = ["What did you like most?", "Would you recommend us?"];
    expect(row?.selectedQuestions.map((q) => q.question)).toEqual(chosen);
    await adminSeesResponse(page, campaign.id, name, undefined, chosen);
  });

  test("at 3:00 the recording stops by itself and the respondent is told why", async ({ page }) => {
    test.setTimeout(60_000);
    const campaign = makeTestimonialCampaign();
    if (jsOn()) await page.clock.install();
    await visit(page, `/testimonials/${campaign.publicId}`);
    await aboutYou(page, "Tim Timer", "tim@example.com");
    await page.getByText("Record Video", { exact: true }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    const message = "3-minute recording limit reached. Please review your video.";
    if (!jsOn()) {
      // No recorder without JavaScript (so no limit to reach): the camera app records, after the
      // same question choice, which the server holds.
      await page.getByLabel("Video file").setInputFiles(makeSmallVideo());
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByText("Choose one or two questions to answer in your video.")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Record Your Video" })).toBeVisible();
      return;
    }
    await page.getByRole("checkbox", { name: /What did you like most/ }).check();
    await page.getByRole("button", { name: "Start Recording" }).click();
    await page.getByRole("button", { name: "Skip countdown" }).click();
    await expect(page.getByTestId("recorder-announcer")).toHaveText("Recording started");
    await expect(page.getByTestId("recording-clock")).not.toContainText("0:00 /", { timeout: 10_000 });
    await page.clock.fastForward("03:00");
    // Text answers come next on this campaign: the message is there, in a live region, not only at the review.
    await expect(page.getByRole("heading", { name: "Additional Thoughts" })).toBeVisible({ timeout: 10_000 });
    const notice = page.getByTestId("flow-notice");
    await expect(notice).toHaveAttribute("role", "status");
    await expect(notice).toHaveText(message);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Review Your Video" })).toBeVisible();
    await expect(notice).toHaveText(message);
  });

  test("a file that is not a video is refused when chosen", async ({ page }) => {
    const campaign = makeTestimonialCampaign({ allowTextResponses: false });
    const notVideo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "not-video-")), "notes.txt");
    fs.writeFileSync(notVideo, "These are my notes, not a video.");
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await visit(page, `/testimonials/${campaign.publicId}`);
    await aboutYou(page, "Nina Notes", "nina@example.com");
    await page.getByText("Upload Video", { exact: true }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Upload Your Video" })).toBeVisible();
    const sentBefore = posts.length;
    await page.getByLabel("Video file").setInputFiles(notVideo);
    if (jsOn()) {
      // At once, before anything is sent: the message, an empty input, and no way on.
      await expect(page.getByRole("alert")).toHaveText("Please select a video file.");
      await expect(page.getByLabel("Video file")).toHaveValue("");
      await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
      expect(posts.length).toBe(sentBefore);
    } else {
      // Without JavaScript the next post is the first moment: the server reads the content.
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByText("Please select a video file.")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Upload Your Video" })).toBeVisible();
    }
    await page.getByLabel("Video file").setInputFiles(makeSmallVideo());
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Review Your Video" })).toBeVisible();
  });

  test("the respondent frame: no site header or sign-in link, the campaign's title, Step n of 7, fits a phone", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const campaign = makeTestimonialCampaign();
    await visit(page, `/testimonials/${campaign.publicId}`);
    await expect(page.getByRole("heading", { level: 1, name: campaign.title })).toBeVisible();
    await expect(page.getByText(campaign.description!)).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in", exact: true })).toHaveCount(0);
    await expect(page.getByRole("navigation")).toHaveCount(0);
    await expect(page.getByRole("banner")).toHaveCount(0);
    const step = page.getByTestId("flow-step");
    await expect(step).toHaveAttribute("aria-live", "polite");
    await expect(page.getByRole("list", { name: "Progress" })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ has: page.locator("[aria-current=step]") })).toHaveText(/^1/);
    expect(await axeViolations(page)).toEqual([]);
    await aboutYou(page, "Pia Phone", "pia@example.com");
    await expect(step).toHaveText("Step 2 of 7");
    await page.getByText("Upload Video", { exact: true }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(step).toHaveText("Step 3 of 7");
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // A campaign that is closed keeps the calm frame too.
    const closed = makeTestimonialCampaign({ isActive: false });
    await visit(page, `/testimonials/${closed.publicId}`);
    await expect(page.getByRole("heading", { name: "Campaign Inactive" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in", exact: true })).toHaveCount(0);
  });

  test("a phone's video is kept and served without its GPS position, device or dates (decision 0165)", async ({
    page,
  }) => {
    const campaign = makeTestimonialCampaign({ allowTextResponses: false });
    const file = makeTaggedMedia();
    expect(mediaTags(file)).toContain(TAGGED_LOCATION);
    await visit(page, `/testimonials/${campaign.publicId}`);
    await aboutYou(page, "Gina Geo", "gina@example.com");
    await page.getByText("Upload Video", { exact: true }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Video file").setInputFiles(file);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: "Looks Good - Continue" }).click();
    await page.getByLabel(/I agree that my testimonial may be used/).check();
    await page.getByRole("button", { name: "Submit Testimonial" }).click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible({ timeout: 30_000 });

    const [row] = listTestimonialResponses(campaign.id);
    const stored = path.join(process.env.DATA_DIR!, row!.videoKey!);
    expect(mediaTags(stored)).not.toMatch(/location|creation_time|make|2024/);
    expect(mediaHash(stored)).toBe(mediaHash(file));
    // What the administrator downloads is that file, byte for byte.
    await signInAsAdmin(page, await createTestAdmin());
    const served = await page.request.get(
      `/api/admin/testimonials/${campaign.id}/responses/${row!.id}/video?download=true`,
    );
    expect(served.status()).toBe(200);
    const bytes = await served.body();
    expect(bytes.equals(fs.readFileSync(stored))).toBe(true);
    expect(bytes.includes("loci")).toBe(false);
  });

  test("a 40 MB video: in 15 MB chunks with JavaScript (a lost chunk is resent), streamed to the draft without", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const campaign = makeTestimonialCampaign({ allowTextResponses: false });
    const file = makeLargeVideo(40);
    const chunkPosts: string[] = [];
    let dropped = false;
    if (jsOn()) {
      await page.route("**/api/testimonials/public/*/upload-chunk", async (route) => {
        chunkPosts.push(route.request().url());
        // The connection drops on the second chunk once: the client sends it again.
        if (chunkPosts.length === 2 && !dropped) {
          dropped = true;
          await route.abort("connectionreset");
          return;
        }
        await route.continue();
      });
    }
    const standardPosts: string[] = [];
    // How many chunks travel at once (the client keeps two in flight).
    let inFlight = 0;
    let mostInFlight = 0;
    const isChunk = (r: { url: () => string }) => r.url().endsWith("/upload-chunk");
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/submit")) standardPosts.push(r.url());
      if (isChunk(r)) mostInFlight = Math.max(mostInFlight, ++inFlight);
    });
    const settled = (r: { url: () => string }) => {
      if (isChunk(r)) inFlight--;
    };
    page.on("requestfinished", settled);
    page.on("requestfailed", settled);
    await visit(page, `/testimonials/${campaign.publicId}`);
    await aboutYou(page, "Lars Large", "lars@example.com");
    await uploadFortyMegabytesAndSubmit(page, file);
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible({ timeout: 30_000 });

    const [row] = listTestimonialResponses(campaign.id);
    expect(mediaHash(path.join(process.env.DATA_DIR!, row!.videoKey!))).toBe(mediaHash(file));
    if (jsOn()) {
      expect(standardPosts).toEqual([]);
      // 3 chunks, one of them twice; two at a time.
      expect(chunkPosts).toHaveLength(4);
      expect(mostInFlight).toBe(2);
    }
  });

  test("Record Again returns to the choice with Record Video selected", async ({ page }) => {
    const campaign = makeTestimonialCampaign({ allowTextResponses: false });
    await visit(page, `/testimonials/${campaign.publicId}`);
    await aboutYou(page, "Ray Again", "ray@example.com");
    await page.getByText("Upload Video", { exact: true }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Video file").setInputFiles(makeSmallVideo());
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Review Your Video" })).toBeVisible();
    await page.getByRole("button", { name: "Record Again" }).click();
    await expect(page.getByRole("heading", { name: "How would you like to share?" })).toBeVisible();
    await expect(page.getByRole("radio", { name: /Record Video/ })).toBeChecked();
  });
});

test.describe("admin testimonials page", () => {
  test("create a campaign with questions, copy its link, deactivate and delete it", async ({ page }) => {
    const admin = await createTestAdmin();
    await signInAsAdmin(page, admin);
    await visit(page, "/admin/testimonials");
    await expect(page.getByRole("heading", { name: "Video Testimonials" })).toBeVisible();
    await page.getByRole("link", { name: "New Campaign" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Testimonial Campaign" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: /Remove/ })).toHaveCount(0);

    const title = `Launch week ${unique()}`;
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Question 1", { exact: true }).fill("How did you hear about us?");
    for (let i = 0; i < 4; i++) await dialog.getByRole("button", { name: "Add Question" }).click();
    await expect(dialog.getByTestId("question-row")).toHaveCount(5);
    await expect(dialog.getByRole("button", { name: "Add Question" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Remove question 5" }).click();
    await expect(dialog.getByTestId("question-row")).toHaveCount(4);
    await dialog.getByLabel("Question 2", { exact: true }).fill("What would you tell a friend?");
    await dialog.getByRole("button", { name: "Create Campaign" }).click();
    await expectToast(page, "Campaign created");

    const card = page.getByTestId("testimonial-campaign").filter({ hasText: title });
    await expect(card).toContainText("How did you hear about us?");
    await expect(card).toContainText("What would you tell a friend?");
    await expect(card.getByRole("listitem")).toHaveCount(2);
    const link = await card.getByTestId("share-link").inputValue();
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/testimonials\/[\w-]{20,}$/);
    await expect(card.getByRole("link", { name: "Open" })).toHaveAttribute("href", link);
    if (jsOn()) {
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await card.getByRole("button", { name: "Copy Link" }).click();
      await expect(card.getByText(/Link copied|Failed to copy/)).toBeVisible();
    }

    await card.getByRole("button", { name: "Deactivate" }).click();
    await expectToast(page, "Campaign deactivated");
    await expect(card.getByText("Inactive", { exact: true })).toBeVisible();
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Campaign Inactive" })).toBeVisible();

    await visit(page, "/admin/testimonials");
    if (jsOn()) {
      page.once("dialog", (d) => void d.accept());
      await card.getByRole("link", { name: "Delete" }).click();
    } else {
      await card.getByRole("link", { name: "Delete" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    }
    await expectToast(page, "Campaign deleted");
    await expect(page.getByTestId("testimonial-campaign").filter({ hasText: title })).toHaveCount(0);
  });
});
