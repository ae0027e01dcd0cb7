import { randomUUID } from "node:crypto";

import { createUserAsAdmin } from "~/features/admin/users.server";

import { expect, expectToast, latestEmailTo, makeUser, signInAs, test, visit } from "./fixtures";

test.describe("change password", () => {
  test("'Show password' is there only when it works: with JavaScript it shows and hides the text", async ({
    page,
    user,
  }) => {
    await signInAs(page, user);
    await visit(page, "/change-password");
    const current = page.getByLabel("Current password");
    await expect(current).toHaveAttribute("type", "password");
    const toggles = page.getByRole("button", { name: "Show password" });
    if (test.info().project.use.javaScriptEnabled === false) {
      await expect(toggles).toHaveCount(0);
      return;
    }
    await expect(toggles).toHaveCount(3);
    await toggles.first().click();
    await expect(current).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(current).toHaveAttribute("type", "password");
  });

  test("shows each validation message, then changes the password", async ({ page, user }) => {
    await signInAs(page, user);
    await visit(page, "/change-password");
    await expect(page.getByText("Password must be at least 8 characters long")).toBeVisible();

    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Current password is required")).toBeVisible();
    await expect(page.getByText("Password must be at least 8 characters", { exact: true })).toBeVisible();
    await expect(page.getByText("Please confirm your password")).toBeVisible();

    await page.getByLabel("Current password").fill(user.password);
    await page.getByLabel("New password", { exact: true }).fill("a-brand-new-pass");
    await page.getByLabel("Confirm new password").fill("something-else");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();

    await page.getByLabel("Current password").fill("wrong-current-password");
    await page.getByLabel("New password", { exact: true }).fill("a-brand-new-pass");
    await page.getByLabel("Confirm new password").fill("a-brand-new-pass");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByRole("alert")).toContainText("Password Change Failed");
    await expect(page.getByRole("alert")).toContainText("Current password is incorrect");

    await page.getByLabel("Current password").fill(user.password);
    await page.getByLabel("New password", { exact: true }).fill("a-brand-new-pass");
    await page.getByLabel("Confirm new password").fill("a-brand-new-pass");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expectToast(page, "Password Changed Successfully");
    await expect(page).toHaveURL(/\/$/);

    // The new password signs in.
    await page.context().clearCookies();
    await visit(page, "/login");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill("a-brand-new-pass");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expectToast(page, "Welcome back!");
  });
});

test.describe("reset password", () => {
  test("request → e-mail → confirm → sign in with the new password", async ({ page, user }) => {
    await visit(page, "/reset-password");
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();

    const mail = latestEmailTo(user.email);
    expect(mail?.kind).toBe("password_reset");
    const link = mail!.text.match(/https?:\/\/\S+reset-password\/confirm\?token=[\w-]+/)?.[0];
    expect(link).toBeTruthy();

    // The local mailbox shows the message and its link.
    await visit(page, "/dev/mailbox");
    await expect(page.getByText(mail!.subject).first()).toBeVisible();

    await visit(page, new URL(link!).pathname + new URL(link!).search);
    await page.getByLabel("New password", { exact: true }).fill("reset-new-password");
    await page.getByLabel("Confirm new password").fill("reset-new-password");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("heading", { name: "Password Reset Complete" })).toBeVisible();

    // The link works once.
    await visit(page, new URL(link!).pathname + new URL(link!).search);
    await expect(page.getByRole("heading", { name: "Invalid Reset Link" })).toBeVisible();

    await visit(page, "/login");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill("reset-new-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expectToast(page, "Welcome back!");
  });

  test("an unknown e-mail gets the same answer and no e-mail", async ({ page }) => {
    await visit(page, "/reset-password");
    await page.getByLabel("Email").fill("nobody-here@example.com");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
    expect(latestEmailTo("nobody-here@example.com")).toBeUndefined();
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeVisible();
  });

  test("a missing token shows 'Invalid Reset Link'", async ({ page }) => {
    await visit(page, "/reset-password/confirm");
    await expect(page.getByRole("heading", { name: "Invalid Reset Link" })).toBeVisible();
    await expect(page.getByText("This password reset link is invalid or has expired.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Request a New Link" })).toBeVisible();
  });
});

test.describe("an invitation to set a first password", () => {
  test("is worded as setting a password, and the first sign-in is a welcome, the next 'Welcome back!'", async ({
    page,
  }) => {
    const admin = await makeUser({ role: "admin", firstName: "Avery" });
    const email = `invited-${randomUUID()}@example.com`;
    const created = await createUserAsAdmin(
      {
        email,
        firstName: "Ivy",
        lastName: "",
        role: "user",
        subscriptionStatus: "trial",
        podcastLimit: 3,
        sendInvite: true,
      },
      admin,
    );
    expect(created.ok).toBe(true);
    const mail = latestEmailTo(email);
    expect(mail?.kind).toBe("account_invitation");
    const link = new URL(mail!.text.match(/https?:\/\/\S+\/reset-password\/confirm\?\S+/)![0]);
    const path = link.pathname + link.search;

    await visit(page, path);
    await expect(page).toHaveTitle(/^Set Your Password/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set your password");
    await expect(page.getByRole("main")).not.toContainText("Reset");
    await page.getByLabel("New password", { exact: true }).fill("first-password-1");
    await page.getByLabel("Confirm new password").fill("first-password-1");
    await page.getByRole("button", { name: "Set Password" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Password Set");
    // The flash toast rides on the reload JavaScript makes; without it, on the next page.
    if (test.info().project.use.javaScriptEnabled !== false) await expectToast(page, "Password Set");
    await expect(page.getByRole("main")).not.toContainText("Reset");

    // Used once: the dead link still speaks of an invitation.
    await visit(page, path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invalid Invitation Link");

    const signIn = async () => {
      await visit(page, "/login");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill("first-password-1");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
    };
    await signIn();
    await expectToast(page, "Welcome to Storyhearth!", "You have been successfully logged in.");
    await expect(page.locator("#toast-region")).not.toContainText("Welcome back!");

    await page.context().clearCookies();
    await signIn();
    await expectToast(page, "Welcome back!");
  });

  test("a reset link keeps the reset wording", async ({ page, user }) => {
    await visit(page, "/reset-password");
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
    const link = new URL(
      latestEmailTo(user.email)!.text.match(/https?:\/\/\S+reset-password\/confirm\?token=[\w-]+/)![0],
    );
    await visit(page, link.pathname + link.search);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");
    await expect(page.getByRole("button", { name: "Reset Password" })).toBeVisible();
  });
});
