import { expect, signInAs, test, visit } from "./fixtures";

test("an unknown path shows '404 Page Not Found' with status 404", async ({ page }) => {
  const response = await visit(page, "/this/page/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
});

test("the theme survives a reload", async ({ page }) => {
  await visit(page, "/");
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  // Reload only once the server has answered: the cookie it sets is what must survive.
  await Promise.all([
    page.waitForResponse((r) => r.url().includes("/resources/theme") && r.request().method() === "POST"),
    page.getByRole("button", { name: "Switch to dark theme" }).click(),
  ]);
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
});

test("the signed-out landing page has its sections", async ({ page }) => {
  await visit(page, "/");
  for (const id of ["how-it-works", "features", "about", "pricing-section"]) {
    await expect(page.locator(`#${id}`)).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
});

test("the mobile menu opens and navigates", async ({ page, user }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signInAs(page, user);
  await visit(page, "/");
  await page.getByLabel("Open menu").click();
  const mobile = page.getByRole("navigation", { name: "Mobile" });
  await expect(mobile).toBeVisible();
  await mobile.getByRole("link", { name: "Change Password" }).click();
  await expect(page).toHaveURL(/\/change-password$/);
});

test("the header search is a GET form to /my-podcasts", async ({ page, user }) => {
  await signInAs(page, user);
  await visit(page, "/");
  const search = page.getByRole("searchbox", { name: "Search podcasts" }).first();
  await search.fill("Grandma");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/my-podcasts\?q=Grandma/);
});
