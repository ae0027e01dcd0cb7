import { createToastHeaders } from "~/lib/toast.server";

import { addCookiePairs, expect, signInAs, test, visit } from "./fixtures";

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
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute(
    "href",
    "/login",
  );
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

test.describe("with a dark system colour scheme", () => {
  test.use({ colorScheme: "dark" });

  test("no stored choice: the first paint is dark (JavaScript or not), the switch offers light, and a pick of light persists", async ({
    page,
  }) => {
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await visit(page, "/");
    // The server knows of no choice: no class, the system's scheme decides in CSS.
    await expect(page.locator("html")).not.toHaveClass(/\b(dark|light)\b/);
    expect(await background()).toBe("rgb(27, 22, 18)");
    await expect(page.getByRole("button", { name: "Switch to dark theme" })).toHaveCount(0);
    const toLight = page.getByRole("button", { name: "Switch to light theme" });
    await Promise.all([
      page.waitForResponse((r) => r.url().includes("/resources/theme") && r.request().method() === "POST"),
      toLight.click(),
    ]);
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
    expect(await background()).toBe("rgb(253, 250, 245)");
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
    expect(await background()).toBe("rgb(253, 250, 245)");
    await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeVisible();
  });
});

test("a toast leaves with a swipe right past 50 px, springs back from a shorter one, and Escape dismisses it; without JavaScript it leaves by itself", async ({
  page,
}) => {
  const flash = async () =>
    addCookiePairs(page, [(await createToastHeaders({ title: "Swipe me" })).get("Set-Cookie")!.split(";")[0]!]);
  await flash();
  await visit(page, "/");
  const toast = page.locator("#toast-region").getByRole("status");
  await expect(toast).toContainText("Swipe me");
  if (test.info().project.use.javaScriptEnabled === false) {
    await expect(toast).toBeHidden({ timeout: 8_000 });
    return;
  }
  const swipe = async (dx: number) => {
    const box = (await toast.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 20 + dx, box.y + box.height / 2, { steps: 6 });
    await page.mouse.up();
  };
  await swipe(30);
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCSS("transform", "none");
  await swipe(70);
  await expect(toast).toHaveCount(0);

  await flash();
  await visit(page, "/");
  await expect(toast).toContainText("Swipe me");
  await page.keyboard.press("F8");
  await expect(page.locator("#toast-region")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(toast).toHaveCount(0);
});

test("the phone menu closes on Escape (giving the focus back to its button) and on a click outside it", async ({
  page,
  user,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signInAs(page, user);
  await visit(page, "/");
  const opener = page.getByLabel("Open menu");
  const mobile = page.getByRole("navigation", { name: "Mobile" });
  await opener.click();
  await expect(mobile).toBeVisible();
  if (test.info().project.use.javaScriptEnabled === false) {
    // Without JavaScript its button closes it.
    await opener.click();
    await expect(mobile).toBeHidden();
    return;
  }
  await mobile.getByRole("link", { name: "Change Password" }).focus();
  await page.keyboard.press("Escape");
  await expect(mobile).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.click();
  await expect(mobile).toBeVisible();
  await page.mouse.click(10, 790);
  await expect(mobile).toBeHidden();
});
