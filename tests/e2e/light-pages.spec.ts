// Light on a slow phone, with JavaScript on and off: the CSP holds without an eval
// exception (Zod runs jitless in the browser), the share page fetches no audio before play is
// pressed, the newsletter, the recording-removal, unsubscribe and book-listening pages send no scripts
// at all, the share page only its player's script and the answer form only its own (no React,
// decisions 0174 and 0181), and no route's scripts pass their budget (the build's manifest, each file
// gzipped as the server sends it).
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { contributionRecordings } from "#db/schema";

import { removalToken } from "~/features/contributions/recordings.server";
import { createNewsletter } from "~/features/newsletters/newsletters.server";
import { defaultVoiceConfig, wizardUrls } from "~/features/podcasts/wizard/wizard-schemas";
import { db } from "~/lib/db.server";
import { ensureBookLink } from "~/models/book.server";
import { createShareLink } from "~/models/share-link.server";

import { gzipBytes, pageScriptUrls, readManifest, routeJsBytes } from "../../bench/lib/route-js";
import { createCompletePodcast, createProcessingPodcast } from "../utils/listening-helpers";
import { createNewsletterCollection } from "../utils/newsletter-helpers";
import { createStory } from "../utils/podcast-wizard-helpers";
import { createTestCampaign, createTestInvitation, insertTestContribution } from "../utils/stories-helpers";
import { expect, jsOn, signInAs, test, visit } from "./fixtures";

const KB = 1024;
// Scripts budgets in KB gzipped (docs/performance.md has the figures). React 19, React DOM and Remix
// are 107 KB of every hydrated page, so a hydrated page is held at 145 KB (decision 0214), and forms
// that validate in the browser carry Zod (26 KB). The share page and the answer form are not hydrated:
// their budgets are held on the scripts their HTML loads (the answer form's script is 6.2 KB).
const ANSWER_FORM_BUDGET = 10;
const SHARE_PAGE_BUDGET = 60;
const ANY_ROUTE_BUDGET = 160;
const PAGE_BUDGET = 145;
// Pages whose forms are checked by the server only (decisions 0161, 0173, 0182): held at the page budget.
const SERVER_CHECKED_PAGES = [
  "routes/_site+/_index",
  "routes/_site+/help",
  "routes/_auth+/login",
  "routes/_auth+/reset-password._index",
  "routes/_auth+/reset-password.confirm",
  "routes/_auth+/change-password",
  "routes/_auth+/delete-account",
  "routes/dev+/admin-login",
  "routes/_app+/podcast.$id",
  "routes/_app+/my-podcasts",
  "routes/_app+/contacts",
  "routes/_app+/campaigns.$campaignId.newsletters",
  // The admin forms (decision 0182), and the public testimonial page, whose flow checks step 1 without Zod.
  "routes/admin+/_index",
  "routes/admin+/api-keys",
  "routes/admin+/create",
  "routes/admin+/prompt-templates",
  "routes/admin+/story-collections",
  "routes/admin+/testimonials",
  "routes/_public+/testimonials.$publicId",
  "routes/_public+/testimonials.$publicId.draft-video",
];

/** Every CSP violation the page reports, from before its first script runs. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

async function sharedEpisode(ownerId: string) {
  const podcast = await createCompletePodcast(ownerId, {
    title: `Lake summers ${randomUUID().slice(0, 8)}`,
    audio: {
      seconds: 60,
      chapters: [
        { title: "Ann", start: 0, end: 30 },
        { title: "Bob", start: 30, end: 60 },
      ],
    },
  });
  const link = await createShareLink(ownerId, podcast.id, { expiration: 7 });
  if ("error" in link) throw new Error(link.error);
  return link.token;
}

test.describe("light pages", () => {
  test("the CSP allows no eval, and hydrated pages with forms break none of it", async ({ page, user }) => {
    const csp = (await page.request.get("/login")).headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src [^;]*'nonce-/);
    expect(csp).not.toContain("unsafe-eval");

    const violations = await watchCsp(page);
    const token = await sharedEpisode(user.id);
    // Each builds Zod schemas in the browser when hydrated: /login, the collections page.
    await visit(page, "/login");
    await page.getByLabel("Email").fill("not an address");
    await signInAs(page, user);
    await visit(page, "/manage-collections");
    if (jsOn()) await expect(page.locator("html[data-hydrated]")).toBeAttached();
    expect(await violations()).toEqual([]);
    await visit(page, `/s/${token}`);
    expect(await violations()).toEqual([]);
  });

  test("a page's scripts come with the headers a script needs and none of the page's (decision 0187)", async ({
    page,
  }) => {
    const html = await (await page.request.get("/login")).text();
    // Remix's entry script: on every hydrated page, and large enough to be compressed.
    const script = pageScriptUrls(html).find((url) => url.includes("/entry.client-"));
    expect(script).toBeDefined();
    const answer = await page.request.get(script!, { headers: { "Accept-Encoding": "gzip" } });
    expect(answer.status()).toBe(200);
    const headers = answer.headers();
    expect(headers).toMatchObject({
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "cross-origin-resource-policy": "same-origin",
      "content-encoding": "gzip",
    });
    for (const pageOnly of ["content-security-policy", "ratelimit", "ratelimit-policy", "x-frame-options"])
      expect(headers).not.toHaveProperty(pageOnly);
    // The page itself keeps them all.
    const pageHeaders = (await page.request.get("/login")).headers();
    expect(pageHeaders).toHaveProperty("content-security-policy");
    expect(pageHeaders).toHaveProperty("ratelimit");
  });

  test("a hydrated page's framework chunk asks V8 to compile it as it streams in (decision 0189)", async ({ page }) => {
    const buildDir = process.env.BUILD_DIR ?? "build";
    const html = await (await page.request.get("/login")).text();
    const scripts = pageScriptUrls(html).map((url) => fs.readFileSync(path.join(buildDir, "client", url), "utf8"));
    const hinted = (code: string) => code.startsWith("//# allFunctionsCalledOnLoad\n");
    // React DOM's chunk is the page's largest; the route's own chunks keep V8's lazy compiling.
    expect(hinted(scripts.reduce((a, b) => (b.length > a.length ? b : a)))).toBe(true);
    expect(scripts.filter(hinted).length).toBeLessThanOrEqual(2);
  });

  test("the share page fetches no audio before play; its length and chapters come from the server", async ({
    browser,
    user,
  }) => {
    const token = await sharedEpisode(user.id);
    const context = await browser.newContext({ javaScriptEnabled: jsOn() });
    const page = await context.newPage();
    const audio: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith("/audio") || request.resourceType() === "media")
        audio.push(request.url());
    });
    await visit(page, `/s/${token}`);
    await page.waitForLoadState("networkidle");
    await expect(page.getByText("Duration 1:00")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Chapters" }).getByRole("link")).toHaveCount(2);
    await expect(page.getByTestId("podcast-audio")).toHaveAttribute("preload", "none");
    expect(audio).toEqual([]);
    // The cover, the largest image in view, is preloaded from the head in the widths the <img> offers.
    const preload = page.locator('head link[rel="preload"][as="image"]');
    await expect(preload).toHaveAttribute("imagesrcset", /cover\.jpg\?w=96&v=[\w-]+ 96w, .*\?w=800&v=[\w-]+ 800w$/);
    await expect(preload).toHaveAttribute(
      "imagesizes",
      (await page.getByRole("img", { name: /Cover/ }).getAttribute("sizes")) ?? "",
    );
    if (jsOn()) {
      await expect(page.getByTestId("player-total")).toHaveText("1:00");
      await page
        .getByRole("group", { name: /Player/ })
        .getByRole("button", { name: "Play" })
        .click();
      await expect.poll(() => audio.length).toBeGreaterThan(0);
    }
    await context.close();
  });

  test("the newsletter, the recording-removal, unsubscribe and book-listening pages send no scripts and still work", async ({
    page,
    user,
  }) => {
    const { campaign } = await createNewsletterCollection(user.id, { podcast: false });
    const made = createNewsletter(user.id, campaign.id);
    if (!made.ok) throw new Error("the newsletter was not created");
    const newsletter = await page.request.get(`/newsletter/${made.newsletter.publicId}`);
    expect(await newsletter.text()).not.toMatch(/<script|modulepreload/);
    await visit(page, `/newsletter/${made.newsletter.publicId}`);
    // Its photos come in the size of their box (the route's ?w= copies), not the stored original.
    const photo = page.getByTestId("newsletter-stories").locator("img").first();
    await expect(photo).toHaveAttribute("srcset", /\?w=96 96w, .*\?w=800 800w$/);
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\?w=(96|192|400|800)$/);
    await page.getByRole("link", { name: "Larger Text" }).click();
    await expect(page.getByTestId("newsletter-stories")).toHaveCSS("font-size", "22px");

    const story = insertTestContribution(createTestCampaign(user.id).id);
    const recording = db
      .insert(contributionRecordings)
      .values({ contributionId: story.id, status: "ready" })
      .returning()
      .get();
    const removal = `/recording-removal/${removalToken(recording.id)}`;
    expect(await (await page.request.get(removal)).text()).not.toMatch(/<script|modulepreload/);
    await visit(page, removal);
    await page.getByRole("button", { name: "Remove my recording" }).click();
    await expect(page.getByRole("heading", { name: "Your request is noted" })).toBeVisible();

    const invitation = createTestInvitation(story.campaignId);
    const unsubscribe = `/unsubscribe/${invitation.token}`;
    expect(await (await page.request.get(unsubscribe)).text()).not.toMatch(/<script|modulepreload/);
    await visit(page, unsubscribe);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { name: "You're unsubscribed" })).toBeVisible();

    const book = `/b/${ensureBookLink(story.id)}`;
    expect(await (await page.request.get(book)).text()).not.toMatch(/<script|modulepreload/);
    await visit(page, book);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("the answer form loads only its own script, well within the 100 KB goal (gzipped, as built)", async ({
    page,
    user,
  }) => {
    const buildDir = process.env.BUILD_DIR ?? "build";
    const html = await (await page.request.get(`/contribute/${createTestCampaign(user.id).publicId}`)).text();
    const scripts = pageScriptUrls(html);
    // No React, no Remix runtime, no inline script: one module, the form's.
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/answer-form-script-[\w-]+\.js$/)]);
    expect(html.match(/<script\b/g)).toHaveLength(1);
    expect(scripts.reduce((sum, url) => sum + gzipBytes(buildDir, url), 0)).toBeLessThanOrEqual(
      ANSWER_FORM_BUDGET * KB,
    );
  });

  test("the share page loads only its player's script, within the 60 KB goal (gzipped, as built)", async ({
    page,
    user,
  }) => {
    const buildDir = process.env.BUILD_DIR ?? "build";
    const html = await (await page.request.get(`/s/${await sharedEpisode(user.id)}`)).text();
    const scripts = pageScriptUrls(html);
    // No React, no Remix runtime, no inline script: one module, the player's.
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/player-script-[\w-]+\.js$/)]);
    expect(html.match(/<script\b/g)).toHaveLength(1);
    expect(scripts.reduce((sum, url) => sum + gzipBytes(buildDir, url), 0)).toBeLessThanOrEqual(SHARE_PAGE_BUDGET * KB);
  });

  test("no route's scripts pass their budget (gzipped, from the build's manifest)", () => {
    const buildDir = process.env.BUILD_DIR ?? "build";
    const manifest = readManifest(buildDir);
    const size = (id: string) => routeJsBytes(buildDir, manifest, id);
    // The landing (and the dashboard, the same route) and the other pages without schema code.
    const heavy = SERVER_CHECKED_PAGES.filter((id) => size(id) > PAGE_BUDGET * KB).map((id) => ({
      id,
      kb: (size(id) / KB).toFixed(1),
    }));
    expect(heavy).toEqual([]);
    // Every other route: no page grows past the largest of them today.
    const over = Object.keys(manifest.routes)
      .map((id) => ({ id, kb: Math.round(size(id) / KB) }))
      .filter((r) => r.kb > ANY_ROUTE_BUDGET);
    expect(over).toEqual([]);
  });
});

// Decision 0183: the podcast wizard, the script review, the collections pages and a collection's
// stories page, held at the page budget. The wizard fetches each step when it is shown (and the
// stories page its dialogs when opened), so the wizard's pages are also counted as a browser fetches
// them, each step's part included, not from the manifest alone.
const BY_NEED_PAGES = [
  "routes/_app+/create-podcast",
  "routes/_app+/podcast.$id_.script",
  "routes/_app+/manage-collections",
  "routes/_app+/campaigns._index",
  "routes/_app+/create-story-collection",
  "routes/_app+/campaigns.$campaignId.stories",
];

test.describe("scripts by need (decision 0183)", () => {
  test("the wizard, the script review, the collections and stories pages load at most the page budget (gzipped, from the build's manifest)", () => {
    const buildDir = process.env.BUILD_DIR ?? "build";
    const manifest = readManifest(buildDir);
    const heavy = BY_NEED_PAGES.map((id) => ({ id, kb: routeJsBytes(buildDir, manifest, id) / KB }))
      .filter((route) => route.kb > PAGE_BUDGET)
      .map(({ id, kb }) => ({ id, kb: kb.toFixed(1) }));
    expect(heavy).toEqual([]);
  });

  test("every step of the podcast wizard is whole in its HTML, and with its own part loads at most the page budget of scripts", async ({
    page,
    user,
  }) => {
    const buildDir = process.env.BUILD_DIR ?? "build";
    const story = createStory(user.id);
    const making = createProcessingPodcast(user.id, "Still being made", "queued");
    const made = await createCompletePodcast(user.id, { title: `Lake summers ${randomUUID().slice(0, 8)}` });
    // Every script the page asks for, from the network: routing turns the browser's cache off.
    const scripts = new Set<string>();
    await page.route("**/assets/**", (route) => route.continue());
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith("/assets/") && path.endsWith(".js")) scripts.add(path);
    });
    await signInAs(page, user);
    // Each view, the heading its step shows and the chunk its step comes in (named after its module).
    const steps: [view: string, url: string, heading: RegExp, part: string][] = [
      ["upload", wizardUrls.upload(), /^Upload a PDF$/, "upload-step"],
      ["voices", wizardUrls.voices(story.id), /^Configure Voices$/, "voices-step"],
      ["review", wizardUrls.review(story.id, defaultVoiceConfig()), /^Review and Generate$/, "review-step"],
      ["progress", wizardUrls.podcast(making.id), /^(Generating Your Podcast|Generation Failed)$/, "progress-card"],
      ["ready", wizardUrls.podcast(made.id), /^Your Podcast is Ready!$/, "ready-step"],
    ];
    const loaded: Record<string, number> = {};
    for (const [view, url, heading, part] of steps) {
      scripts.clear();
      await visit(page, url);
      await expect(page.locator(`[data-wizard-view="${view}"]`).getByRole("heading", { name: heading })).toBeVisible();
      if (!jsOn()) continue;
      await page.waitForLoadState("networkidle");
      expect(
        [...scripts].filter((path) => path.startsWith(`/assets/${part}-`)),
        view,
      ).toHaveLength(1);
      loaded[view] = Number(([...scripts].reduce((sum, path) => sum + gzipBytes(buildDir, path), 0) / KB).toFixed(1));
    }
    if (jsOn()) expect(Object.entries(loaded).filter(([, kb]) => kb > PAGE_BUDGET)).toEqual([]);
  });
});
