// Accessibility: the main forms filled in and sent with the keyboard alone (Tab,
// Shift+Tab, typing, Enter, Space; no clicks), with JavaScript on and off. Every element that
// takes focus on the way must show it (tests/utils/keyboard.ts).
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { apiKeys, contacts, contributions } from "#db/schema";
import { eq } from "drizzle-orm";

import { db } from "~/lib/db.server";
import { verifyLogin } from "~/models/user.server";

import { signInAsAdmin } from "../utils/admin-helpers";
import { axeViolations } from "../utils/axe-scan";
import { makeCampaign } from "../utils/dashboard-helpers";
import { focusStop, tabTo, typeInto } from "../utils/keyboard";
import { createCompletePodcast } from "../utils/listening-helpers";
import { expect, expectToast, makeUser, signInAs, test, visit, type TestUser } from "./fixtures";

const unique = () => randomUUID().slice(0, 8);

// These flows type and tab one key at a time: at a load of 30 on two cores a whole form takes
// longer than the default 30 s, so the bound is one that holds on a busy machine (decision 0158).
test.describe.configure({ timeout: 90_000 });

test("the skip link comes first, shows itself and leads into the page's content", async ({ page }) => {
  await visit(page, "/login");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  expect((await skip.boundingBox())!.width).toBeGreaterThan(1);
  expect((await focusStop(page)).indicator).not.toBeNull();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);
});

test("sign in with the keyboard alone", async ({ page, user }) => {
  await visit(page, "/login");
  const email = page.getByLabel("Email");
  const password = page.getByLabel("Password");
  await typeInto(page, email, user.email);
  // Tab and Shift+Tab move between the fields in reading order.
  expect(await tabTo(page, password)).toBe(1);
  expect(await tabTo(page, email, "Shift+Tab")).toBe(1);
  await tabTo(page, password);
  await page.keyboard.type(user.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, "Welcome back!");
  await expect(page.getByRole("heading", { name: "Family Memories Dashboard" })).toBeVisible();
});

test("create a story collection with the keyboard alone", async ({ page, user }) => {
  const title = `Lake summers ${unique()}`;
  const invitee = `cousin-${unique()}@example.com`;
  await signInAs(page, user);
  await visit(page, "/create-story-collection");
  await typeInto(page, page.getByLabel("Collection title"), title);
  await typeInto(page, page.getByLabel("Story prompt"), "What do you remember of the lake?");
  await typeInto(page, page.getByLabel("Add e-mail addresses"), invitee);
  // Enter in the address field adds the address; it never sends the invitations.
  await page.keyboard.press("Enter");
  await expect(page.getByRole("list", { name: /Recipients/ }).getByRole("listitem")).toHaveText([new RegExp(invitee)]);
  await tabTo(page, page.getByRole("button", { name: "Create & Send Invites" }));
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/\/campaigns$/);
  await expectToast(
    page,
    "Story Collection Created!",
    `Successfully created "${title}" and sent invitations to 1 recipients.`,
  );
});

/** Opens the Add Contact dialog from the contacts page with the keyboard; answers the dialog. */
async function openAddContact(page: Page, user: TestUser) {
  await signInAs(page, user);
  await visit(page, "/contacts");
  await tabTo(page, page.getByRole("link", { name: "Add Contact" }));
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add Contact" });
  await expect(dialog).toBeVisible();
  // The dialog takes the focus as it opens: the keyboard starts there, not under its backdrop.
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  return dialog;
}

test("add a contact with the keyboard alone", async ({ page, user }) => {
  const email = `rose-${unique()}@example.com`;
  const dialog = await openAddContact(page, user);
  await typeInto(page, dialog.getByLabel("Email"), email);
  await typeInto(page, dialog.getByLabel("Preferred name"), "Grandma Rose");
  await tabTo(page, dialog.getByLabel("Admin privileges"));
  await page.keyboard.press("Space");
  await tabTo(page, dialog.getByRole("button", { name: "Create Contact" }));
  await page.keyboard.press("Enter");
  await expectToast(page, "Contact created successfully");
  await expect(page.getByRole("listitem", { name: email }).getByText("Grandma Rose")).toBeVisible();
  const [stored] = db.select().from(contacts).where(eq(contacts.email, email)).all();
  expect(stored).toMatchObject({ ownerId: user.id, preferredName: "Grandma Rose", isAdmin: true });
});

test("an open dialog keeps the keyboard: Tab and Shift+Tab go round inside it (with JavaScript)", async ({
  page,
  user,
}) => {
  const dialog = await openAddContact(page, user);
  const inside = () => dialog.evaluate((d) => d.contains(document.activeElement));
  if (test.info().project.use.javaScriptEnabled === false) {
    // Without JavaScript the dialog is part of the page: the keyboard starts in it and the first
    // Tab reaches its first control; past its last one, Tab goes on into the page.
    await page.keyboard.press("Tab");
    expect(await inside()).toBe(true);
    expect((await focusStop(page)).indicator).not.toBeNull();
    return;
  }
  // More presses than the dialog has controls, both ways: focus never leaves it, and always shows.
  const controls = await dialog.evaluate(
    (d) => d.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea").length,
  );
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let press = 0; press < controls + 3; press++) {
      await page.keyboard.press(key);
      expect(await inside(), `${key} ×${press + 1}`).toBe(true);
      expect((await focusStop(page)).indicator, `${key} ×${press + 1}`).not.toBeNull();
    }
  }
  // Closed, the page is usable again.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await tabTo(page, page.getByRole("link", { name: "Add Contact" }));
});

test("share a story on the public form with the keyboard alone", async ({ page, user }) => {
  const campaign = makeCampaign(user.id, { status: "active" });
  const name = `Cousin ${unique()}`;
  await visit(page, `/contribute/${campaign.publicId}`);
  await typeInto(page, page.getByLabel("Your name"), name);
  await typeInto(page, page.getByLabel("Your email"), `${unique()}@example.com`);
  await typeInto(page, page.getByLabel("Your story"), "The summer the creek froze we skated to school.");
  await tabTo(page, page.getByRole("button", { name: "Share My Story" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  const stored = db.select().from(contributions).where(eq(contributions.campaignId, campaign.id)).all();
  expect(stored.map((c) => [c.contributorName, c.storyContent])).toEqual([
    [name, "The summer the creek froze we skated to school."],
  ]);
});

test("change the password with the keyboard alone", async ({ page, user }) => {
  await signInAs(page, user);
  await visit(page, "/change-password");
  await typeInto(page, page.getByLabel("Current password"), user.password);
  await typeInto(page, page.getByLabel("New password", { exact: true }), "keyboard-only-pass");
  await typeInto(page, page.getByLabel("Confirm new password"), "keyboard-only-pass");
  await page.keyboard.press("Enter");
  await expectToast(page, "Password Changed Successfully");
  expect(await verifyLogin(user.email, "keyboard-only-pass")).toMatchObject({ id: user.id });
});

test("ask for a password reset with the keyboard alone", async ({ page, user }) => {
  await visit(page, "/reset-password");
  await typeInto(page, page.getByLabel("Email"), user.email);
  await tabTo(page, page.getByRole("button", { name: "Send Reset Link" }));
  await page.keyboard.press("Space");
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
});

test("an administrator creates an API key with the keyboard alone", async ({ page }) => {
  const name = `Partner ${unique()}`;
  await signInAsAdmin(page, await makeUser({ role: "admin" }));
  await visit(page, "/admin/api-keys");
  await tabTo(page, page.getByRole("main").getByRole("link", { name: "Create API Key" }));
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Create API Key" });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await typeInto(page, dialog.getByLabel("Client name"), name);
  await typeInto(page, dialog.getByLabel("Usage limit (optional)"), "5");
  await tabTo(page, dialog.getByRole("button", { name: "Create API Key" }));
  await page.keyboard.press("Enter");
  await expectToast(page, "API key created");
  await expect(page.getByTestId("new-api-key-value")).toHaveText(/^shk_/);
  expect(db.select().from(apiKeys).where(eq(apiKeys.name, name)).get()).toMatchObject({ usageLimit: 5 });
});

test("the focus check notices focus that does not show, or that hides under an overlay", async ({ page }) => {
  await page.setContent(`<html lang="en"><body>
    <a href="#a" style="outline:none">plain</a>
    <button style="outline:none;box-shadow:none">bare</button>
    <a href="#b">covered</a><div style="position:fixed;inset:0;background:#0008"></div>
  </body></html>`);
  const stops = [];
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press("Tab");
    stops.push(await focusStop(page));
  }
  expect(stops.map((s) => s.indicator)).toEqual([null, null, null]);
  expect(stops[2]!.element).toContain("under div");
});

test("switch the theme with the keyboard alone", async ({ page }) => {
  await visit(page, "/");
  await tabTo(page, page.getByRole("button", { name: "Switch to dark theme" }));
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
});

/** Every modal dialog of the app, with who sees it, the page, and the control that opens it. */
type DialogCase = {
  name: string;
  who: "visitor" | "user" | "admin";
  page: (user: TestUser) => Promise<string>;
  /** The dialog's own URL: without JavaScript it is a page of its own. */
  url: (user: TestUser) => Promise<string>;
  opener: (page: Page) => Locator;
  /** Makes the opener reachable (a closed menu). */
  reveal?: (page: Page) => Promise<void>;
};

const DIALOGS: DialogCase[] = [
  {
    name: "Add Contact",
    who: "user",
    page: async () => "/contacts",
    url: async () => "/contacts?dialog=add-contact",
    opener: (p) => p.getByRole("main").getByRole("link", { name: "Add Contact" }),
  },
  {
    name: "Add Story Manually",
    who: "user",
    page: async (u) => `/campaigns/${makeCampaign(u.id, { status: "active" }).id}/stories`,
    url: async (u) => `/campaigns/${makeCampaign(u.id, { status: "active" }).id}/stories?dialog=add-story`,
    opener: (p) => p.getByRole("button", { name: "Add Story" }),
  },
  {
    name: "Edit Details",
    who: "user",
    page: async (u) => (await createCompletePodcast(u.id, { title: "Dialog podcast" }), "/my-podcasts"),
    url: async (u) =>
      `/my-podcasts?dialog=edit&id=${(await createCompletePodcast(u.id, { title: "Dialog podcast" })).id}`,
    reveal: (p) => p.getByLabel("Actions for Dialog podcast").click(),
    opener: (p) => p.getByRole("link", { name: "Edit Details" }),
  },
  {
    name: "Configure Workflows",
    who: "user",
    page: async () => "/manage-collections",
    url: async () => "/manage-collections?dialog=workflows",
    opener: (p) => p.getByRole("link", { name: "Configure Workflows" }),
  },
  {
    name: "Create User",
    who: "admin",
    page: async () => "/admin",
    url: async () => "/admin?dialog=create-user",
    opener: (p) => p.getByRole("main").getByRole("link", { name: "Create User" }),
  },
  {
    name: "Create API Key",
    who: "admin",
    page: async () => "/admin/api-keys",
    url: async () => "/admin/api-keys?dialog=create",
    opener: (p) => p.getByRole("main").getByRole("link", { name: "Create API Key" }),
  },
  {
    name: "Coming Soon",
    who: "visitor",
    page: async () => "/",
    url: async () => "/?signup=1",
    opener: (p) => p.getByRole("link", { name: "Choose Family" }),
  },
];

for (const c of DIALOGS) {
  test(`${c.name}: a modal dialog — focus moves in, Tab stays inside, Escape closes and gives the focus back; without JavaScript it is a page with a close link`, async ({
    page,
    user,
  }) => {
    if (c.who === "admin") await signInAsAdmin(page, await makeUser({ role: "admin" }));
    else if (c.who === "user") await signInAs(page, user);
    const dialog = page.getByRole("dialog", { name: c.name });
    if (test.info().project.use.javaScriptEnabled === false) {
      await visit(page, await c.url(user));
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveAttribute("aria-modal", "true");
      await dialog.getByRole("link", { name: /Close/ }).click();
      await expect(dialog).toBeHidden();
      return;
    }
    await visit(page, await c.page(user));
    await c.reveal?.(page);
    const opener = c.opener(page);
    await opener.focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    const inside = () => dialog.evaluate((d) => d.contains(document.activeElement));
    await expect.poll(inside).toBe(true);
    // The page behind is out of reach while it is open.
    expect(await page.evaluate(() => document.querySelector("header")?.closest("[inert]") !== null)).toBe(true);
    const controls = await dialog.evaluate(
      (d) => d.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea").length,
    );
    for (const key of ["Tab", "Shift+Tab"]) {
      for (let press = 0; press < controls + 2; press++) {
        await page.keyboard.press(key);
        expect(await inside(), `${key} ×${press + 1}`).toBe(true);
      }
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // Back where the user was: on the control that opened it (or the menu that holds it).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim() ?? ""))
      .toBe(c.reveal ? "⋮" : ((await opener.textContent()) ?? "").trim());
    expect(await page.evaluate(() => document.querySelector("[inert]") === null)).toBe(true);
  });
}

const noJs = () => test.info().project.use.javaScriptEnabled === false;
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");

test("the account menu of the header: a menu button with arrows, Home, End, Escape and Tab (with JavaScript); a <details> that still opens and navigates without", async ({
  page,
  user,
}) => {
  await signInAs(page, user);
  await visit(page, "/");
  const button = page.getByRole("banner").locator("summary", { hasText: `${user.firstName} ▾` });
  if (noJs()) {
    await tabTo(page, button);
    await page.keyboard.press("Enter");
    await page.getByRole("banner").getByRole("link", { name: "Change Password" }).click();
    await expect(page).toHaveURL(/\/change-password$/);
    return;
  }
  const menu = page.getByRole("menu", { name: `${user.firstName} ▾` });
  await expect(button).toHaveAttribute("aria-haspopup", "menu");
  await expect(button).toHaveAttribute("aria-expanded", "false");

  await tabTo(page, button);
  const expectFocus = async (label: string) => {
    await expect.poll(() => focusedText(page)).toBe(label);
    expect((await focusStop(page)).indicator, label).not.toBeNull();
  };
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expectFocus("Change Password");
  expect(await axeViolations(page)).toEqual([]);
  for (const [key, label] of [
    ["ArrowDown", "Logout"],
    ["ArrowDown", "Change Password"],
    ["ArrowUp", "Logout"],
    ["Home", "Change Password"],
    ["End", "Logout"],
  ] as const) {
    await page.keyboard.press(key);
    await expectFocus(label);
  }
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute("aria-expanded", "false");

  // ArrowUp opens on the last item; Tab leaves and closes it.
  await page.keyboard.press("ArrowUp");
  await expectFocus("Logout");
  await page.keyboard.press("Tab");
  await expect(menu).toBeHidden();
  expect(await page.evaluate(() => document.activeElement?.closest("details"))).toBeNull();

  // Space and ArrowDown open on the first item; a click outside closes it.
  for (const key of ["Space", "ArrowDown"]) {
    await button.focus();
    await page.keyboard.press(key);
    await expectFocus("Change Password");
    await page.mouse.click(5, 400);
    await expect(menu).toBeHidden();
  }

  // Enter on an item follows it.
  await button.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(menu).toBeHidden();
});

test("the sign-in and sign-up tabs: one tab stop, arrows, Home and End select (with JavaScript); `?tab=` links without", async ({
  page,
}) => {
  await visit(page, "/login");
  if (noJs()) {
    await expect(page.getByRole("tab")).toHaveCount(0);
    await tabTo(page, page.getByRole("link", { name: "Sign up", exact: true }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\?tab=signup$/);
    await expect(page.getByRole("link", { name: "Sign up", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("button", { name: "Coming Soon" })).toBeDisabled();
    return;
  }
  const signIn = page.getByRole("tab", { name: "Sign in", exact: true });
  const signUp = page.getByRole("tab", { name: "Sign up", exact: true });
  const expectSelected = async (selected: Locator, other: Locator) => {
    await expect(selected).toBeFocused();
    await expect(selected).toHaveAttribute("aria-selected", "true");
    await expect(selected).toHaveAttribute("tabindex", "0");
    await expect(other).toHaveAttribute("aria-selected", "false");
    await expect(other).toHaveAttribute("tabindex", "-1");
    await expect(page.locator(`#${await selected.getAttribute("aria-controls")}`)).toBeVisible();
    await expect(page.locator(`#${await other.getAttribute("aria-controls")}`)).toBeHidden();
  };
  await expect(page.getByRole("tablist", { name: "Account" })).toBeVisible();
  await tabTo(page, signIn);
  // The list is one tab stop: the next Tab goes into the panel, past the unselected tab.
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expectSelected(signIn, signUp);

  await page.keyboard.press("ArrowRight");
  await expectSelected(signUp, signIn);
  await expect(
    page.getByRole("tabpanel", { name: "Sign up", exact: true }).getByRole("button", { name: "Coming Soon" }),
  ).toBeDisabled();
  await expect(page).toHaveURL(/\?tab=signup$/);
  expect(await axeViolations(page)).toEqual([]);
  for (const [key, selected, other] of [
    ["ArrowRight", signIn, signUp],
    ["ArrowLeft", signUp, signIn],
    ["Home", signIn, signUp],
    ["End", signUp, signIn],
  ] as const) {
    await page.keyboard.press(key);
    await expectSelected(selected, other);
  }
  // The URL keeps the tab across a reload (once the last key's choice has reached the URL).
  await expect(page).toHaveURL(/\?tab=signup$/);
  await page.reload();
  await expect(signUp).toHaveAttribute("aria-selected", "true");
});
