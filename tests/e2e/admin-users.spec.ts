// The /admin users screens, with JavaScript on and off. The administrator signs in through the
// test identity provider (the sign-in itself: admin-oauth.spec.ts).
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";

import { expect, expectToast, latestEmailTo, makeUser, signInAtProvider, test, visit, type TestUser } from "./fixtures";

const jsEnabled = () => test.info().project.use.javaScriptEnabled !== false;
const uniqueEmail = (name: string) => `${name}.${randomUUID().slice(0, 8)}@example.com`;

/** /admin-login → /api/login → the identity provider → /auth/callback → /admin, as an administrator would. */
async function adminSignIn(page: Page, admin: TestUser) {
  await signInAtProvider(page, admin.email);
  await visit(page, "/admin-login");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
}

test.describe("admin users", () => {
  test("manage a user: role, subscription and its limit, trial, custom limit", async ({ page }) => {
    const admin = await makeUser({ role: "admin" });
    const target = await makeUser({ firstName: "Morgan" });
    await adminSignIn(page, admin);
    for (const label of ["Total Users", "Active Trials", "Active Subscriptions"]) {
      await expect(page.getByRole("heading", { name: label })).toBeVisible();
    }
    for (const href of ["/admin/system-errors", "/admin/metrics", "/admin/activity", "/admin/api-keys"]) {
      await expect(page.getByRole("navigation", { name: "Admin areas" }).locator(`a[href="${href}"]`)).toBeVisible();
    }

    const row = page.getByRole("row").filter({ hasText: target.email });
    await expect(row).toContainText("Never");
    await row.getByRole("link", { name: "Manage" }).click();
    const dialog = page.getByRole("dialog", { name: "Manage Morgan Tester" });
    await expect(dialog).toBeVisible();
    const limit = dialog.getByTestId("podcast-limit");
    await expect(limit).toHaveText("3");
    await expect(dialog.getByText("Never")).toBeVisible();

    await dialog.getByLabel("Role", { exact: true }).selectOption("trial");
    await dialog.getByRole("button", { name: "Update Role" }).click();
    await expectToast(page, "User role updated successfully");
    await expect(dialog.getByLabel("Role", { exact: true })).toHaveValue("trial");

    await dialog.getByLabel("Subscription status").selectOption("active");
    await dialog.getByRole("button", { name: "Update Subscription" }).click();
    await expectToast(page, "User subscription updated successfully");
    await expect(limit).toHaveText("50");
    await dialog.getByLabel("Subscription status").selectOption("canceled");
    await dialog.getByRole("button", { name: "Update Subscription" }).click();
    await expect(limit).toHaveText("0");

    await dialog.getByRole("button", { name: "+30 days" }).click();
    await expectToast(page, "Trial extended successfully");
    await expect(dialog.getByTestId("trial-badge")).toContainText(/Expires \w{3} \d{1,2}, \d{4}/);

    // The custom limit is applied with Enter, and only when greater than 0.
    const custom = dialog.getByLabel("Custom podcast limit");
    await custom.fill("0");
    await custom.press("Enter");
    // With JavaScript nothing is sent; without it the server refuses with the failure toast.
    if (jsEnabled()) await expect(dialog.getByText("Enter a podcast limit greater than 0")).toBeVisible();
    else await expectToast(page, "Failed to update subscription", "Enter a podcast limit greater than 0");
    await expect(limit).toHaveText("0");
    await custom.fill("12");
    await custom.press("Enter");
    await expectToast(page, "User subscription updated successfully");
    await expect(limit).toHaveText("12");

    // Closing the dialog shows the list, refreshed.
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(row).toContainText("canceled");
    await expect(row).toContainText("0 / 12");
  });

  test("create a user: the toast, the new row and the invitation in the outbox", async ({ page }) => {
    const admin = await makeUser({ role: "admin" });
    await adminSignIn(page, admin);
    await page.getByRole("link", { name: "Create User" }).click();
    const dialog = page.getByRole("dialog", { name: "Create User" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Role", { exact: true })).toHaveValue("user");
    await expect(dialog.getByLabel("Subscription status")).toHaveValue("trial");
    await expect(dialog.getByLabel("Podcast limit")).toHaveValue("3");
    await expect(dialog.getByLabel(/Send an invitation/)).toBeChecked();
    const create = dialog.getByRole("button", { name: "Create User" });

    const email = uniqueEmail("nina.new");
    // With JavaScript the button waits for an e-mail and a first name; without it the server checks.
    if (jsEnabled()) {
      await expect(create).toBeDisabled();
      await dialog.getByLabel("Email").fill(email);
      await expect(create).toBeDisabled();
    } else {
      await dialog.getByLabel("Email").fill(email);
      await create.click();
      await expect(dialog.getByText("First name is required")).toBeVisible();
      await expect(dialog.getByLabel("Email")).toHaveValue(email);
    }
    await dialog.getByLabel("First name").fill("Nina");
    await dialog.getByLabel("Last name").fill("Newcomb");
    await dialog.getByLabel("Subscription status").selectOption("active");
    await dialog.getByLabel("Podcast limit").fill("50");
    await expect(create).toBeEnabled();
    await create.click();

    await expectToast(page, "User created successfully. Invitation email sent.");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row).toContainText("Nina Newcomb");
    await expect(row).toContainText("active");
    await expect(row).toContainText("0 / 50");

    const mail = latestEmailTo(email);
    expect(mail?.kind).toBe("account_invitation");
    const link = mail!.text.match(/https?:\/\/\S+\/reset-password\/confirm\?\S+/)?.[0];
    expect(link).toBeTruthy();
    // The set-password link opens a working form.
    await page.context().clearCookies();
    await visit(page, new URL(link!).pathname + new URL(link!).search);
    await expect(page.getByLabel("New password", { exact: true })).toBeVisible();
  });
});
