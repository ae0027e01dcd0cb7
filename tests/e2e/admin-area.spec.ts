// The administrator's collections, Create New, API keys (and the external API they open), prompt
// templates and system errors, with JavaScript on and off.
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { apiKeys, campaigns, promptTemplates, systemErrors } from "#db/schema";
import { and, eq } from "drizzle-orm";

import { db } from "~/lib/db.server";
import { sha256 } from "~/lib/tokens.server";
import { createPromptTemplate } from "~/models/prompt-template.server";

import { signInAsAdmin } from "../utils/admin-helpers";
import { makeCampaign } from "../utils/dashboard-helpers";
import { expect, expectToast, jsOn, makeUser, signInAs, test, visit } from "./fixtures";

const unique = () => randomUUID().slice(0, 8);

async function signedInAdmin(page: Page) {
  const admin = await makeUser({ role: "admin", firstName: "Ada" });
  await signInAsAdmin(page, admin);
  return admin;
}

/**
 * Clicks a confirmed action: with JavaScript the browser asks (accepted here); without it the link
 * opens a confirmation dialog whose button confirms.
 */
async function confirmed(page: Page, trigger: Locator, confirmLabel: string) {
  if (jsOn()) {
    page.once("dialog", (dialog) => void dialog.accept());
    await trigger.click();
  } else {
    await trigger.click();
    await page.getByRole("dialog").getByRole("button", { name: confirmLabel }).click();
  }
}

// Families read only "not available yet"; the administrator is told the command.
test("the dashboard names the Piper voices not installed here and the command that installs them", async ({ page }) => {
  await signedInAdmin(page);
  await visit(page, "/admin");
  const notice = page.getByTestId("piper-voices-notice");
  await expect(notice).toContainText("Better voices (Piper) not installed on this server:");
  await expect(notice).toContainText("run `npm run voices:download` to install them.");
});

test.describe("admin access", () => {
  test("an ordinary user sees Admin Access Required", async ({ page, user }) => {
    await signInAs(page, user);
    const response = await visit(page, "/admin/api-keys");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Admin Access Required" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Admin Login" })).toHaveAttribute("href", "/admin-login");
  });
});

test.describe("API keys", () => {
  test("create a key, see it once, call the external API with it, deactivate it and see the call refused", async ({
    page,
  }) => {
    await signedInAdmin(page);
    const name = `Partner ${unique()}`;
    await visit(page, "/admin/api-keys");
    await page.getByRole("main").getByRole("link", { name: "Create API Key" }).click();
    const dialog = page.getByRole("dialog", { name: "Create API Key" });
    await expect(dialog).toBeVisible();
    if (jsOn()) await expect(dialog.getByRole("button", { name: "Create API Key" })).toBeDisabled();
    await dialog.getByLabel("Client name").fill(name);
    await dialog.getByLabel("Usage limit (optional)").fill("5");
    await dialog.getByLabel("Expires in days (optional)").fill("30");
    await dialog.getByRole("button", { name: "Create API Key" }).click();

    await expectToast(page, "API key created");
    const shown = page.getByTestId("new-api-key-value");
    await expect(shown).toHaveText(/^shk_/);
    const apiKey = (await shown.textContent())!.trim();
    const row = db.select().from(apiKeys).where(eq(apiKeys.name, name)).get()!;
    expect(row.keyHash).toBe(sha256(apiKey));
    const tableRow = page.getByTestId("api-key-row").filter({ hasText: name });
    await expect(tableRow.getByTestId("api-key-status")).toHaveText("Active");
    await expect(tableRow).toContainText(row.keyHash.slice(0, 16));
    await expect(tableRow).toContainText("0 / 5");

    // Shown once: a reload (a new visit) has no key on the page.
    await visit(page, "/admin/api-keys");
    await expect(page.getByTestId("api-key-row").filter({ hasText: name })).toBeVisible();
    await expect(page.getByTestId("new-api-key")).toHaveCount(0);
    await expect(page.locator("body")).not.toContainText(apiKey);

    const call = () => page.request.get("/api/external/podcasts", { headers: { Authorization: `Bearer ${apiKey}` } });
    const ok = await call();
    expect(ok.status()).toBe(200);
    expect(await ok.json()).toEqual([]);

    await visit(page, "/admin/api-keys");
    await expect(page.getByTestId("api-key-row").filter({ hasText: name })).toContainText("1 / 5");
    await confirmed(
      page,
      page.getByTestId("api-key-row").filter({ hasText: name }).getByRole("link", { name: "Deactivate" }),
      "Deactivate",
    );
    await expectToast(page, "API key deactivated");
    const deactivated = page.getByTestId("api-key-row").filter({ hasText: name });
    await expect(deactivated.getByTestId("api-key-status")).toHaveText("Deactivated");
    await expect(deactivated.getByRole("link", { name: "Deactivate" })).toHaveCount(0);
    await expect(deactivated.getByRole("button", { name: /Activate|Disable/ })).toHaveCount(0);

    const refused = await call();
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toEqual({ message: "This API key has been deactivated" });
  });

  test("Create New → API Key shows the key once on /admin/settings; the guide links the documentation", async ({
    page,
  }) => {
    await signedInAdmin(page);
    const name = `Settings key ${unique()}`;
    await visit(page, "/admin/create?tab=api-key");
    await expect(page.getByRole("link", { name: "API Key", exact: true })).toHaveAttribute("aria-current", "page");
    await page.getByLabel("Name").fill(name);
    await page.getByRole("button", { name: "Create API Key" }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByTestId("new-api-key")).toContainText(name);
    await expect(page.getByTestId("new-api-key-value")).toHaveText(/^shk_/);
    await expect(page.getByRole("main").getByRole("link", { name: "Create New" })).toHaveAttribute(
      "href",
      "/admin/create?tab=api-key",
    );
    await visit(page, "/admin/settings");
    await expect(page.getByTestId("new-api-key")).toHaveCount(0);

    await visit(page, "/admin/api-keys");
    await page.getByRole("link", { name: "Full API documentation" }).click();
    await expect(page).toHaveURL(/\/api\/admin\/documentation$/);
    await expect(page.getByRole("heading", { name: "Storyhearth External API" })).toBeVisible();
    await expect(page.getByText("/api/external/generate-podcast").first()).toBeVisible();
    await expect(page.getByText(/curl -X POST/)).toBeVisible();
  });
});

test.describe("prompt templates", () => {
  test("create a template, set it as the default, and delete another", async ({ page }) => {
    await signedInAdmin(page);
    const id = unique();
    const old = createPromptTemplate({
      name: `Old default ${id}`,
      category: "dual_host",
      systemPrompt: "Old",
      isDefault: true,
    });
    const spare = createPromptTemplate({ name: `Spare ${id}`, category: "dual_host", systemPrompt: "Spare" });

    await visit(page, "/admin/prompt-templates?tab=dual_host");
    await expect(page.getByRole("link", { name: /Dual Host/ })).toHaveAttribute("aria-current", "page");
    await page.getByRole("main").getByRole("link", { name: "Create Template" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Template" });
    await dialog.getByLabel("Name").fill(`Conversational ${id}`);
    await expect(dialog.getByLabel("Category", { exact: true })).toHaveValue("dual_host");
    await dialog.getByLabel("System prompt").fill("Two hosts chat warmly about the story.");
    await dialog.getByRole("button", { name: "Create Template" }).click();
    await expectToast(page, "Prompt template created");

    const card = page.getByTestId("template-card").filter({ hasText: `Conversational ${id}` });
    await expect(card).toBeVisible();
    await card.getByRole("button", { name: "Set Default" }).click();
    await expectToast(page, "Default template updated");
    await expect(
      page
        .getByTestId("template-card")
        .filter({ hasText: `Conversational ${id}` })
        .getByTestId("default-badge"),
    ).toBeVisible();
    await expect(
      page
        .getByTestId("template-card")
        .filter({ hasText: `Old default ${id}` })
        .getByTestId("default-badge"),
    ).toHaveCount(0);
    const defaults = db
      .select({ id: promptTemplates.id })
      .from(promptTemplates)
      .where(and(eq(promptTemplates.category, "dual_host"), eq(promptTemplates.isDefault, true)))
      .all();
    expect(defaults).toHaveLength(1);
    expect(defaults[0]!.id).not.toBe(old.id);
    // The default offers neither Set Default nor Delete.
    await expect(
      page
        .getByTestId("template-card")
        .filter({ hasText: `Conversational ${id}` })
        .getByRole("link", { name: "Delete" }),
    ).toHaveCount(0);

    await confirmed(
      page,
      page
        .getByTestId("template-card")
        .filter({ hasText: `Spare ${id}` })
        .getByRole("link", { name: "Delete" }),
      "Delete",
    );
    await expectToast(page, "Prompt template deleted");
    await expect(page.getByTestId("template-card").filter({ hasText: `Spare ${id}` })).toHaveCount(0);
    expect(db.select().from(promptTemplates).where(eq(promptTemplates.id, spare.id)).get()).toBeUndefined();
  });
});

test.describe("system errors", () => {
  test("resolve an error; it leaves the Unresolved tab", async ({ page }) => {
    await signedInAdmin(page);
    const type = `e2e_failure_${unique()}`;
    db.insert(systemErrors)
      .values({ errorType: type, errorMessage: "Something broke in the test", severity: "critical", workflow: "e2e" })
      .run();
    await visit(page, "/admin/system-errors?tab=unresolved");
    await expect(page.getByRole("link", { name: "Back to Admin" })).toHaveAttribute("href", "/admin");
    const item = page.getByTestId("system-error").filter({ hasText: type });
    await expect(item.getByTestId("severity")).toHaveText("critical");
    await expect(item.getByTestId("severity")).toHaveClass(/bg-red-700/);
    await item.getByRole("button", { name: "Resolve" }).click();
    await expectToast(page, "Error marked as resolved");
    await expect(page).toHaveURL(/tab=unresolved/);
    await expect(page.getByTestId("system-error").filter({ hasText: type })).toHaveCount(0);
    await page.getByRole("link", { name: "All Errors" }).click();
    await expect(page.getByTestId("system-error").filter({ hasText: type })).toContainText("Resolved");
    await page.getByRole("main").getByRole("link", { name: "Refresh" }).click();
    await expect(page.getByTestId("system-error").filter({ hasText: type })).toBeVisible();
  });
});

test.describe("story collections", () => {
  test("deactivate a collection; every row has its move buttons", async ({ page }) => {
    const admin = await signedInAdmin(page);
    const id = unique();
    // Before every other test's collections (negative sort order), so the two are neighbours on the
    // first page however many collections tests running in parallel add meanwhile.
    const top = -Date.now();
    const first = makeCampaign(admin.id, { title: `First ${id}`, sortOrder: top });
    makeCampaign(admin.id, { title: `Second ${id}`, sortOrder: top + 1 });
    await visit(page, "/admin/story-collections");
    await expect(page.getByRole("group", { name: "Total Collections" })).toBeVisible();

    const row = (title: string) =>
      page.getByTestId("admin-collection-row").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    await row(`First ${id}`).getByRole("button", { name: "Deactivate" }).click();
    await expectToast(page, "Collection deactivated");
    await expect(row(`First ${id}`).getByTestId("active-badge")).toHaveText("Inactive");
    expect(db.select().from(campaigns).where(eq(campaigns.id, first.id)).get()?.isActive).toBe(false);

    // The move buttons reorder the one global admin order, which every test running in parallel
    // renumbers too, so their effect is asserted in tests/integration/admin-collections.test.ts.
    await expect(row(`Second ${id}`).getByRole("button", { name: "Move up" })).toBeVisible();
  });

  test("Create New → Story Collection counts the recipients and leads to the list", async ({ page }) => {
    await signedInAdmin(page);
    const id = unique();
    await visit(page, "/admin/create");
    await expect(page.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/admin");
    await page.getByLabel("Title").fill(`Recipes ${id}`);
    await page
      .getByLabel("Recipients (one email per line)")
      .fill(`gran-${id}@example.com\n\nuncle-${id}@example.com\n`);
    if (jsOn()) await expect(page.getByTestId("emails-count")).toHaveText("2 email(s) entered");
    // The prompt is missing: the form says so and keeps the count.
    await page.getByRole("button", { name: "Create Collection" }).click();
    await expect(page.getByText("Prompt is required")).toBeVisible();
    await expect(page.getByTestId("emails-count")).toHaveText("2 email(s) entered");
    await page.getByLabel("Prompt").fill("Which dish did Gran make best?");
    await page.getByRole("button", { name: "Create Collection" }).click();
    await expect(page).toHaveURL(/\/admin\/story-collections$/);
    await expectToast(page, "Story collection created", `"Recipes ${id}" was created with 2 recipient(s).`);
  });
});
