// The family newsletter, the landing page's plans and sign-up, and the help centre, with JavaScript
// on and off (every test runs in both projects).
import { randomUUID } from "node:crypto";
import { emailOutbox, newsletters } from "#db/schema";
import { and, desc, eq } from "drizzle-orm";

import { db } from "~/lib/db.server";
import { getStorage } from "~/lib/storage/storage.server";
import { insertRecording } from "~/models/contribution-recording.server";

import { axeViolations } from "../utils/axe-scan";
import { createNewsletterCollection, FAKE_MP3, newsletterEmails, STORIES } from "../utils/newsletter-helpers";
import { expect, expectToast, signInAs, test, visit } from "./fixtures";

const jsEnabled = () => test.info().project.use.javaScriptEnabled !== false;

test.describe("family newsletter", () => {
  test("create a newsletter from a collection, read it, change the text size, download the PDF, edit and send it", async ({
    page,
    user,
    request,
  }) => {
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (/hydrat|did not match/i.test(message.text())) problems.push(message.text());
    });
    const { campaign } = await createNewsletterCollection(user.id, { invitees: [`kin-${randomUUID()}@example.com`] });
    await signInAs(page, user);
    await visit(page, `/campaigns/${campaign.id}/newsletters`);
    await expect(page.getByRole("heading", { name: "Family Newsletters" })).toBeVisible();
    await page.getByRole("button", { name: "Create Newsletter" }).click();
    await expectToast(page, "Newsletter created", "Edition 1 is ready to read and share.");
    await expect(page.getByText(`Edition 1: ${campaign.title}`)).toBeVisible();

    // Edit the details (the form opens by URL, so it works without JavaScript).
    await page.getByRole("link", { name: "Edit details: Edition 1" }).click();
    const form = page.getByRole("form", { name: "Edit details" });
    await form.getByLabel("Subtitle (optional)").fill("Summers at the lake, 1962 to 1975");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, "Newsletter updated");
    await expect(page.getByText("Summers at the lake, 1962 to 1975")).toBeVisible();

    // Send to family: the invitee gets it once.
    await page.getByRole("button", { name: "Send to family: Edition 1" }).click();
    // The toast names who got it (decision 0195).
    await expectToast(page, "Newsletter sent", "E-mailed to 1 family member: kin-");
    const row = db.select().from(newsletters).where(eq(newsletters.campaignId, campaign.id)).get()!;
    expect(newsletterEmails(row.id)).toHaveLength(1);
    await expect(page.getByText("Sent to 1 person")).toBeVisible();

    // The public page.
    await page.getByRole("link", { name: "Open newsletter: Edition 1" }).click();
    await expect(page).toHaveURL(new RegExp(`/newsletter/${row.publicId}$`));
    if (jsEnabled()) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByText("Family Newsletter", { exact: true })).toBeVisible();
    await expect(page.getByText("Edition 1", { exact: true })).toBeVisible();
    await expect(page.getByText("Tester Family Stories")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: campaign.title })).toBeVisible();
    await expect(page.getByText("Summers at the lake, 1962 to 1975")).toBeVisible();
    await expect(page.getByText("3 contributors")).toBeVisible();
    await expect(page.getByText("3 min of reading")).toBeVisible();
    const listen = page.getByRole("region", { name: "Listen to This Story" });
    await expect(listen.getByText("Duration: 4:05")).toBeVisible();
    await expect(listen.locator("audio")).toHaveAttribute("src", `/newsletter/${row.publicId}/audio`);
    await listen.getByText("View Transcript").click();
    await expect(listen.getByText("Host: Welcome to the family podcast.")).toBeVisible();

    const story = page.getByRole("article", { name: "Growing Up on the Farm" });
    await expect(story.getByText("Childhood")).toBeVisible();
    await expect(story.getByText("1 min read")).toBeVisible();
    // The teller by name, not a "Family Memory Keeper" line under every name (decision 0206).
    await expect(story.getByText("Grandpa Joe")).toBeVisible();
    await expect(story.getByText("Family Memory Keeper")).toHaveCount(0);
    await expect(story.getByRole("img", { name: 'Photo for "Growing Up on the Farm"' })).toBeVisible();
    await expect(page.getByText("Created with")).toBeVisible();

    // Text size: 1.125rem, then 1.375rem (a link without JavaScript, in place with it).
    const stories = page.getByTestId("newsletter-stories");
    await expect(stories).toHaveCSS("font-size", "18px");
    await page.getByRole("link", { name: "Larger Text" }).click();
    await expect(stories).toHaveCSS("font-size", "22px");
    await expect(page).toHaveURL(/\?text=large$/);
    await expect(page.getByRole("link", { name: "Smaller Text" })).toBeVisible();
    await page.getByRole("link", { name: "Smaller Text" }).click();
    await expect(stories).toHaveCSS("font-size", "18px");

    // Share shows the link (and copies it with JavaScript).
    await page.getByText("Share", { exact: true }).click();
    await expect(page.getByLabel("Link to this newsletter")).toHaveValue(new RegExp(`/newsletter/${row.publicId}$`));

    // Download PDF answers a PDF; the audio answers ranges.
    const pdfHref = await page.getByRole("link", { name: "Download PDF" }).getAttribute("href");
    const pdf = await request.get(pdfHref!);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const audio = await request.get(`/newsletter/${row.publicId}/audio`, { headers: { Range: "bytes=0-9" } });
    expect(audio.status()).toBe(206);
    expect(problems).toEqual([]);
  });

  test("opens at the large text size from ?text=large, signed out", async ({ page, user }) => {
    const { campaign } = await createNewsletterCollection(user.id, { podcast: false });
    const { createNewsletter } = await import("~/features/newsletters/newsletters.server");
    const made = createNewsletter(user.id, campaign.id);
    if (!made.ok) throw new Error("not created");
    await visit(page, `/newsletter/${made.newsletter.publicId}?text=large`);
    await expect(page.getByTestId("newsletter-stories")).toHaveCSS("font-size", "22px");
    // No podcast: no listening block.
    await expect(page.getByText("Listen to This Story")).toHaveCount(0);
  });

  test("a relative's own recording plays under their story, and an answer by voice alone is a story, signed out, on a phone", async ({
    page,
    user,
  }) => {
    const { campaign, stories } = await createNewsletterCollection(user.id, {
      podcast: false,
      stories: [
        { text: STORIES.childhood, name: "Grandpa Joe" },
        { text: "", name: "Rose Smith" },
        { text: STORIES.holiday, name: "Aunt May" },
      ],
    });
    const normalizedKey = `recordings/${stories[0]!.id}/memo.mp3`;
    await getStorage().put(normalizedKey, FAKE_MP3);
    insertRecording({ contributionId: stories[0]!.id, status: "ready", normalizedKey, durationSeconds: 12 });
    insertRecording({
      contributionId: stories[1]!.id,
      status: "ready",
      normalizedKey,
      durationSeconds: 101,
      transcript: "We skated on the pond until dark.",
    });
    await page.setViewportSize({ width: 390, height: 844 });
    const { createNewsletter } = await import("~/features/newsletters/newsletters.server");
    const made = createNewsletter(user.id, campaign.id);
    if (!made.ok) throw new Error("not created");
    await visit(page, `/newsletter/${made.newsletter.publicId}`);
    const player = page
      .getByRole("article")
      .filter({ hasText: "Grandpa Joe" })
      .getByLabel("Hear it in Grandpa Joe's own voice");
    await expect(player).toHaveAttribute("src", /\/recordings\/.+\.mp3$/);
    const audio = await page.request.get((await player.getAttribute("src"))!);
    expect(audio.headers()["content-type"]).toBe("audio/mpeg");
    // Told by voice alone, titled from its transcript: its length is a listen time.
    const rose = page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: "We skated on the pond until dark" }) });
    await expect(rose).toContainText("We skated on the pond until dark.");
    await expect(rose.getByText("2 min listen")).toBeVisible();
    await expect(rose.getByLabel("Hear it in Rose Smith's own voice")).toHaveAttribute("src", /\/recordings\/.+\.mp3$/);
    // Only the stories that have one.
    await expect(page.getByLabel(/^Hear it in .+ own voice$/)).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("an unknown newsletter shows 'Newsletter Not Found' with a 404", async ({ page }) => {
    const response = await visit(page, `/newsletter/${randomUUID()}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Newsletter Not Found" })).toBeVisible();
  });
});

test.describe("landing page", () => {
  test("anchors, the monthly/annual toggle with its 'Save' badge, and the 'Coming Soon' sign-up", async ({ page }) => {
    await visit(page, "/");
    for (const id of ["how-it-works", "features", "about", "pricing-section"])
      await expect(page.locator(`#${id}`)).toBeAttached();
    await expect(page.getByText("senior living communities").first()).toBeVisible();
    await page.getByRole("link", { name: "See plans" }).first().click();
    await expect(page).toHaveURL(/#pricing-section$/);

    const family = page.locator('[data-plan="Family"]');
    await expect(family).toContainText("$20/month");
    await page.getByRole("link", { name: "Annual" }).click();
    await expect(family).toContainText("$220/year");
    await expect(family.getByText("Save $20")).toBeVisible();
    await expect(page.locator('[data-plan="Starter"]').getByText("Save $12")).toBeVisible();
    await expect(page).toHaveURL(/billing=annual/);
    await page.getByRole("link", { name: "Monthly" }).click();
    await expect(family).toContainText("$20/month");
    await expect(family.getByText(/Save \$/)).toHaveCount(0);

    // The enterprise link opens the sign-up dialog; closing it keeps the page.
    await page.getByRole("link", { name: "Ask about enterprise options" }).click();
    const dialog = page.getByRole("dialog", { name: "Coming Soon" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // A plan's button opens it too; the e-mail is required, then the address joins the launch list.
    await page.getByRole("link", { name: "Choose Family" }).click();
    await expect(dialog).toBeVisible();
    const email = dialog.getByLabel("Email");
    await expect(email).toHaveAttribute("required", "");
    const address = `early-${randomUUID()}@example.com`;
    await email.fill(address);
    await dialog.getByRole("button", { name: "Notify Me" }).click();
    await expect(page.getByRole("dialog", { name: "You're on the list!" })).toBeVisible();
    const stored = db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "launch_waitlist"), eq(emailOutbox.to, address)))
      .all();
    expect(stored).toHaveLength(1);
  });

  test("a bad address is refused with a message", async ({ page }) => {
    await visit(page, "/?signup=1");
    const dialog = page.getByRole("dialog", { name: "Coming Soon" });
    // Skip the browser's own type check to see the server's (and Conform's) message.
    await dialog.locator("form").evaluate((f: HTMLFormElement) => f.setAttribute("novalidate", ""));
    await dialog.getByLabel("Email").fill("not-an-address");
    await dialog.getByRole("button", { name: "Notify Me" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  });
});

test.describe("help centre", () => {
  test("FAQ, Tutorials and Contact Support tabs; a support message is e-mailed to support", async ({ page, user }) => {
    await signInAs(page, user);
    await visit(page, "/help");
    await expect(page.getByRole("heading", { name: "Help & FAQ" })).toBeVisible();
    await page.getByText("What can I upload?").click();
    await expect(page.getByText("A PDF file of up to 20 MB")).toBeVisible();
    await page.getByText("Is there a limit on how many podcasts I can make?").click();
    await expect(page.getByText("Your account is using 0 of 3.")).toBeVisible();

    await page.getByRole("link", { name: "Tutorials" }).click();
    await expect(page).toHaveURL(/\?tab=tutorials$/);
    await expect(page.getByRole("heading", { name: "Create your first podcast" })).toBeVisible();

    await page.getByRole("link", { name: "Contact Support" }).click();
    await expect(page).toHaveURL(/\?tab=contact$/);
    const subject = `Help with sharing ${randomUUID().slice(0, 8)}`;
    await page.getByLabel("Subject").fill(subject);
    await page.getByLabel("Message").fill("How do I share a podcast with my sister?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expectToast(page, "Message sent");
    await expect(page.getByText("Thank you for your message")).toBeVisible();
    const mail = db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `Support request: ${subject}`))
      .orderBy(desc(emailOutbox.createdAt))
      .get();
    expect(mail?.replyTo).toBe(user.email);
    expect(mail?.to).toContain("@");
  });

  test("open to a visitor: the answers without an account's figures, and a message that asks where to reply", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, "/help");
    await expect(page).toHaveURL(/\/help$/);
    await expect(page.getByRole("heading", { name: "Help & FAQ" })).toBeVisible();
    await page.getByText("Is there a limit on how many podcasts I can make?").click();
    await expect(page.getByText("deleting a podcast frees its place.")).toBeVisible();
    await expect(page.getByText("Your account is using")).toHaveCount(0);
    await page.getByRole("link", { name: "Tutorials" }).click();
    await expect(page.getByRole("heading", { name: "Create your first podcast" })).toBeVisible();
    await expect(page.getByText("Your collections' newsletters")).toHaveCount(0);

    await page.getByRole("link", { name: "Contact Support" }).click();
    const subject = `Before signing up ${randomUUID().slice(0, 8)}`;
    await page.getByLabel("Subject").fill(subject);
    await page.getByLabel("Message").fill("Can my aunt answer without a computer?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await page.getByLabel("Your e-mail address").fill("curious.visitor@example.org");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Thank you for your message")).toBeVisible();
    const mail = db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `Support request: ${subject}`))
      .get();
    expect(mail?.replyTo).toBe("curious.visitor@example.org");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
