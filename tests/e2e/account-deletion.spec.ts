// Leaving cleanly: an owner deletes their account from the change-password page, with and
// without JavaScript: the archive is offered first, the typed address and the password are checked, and
// afterwards the session is over and the family's private feed answers 404.
import { ensureFeed } from "~/features/podcasts/listening/feeds.server";

import { expect, expectToast, signInAs, test, visit } from "./fixtures";

test("an owner deletes their account: archive offered first, address and password checked, signed out, feed gone", async ({
  page,
  user,
}) => {
  const feed = ensureFeed(user.id, null)!;
  await signInAs(page, user);
  expect((await page.request.get(`/feed/${feed.token}`)).status()).toBe(200);

  await visit(page, "/change-password");
  await page.getByRole("link", { name: "Delete Account" }).click();
  await expect(page).toHaveURL(/\/delete-account$/);
  await expect(page.getByRole("heading", { name: "Delete your account" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download everything" })).toHaveAttribute("href", "/archive");

  const submit = page.getByRole("button", { name: "Delete my account" });
  await submit.click();
  await expect(page.getByText("Please type your email address")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();

  await page.getByLabel("Type your email address to confirm").fill("someone-else@example.com");
  await page.getByLabel("Your password").fill(user.password);
  await submit.click();
  await expect(page.getByRole("alert")).toContainText("Your account was not deleted");
  await expect(page.getByRole("alert")).toContainText("That is not the email address of this account");

  await page.getByLabel("Type your email address to confirm").fill(user.email.toUpperCase());
  await page.getByLabel("Your password").fill("not-the-password");
  await submit.click();
  await expect(page.getByRole("alert")).toContainText("Password is incorrect");

  await page.getByLabel("Type your email address to confirm").fill(user.email);
  await page.getByLabel("Your password").fill(user.password);
  await submit.click();
  await expectToast(page, "Account deleted", "Your account and everything in it have been deleted.");
  await expect(page).toHaveURL(/\/$/);

  await visit(page, "/change-password");
  await expect(page).toHaveURL(/\/login/);
  expect((await page.request.get(`/feed/${feed.token}`)).status()).toBe(404);
});
