import type { Page } from "@playwright/test";

import { saveWorkflowSettings, type WorkflowInput } from "~/models/workflow.server";

import { addInvitations, addPodcast, addStory, makeCampaign, makeCampaigns } from "../utils/dashboard-helpers";
import { expect, expectToast, makeUser, signInAs, test, visit } from "./fixtures";

const DAY = 86_400_000;
const jsEnabled = () => test.info().project.use.javaScriptEnabled !== false;
const rowTitles = (page: Page) => page.getByTestId("collection-row").locator("h3");
const row = (page: Page, title: string) =>
  page.getByTestId("collection-row").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

/** Distribution 'scheduled' from 2030-01-10: position N is delivered on Jan 9 + N, 2030. */
const scheduledFrom2030: WorkflowInput = {
  collection: { mode: "manual", startDate: null, maxReminders: 3, contributors: [] },
  distribution: {
    mode: "scheduled",
    scheduledDate: "2030-01-10",
    dayOfWeek: null,
    dayOfMonth: null,
    monthOfYear: null,
    recipients: [],
  },
};

/** Three collections listed Alpha, Beta, Gamma. */
function threeCollections(ownerId: string) {
  const base = Date.now();
  return ["Alpha", "Beta", "Gamma"].map((title, i) =>
    makeCampaign(ownerId, { title, createdAt: new Date(base - (i + 1) * 60_000) }),
  );
}

test.describe("dashboard", () => {
  test("a new user sees zero stats and every empty state", async ({ page, user }) => {
    await signInAs(page, user);
    await visit(page, "/");
    await expect(page).toHaveTitle(/^Dashboard/);
    await expect(page.getByRole("heading", { name: "Family Memories Dashboard" })).toBeVisible();
    await expect(page.getByText("Preserve and share your family's stories through podcasts")).toBeVisible();
    await expect(page.getByText("Loading your dashboard...")).toHaveCount(0);
    for (const id of ["family-podcasts", "story-collections", "stories-collected", "total-listens"]) {
      await expect(page.getByTestId(`stat-${id}`)).toHaveText("0");
    }
    await expect(page.getByText("0 this month")).toBeVisible();
    await expect(page.getByRole("link", { name: "New Collection" })).toHaveAttribute(
      "href",
      "/create-story-collection",
    );
    await expect(page.getByRole("link", { name: "Manage", exact: true })).toHaveAttribute(
      "href",
      "/manage-collections",
    );
    await expect(page.getByRole("link", { name: "Create Your First Podcast" })).toHaveAttribute(
      "href",
      "/create-podcast",
    );
    await expect(page.getByRole("link", { name: "Start Collecting Stories" })).toHaveAttribute(
      "href",
      "/create-story-collection",
    );
    await expect(page.getByRole("link", { name: "Schedule Your First Collection" })).toHaveAttribute(
      "href",
      "/create-story-collection",
    );
    await expect(page.getByLabel("Period")).toHaveValue("30d");
    // The first step is said before the zeros.
    const first = page.getByRole("heading", { name: "Start with one question" });
    await expect(first).toBeVisible();
    await expect(page.getByRole("link", { name: "Create your first story collection" })).toHaveAttribute(
      "href",
      "/create-story-collection",
    );
    expect(
      await first.evaluate(
        (h) =>
          !!(
            h.compareDocumentPosition(document.querySelector("[aria-label=Statistics]")!) &
            Node.DOCUMENT_POSITION_FOLLOWING
          ),
      ),
    ).toBe(true);
  });

  test("shows the owner's figures and lists, and the period selector filters the new-story count", async ({
    page,
    user,
  }) => {
    const other = await makeUser();
    const kitchen = makeCampaign(user.id, { title: "Grandma's Kitchen", status: "active" });
    addStory(kitchen.id, {
      contributorName: "Uncle Robert",
      submittedAt: new Date(Date.now() - 3 * DAY),
      wordCount: 42,
    });
    addStory(kitchen.id, { contributorName: "Aunt June", submittedAt: new Date(Date.now() - 20 * DAY) });
    const scheduled = makeCampaign(user.id, {
      title: "Holiday Memories",
      description: "Winter stories",
      scheduledDate: new Date(Date.now() + 5 * DAY),
    });
    addInvitations(scheduled.id, 2);
    const podcast = addPodcast(user.id, { title: "Summers at the Lake", listens: 12, duration: 245 });
    addPodcast(other.id, { listens: 1000 });

    await signInAs(page, user);
    await visit(page, "/");
    await expect(page.getByTestId("stat-family-podcasts")).toHaveText("1");
    await expect(page.getByRole("heading", { name: "Start with one question" })).toHaveCount(0);
    await expect(page.getByTestId("stat-story-collections")).toHaveText("2");
    await expect(page.getByText("1 active")).toBeVisible();
    await expect(page.getByTestId("stat-stories-collected")).toHaveText("2");
    await expect(page.getByTestId("stat-total-listens")).toHaveText("12");
    await expect(page.getByRole("group", { name: "Stories Collected" })).toContainText("2 in the last 30 days");
    await expect(page.getByRole("group", { name: "Family Podcasts" })).toContainText("1 this month");

    await expect(page.getByRole("link", { name: "Listen to Summers at the Lake" })).toHaveAttribute(
      "href",
      `/podcast/${podcast.id}`,
    );
    await expect(page.getByText("4:05 · 12 listens")).toBeVisible();
    await expect(page.getByText("Uncle Robert")).toBeVisible();
    await expect(page.getByText(/Grandma's Kitchen · .* · 42 words/)).toBeVisible();
    await expect(page.getByRole("link", { name: "View details of Holiday Memories" })).toHaveAttribute(
      "href",
      `/campaigns/${scheduled.id}/stories`,
    );
    await expect(page.getByText(/· 2 recipients/)).toBeVisible();
    await expect(page.getByText("Pending", { exact: true })).toBeVisible();

    await page.getByLabel("Period").selectOption("7d");
    if (!jsEnabled()) await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/\?period=7d$/);
    await expect(page.getByRole("group", { name: "Stories Collected" })).toContainText("1 in the last 7 days");
    await expect(page.getByLabel("Period")).toHaveValue("7d");
    await expect(page.getByTestId("stat-stories-collected")).toHaveText("2");
  });

  test("a scheduled collection whose invitations went out shows 'Sent', not 'Pending' (decision 0121)", async ({
    page,
    user,
  }) => {
    makeCampaign(user.id, {
      title: "Spring Letters",
      status: "active",
      scheduledDate: new Date(Date.now() - 2 * DAY),
      sentDate: new Date(Date.now() - 2 * DAY),
    });
    makeCampaign(user.id, {
      title: "Autumn Walks",
      status: "scheduled",
      scheduledDate: new Date(Date.now() + 3 * DAY),
    });
    await signInAs(page, user);
    await visit(page, "/");
    const entry = (title: string) => page.getByRole("listitem").filter({ has: page.getByText(title, { exact: true }) });
    await expect(entry("Spring Letters").getByText("Sent", { exact: true })).toBeVisible();
    await expect(entry("Spring Letters").getByText("Pending", { exact: true })).toHaveCount(0);
    await expect(entry("Autumn Walks").getByText("Pending", { exact: true })).toBeVisible();
  });
});

test.describe("manage story collections", () => {
  test("a new user sees the empty state", async ({ page, user }) => {
    await signInAs(page, user);
    await visit(page, "/manage-collections");
    await expect(page.getByRole("heading", { name: "No Story Collections Yet" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Create Your First Collection" })).toHaveAttribute(
      "href",
      "/create-story-collection",
    );
    await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/");
    await expect(page.getByTestId("stat-total-collections")).toHaveText("0");
    await expect(page.getByTestId("reminder-mode")).toHaveText("Manual");
    await expect(page.getByTestId("distribution-mode")).toHaveText("Manual");
  });

  test("shows each collection's counts, dates and links", async ({ page, user }) => {
    const [alpha] = threeCollections(user.id);
    addStory(alpha!.id);
    addInvitations(alpha!.id, 3);
    saveWorkflowSettings(user.id, scheduledFrom2030);
    await signInAs(page, user);
    await visit(page, "/manage-collections");
    await expect(page.getByTestId("stat-total-collections")).toHaveText("3");
    await expect(page.getByTestId("stat-family-members")).toHaveText("3");
    await expect(page.getByTestId("stat-stories-collected")).toHaveText("1");
    const first = row(page, "Alpha");
    await expect(first).toContainText("3 invited · 1 story");
    await expect(first.getByRole("link", { name: "View Stories" })).toHaveAttribute(
      "href",
      `/campaigns/${alpha!.id}/stories`,
    );
    await expect(first.getByRole("link", { name: "Create Podcast" })).toHaveAttribute(
      "href",
      `/campaigns/${alpha!.id}/stories#podcast`,
    );
    await expect(row(page, "Beta").getByRole("link", { name: "Create Podcast" })).toHaveCount(0);
    await expect(row(page, "Beta")).toContainText("Delivery #2: Jan 11, 2030");
    await expect(page.getByTestId("distribution-mode")).toHaveText("Scheduled");
  });

  test("Move down / Move up reorder the list; the order and delivery dates persist after reload", async ({
    page,
    user,
  }) => {
    threeCollections(user.id);
    saveWorkflowSettings(user.id, scheduledFrom2030);
    await signInAs(page, user);
    await visit(page, "/manage-collections");
    await expect(rowTitles(page)).toHaveText(["Alpha", "Beta", "Gamma"]);
    await expect(row(page, "Alpha").getByRole("button", { name: "Move up" })).toBeDisabled();

    await row(page, "Alpha").getByRole("button", { name: "Move down" }).click();
    await expectToast(page, "Collections reordered", "Delivery dates have been recalculated based on the new order");
    await expect(rowTitles(page)).toHaveText(["Beta", "Alpha", "Gamma"]);

    await row(page, "Gamma").getByRole("button", { name: "Move up" }).click();
    await expect(rowTitles(page)).toHaveText(["Beta", "Gamma", "Alpha"]);

    await page.reload();
    await expect(rowTitles(page)).toHaveText(["Beta", "Gamma", "Alpha"]);
    await expect(row(page, "Beta")).toContainText("Delivery #1: Jan 10, 2030");
    await expect(row(page, "Gamma")).toContainText("Delivery #2: Jan 11, 2030");
    await expect(row(page, "Alpha")).toContainText("Delivery #3: Jan 12, 2030");
  });

  test("dragging (JavaScript) or the move buttons (no JavaScript) reorder, then arrow keys on the handle; the order persists", async ({
    page,
    user,
  }) => {
    threeCollections(user.id);
    saveWorkflowSettings(user.id, scheduledFrom2030);
    // Tall enough that the dragged row and its target are both on screen.
    await page.setViewportSize({ width: 1280, height: 1400 });
    await signInAs(page, user);
    await visit(page, "/manage-collections");
    await expect(rowTitles(page)).toHaveText(["Alpha", "Beta", "Gamma"]);

    if (jsEnabled()) {
      const handle = page.getByRole("button", { name: "Reorder Gamma" });
      const from = (await handle.boundingBox())!;
      const target = (await row(page, "Alpha").boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      // Under the 5 px threshold nothing moves yet.
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 3);
      await expect(rowTitles(page)).toHaveText(["Alpha", "Beta", "Gamma"]);
      await page.mouse.move(from.x + from.width / 2, target.y + 5, { steps: 12 });
      await expect(rowTitles(page)).toHaveText(["Gamma", "Alpha", "Beta"]);
      await page.mouse.up();
    } else {
      await row(page, "Gamma").getByRole("button", { name: "Move up" }).click();
      await row(page, "Gamma").getByRole("button", { name: "Move up" }).click();
    }
    await expectToast(page, "Collections reordered");
    await expect(rowTitles(page)).toHaveText(["Gamma", "Alpha", "Beta"]);
    await page.reload();
    await expect(rowTitles(page)).toHaveText(["Gamma", "Alpha", "Beta"]);
    await expect(row(page, "Gamma")).toContainText("Delivery #1: Jan 10, 2030");

    if (jsEnabled()) await page.getByRole("button", { name: "Reorder Alpha" }).press("ArrowDown");
    else await row(page, "Alpha").getByRole("button", { name: "Move down" }).click();
    await expect(rowTitles(page)).toHaveText(["Gamma", "Beta", "Alpha"]);
    await expectToast(page, "Collections reordered");
    await page.reload();
    await expect(rowTitles(page)).toHaveText(["Gamma", "Beta", "Alpha"]);
    await expect(row(page, "Alpha")).toContainText("Delivery #3: Jan 12, 2030");
  });

  test("moving a collection DOWN saves (drag with JavaScript, move buttons without), and a drag near the window's edge scrolls the page", async ({
    page,
    user,
  }) => {
    threeCollections(user.id);
    await page.setViewportSize({ width: 1280, height: 1400 });
    await signInAs(page, user);
    await visit(page, "/manage-collections");
    await expect(rowTitles(page)).toHaveText(["Alpha", "Beta", "Gamma"]);
    if (jsEnabled()) {
      const handle = (await page.getByRole("button", { name: "Reorder Alpha" }).boundingBox())!;
      const target = (await row(page, "Gamma").boundingBox())!;
      await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
      await page.mouse.down();
      await page.mouse.move(handle.x + handle.width / 2, target.y + target.height - 5, { steps: 12 });
      await expect(rowTitles(page)).toHaveText(["Beta", "Gamma", "Alpha"]);
      await page.mouse.up();
    } else {
      await row(page, "Alpha").getByRole("button", { name: "Move down" }).click();
      await row(page, "Alpha").getByRole("button", { name: "Move down" }).click();
    }
    await expectToast(page, "Collections reordered");
    await page.reload();
    await expect(rowTitles(page)).toHaveText(["Beta", "Gamma", "Alpha"]);

    if (!jsEnabled()) return;
    // A short window: holding a dragged row near its bottom edge scrolls down; near the top, back up.
    await page.setViewportSize({ width: 1280, height: 420 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const handle = (await page.getByRole("button", { name: "Reorder Beta" }).boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, 415, { steps: 8 });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.mouse.move(handle.x + handle.width / 2, 4, { steps: 8 });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.mouse.up();
  });

  test("a reorder that fails (the collection was deleted elsewhere) reverts with the 'Error' toast", async ({
    page,
    user,
  }) => {
    const [alpha] = threeCollections(user.id);
    await signInAs(page, user);
    await visit(page, "/manage-collections");
    await expect(rowTitles(page)).toHaveText(["Alpha", "Beta", "Gamma"]);
    // Deleted in another tab after this page loaded.
    const { db } = await import("~/lib/db.server");
    const { campaigns } = await import("#db/schema");
    const { eq } = await import("drizzle-orm");
    db.delete(campaigns).where(eq(campaigns.id, alpha!.id)).run();

    await row(page, "Alpha").getByRole("button", { name: "Move down" }).click();
    if (jsEnabled()) {
      await expectToast(page, "Error", "Failed to reorder collections. Please try again.");
      await expect(rowTitles(page)).toHaveText(["Beta", "Gamma"]);
    } else {
      await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
      await visit(page, "/manage-collections");
      await expect(rowTitles(page)).toHaveText(["Beta", "Gamma"]);
    }
  });

  test("Configure Workflows saves the settings; the toast, summary strip and delivery dates follow", async ({
    page,
    user,
  }) => {
    threeCollections(user.id);
    await signInAs(page, user);
    await visit(page, "/manage-collections");
    await expect(page.getByTestId("delivery")).toHaveCount(0);
    await page.getByRole("link", { name: "Configure Workflows" }).click();
    const dialog = page.getByRole("dialog", { name: "Configure Workflows" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Max reminders")).toHaveValue("3");
    await dialog.getByLabel("Reminder mode").selectOption("biweekly");
    await dialog.getByLabel("Max reminders").selectOption("5");
    await dialog
      .getByLabel("Contributors (one e-mail per line)")
      .fill("ann@example.com\n\nann@example.com\nbob@example.com");
    await dialog.getByLabel("Distribution mode").selectOption("yearly");
    await dialog.getByLabel("Month of year").selectOption("February");
    await dialog.getByLabel("Day of month").selectOption("29");
    await dialog.getByRole("button", { name: "Save Settings" }).click();

    await expectToast(page, "Workflow settings updated successfully.");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByTestId("reminder-mode")).toHaveText("Biweekly");
    await expect(page.getByTestId("distribution-mode")).toHaveText("Yearly");
    await expect(page.getByTestId("delivery")).toHaveCount(3);
    // Yearly on Feb 29: one year apart, on Feb 28 in years that have no 29th.
    await expect(row(page, "Alpha").getByTestId("delivery")).toHaveText(/^Delivery #1: Feb 2[89], \d{4}$/);

    await page.getByRole("link", { name: "Configure Workflows" }).click();
    await expect(page.getByRole("dialog").getByLabel("Contributors (one e-mail per line)")).toHaveValue(
      "ann@example.com\nbob@example.com",
    );
    await expect(page.getByRole("dialog").getByLabel("Max reminders")).toHaveValue("5");
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("user B sees none of user A's collections and cannot move them", async ({ page, user }) => {
    const [alpha] = makeCampaigns(user.id, 2, "Private");
    const intruder = await makeUser();
    await signInAs(page, intruder);
    await visit(page, "/manage-collections");
    await expect(page.getByRole("heading", { name: "No Story Collections Yet" })).toBeVisible();
    await expect(page.getByText("Private 1")).toHaveCount(0);
    const move = await page.request.post("/manage-collections", {
      form: { intent: "move", move: `${alpha!.id}:down` },
      maxRedirects: 0,
    });
    expect(move.status()).toBe(404);
    const api = await page.request.post("/api/admin/story-collections/reorder", {
      data: { collections: [{ id: alpha!.id, sortOrder: 1 }] },
    });
    expect(api.status()).toBe(404);
  });
});
