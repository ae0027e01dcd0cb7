import { randomUUID } from "node:crypto";

import { createContact } from "~/features/contacts/contacts.server";
import { createContactGroup } from "~/models/contact-group.server";

import { expect, expectToast, makeUser, signInAs, test, visit } from "./fixtures";

const uniqueEmail = (name: string) => `${name}.${randomUUID().slice(0, 8)}@example.com`;
const jsEnabled = () => test.info().project.use.javaScriptEnabled !== false;

test.describe("contact management", () => {
  test("adds a contact with tags and admin flag, then edits it", async ({ page, user }) => {
    await signInAs(page, user);
    await visit(page, "/contacts");
    await expect(page.getByRole("heading", { name: "Contacts", exact: false }).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Contact Groups" })).toBeVisible();

    await page.getByRole("link", { name: "Add Contact" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Contact" });
    await expect(dialog).toBeVisible();
    const create = dialog.getByRole("button", { name: "Create Contact" });
    // With JavaScript the button waits for an e-mail; without it the server checks.
    if (jsEnabled()) await expect(create).toBeDisabled();

    const email = uniqueEmail("rose.whitfield");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Preferred name").fill("Grandma Rose");
    await dialog.getByLabel("Notes").fill("Knows every recipe.");
    await dialog.getByLabel("Tags").fill("family, elders, Family, ");
    await dialog.getByLabel("Admin privileges").check();
    await expect(create).toBeEnabled();
    await create.click();

    await expectToast(page, "Contact created successfully");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const row = page.getByRole("listitem", { name: email });
    await expect(row.getByText("Admin", { exact: true })).toBeVisible();
    await expect(row.getByText("Grandma Rose")).toBeVisible();
    await expect(row.getByText(/Rose Whitfield/)).toBeVisible();
    await expect(row.getByText("Knows every recipe.")).toBeVisible();
    await expect(row.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["family", "elders"]);

    await row.getByRole("link", { name: `Edit ${email}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Contact" });
    await expect(edit.getByLabel("Email")).toHaveValue(email);
    await expect(edit.getByLabel("Tags")).toHaveValue("family, elders");
    await edit.getByLabel("Preferred name").fill("Nana Rose");
    await edit.getByLabel("Admin privileges").uncheck();
    await edit.getByRole("button", { name: "Update Contact" }).click();

    await expectToast(page, "Contact updated successfully");
    await expect(row.getByText("Nana Rose")).toBeVisible();
    await expect(row.getByText("Admin", { exact: true })).toHaveCount(0);
  });

  test("a duplicate e-mail is refused with the spec's failure text", async ({ page, user }) => {
    const email = uniqueEmail("june.porter");
    createContact(user.id, { email });
    await signInAs(page, user);
    await visit(page, "/contacts?dialog=add-contact");
    const dialog = page.getByRole("dialog", { name: "Add Contact" });
    await dialog.getByLabel("Email").fill(email.toUpperCase());
    await dialog.getByRole("button", { name: "Create Contact" }).click();
    const alert = page.getByRole("dialog", { name: "Add Contact" }).getByRole("alert");
    await expect(alert).toContainText("Failed to create contact");
    await expect(alert).toContainText("A contact with this email already exists");
  });

  test("adds a default group with a member, then changes the default", async ({ page, user }) => {
    const email = uniqueEmail("ben.cousin");
    createContact(user.id, { email, preferredName: "Ben" });
    const older = createContactGroup(user.id, { name: "Everyone", isDefault: true });
    expect(older.ok).toBe(true);
    await signInAs(page, user);
    await visit(page, "/contacts");
    await expect(
      page.getByRole("listitem", { name: "Everyone" }).getByRole("img", { name: "Default group" }),
    ).toBeVisible();

    await page.getByRole("link", { name: "Add Group" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Contact Group" });
    const create = dialog.getByRole("button", { name: "Create Group" });
    if (jsEnabled()) await expect(create).toBeDisabled();
    await dialog.getByLabel("Group name").fill("Cousins");
    await dialog.getByLabel("Description").fill("The grandchildren");
    await dialog.getByLabel("Default group").check();
    await dialog.getByLabel(`Ben (${email})`).check();
    await create.click();

    await expectToast(page, "Contact group created successfully");
    const cousins = page.getByRole("listitem", { name: "Cousins" });
    await expect(cousins.getByRole("img", { name: "Default group" })).toBeVisible();
    await expect(cousins.getByText("1 contact", { exact: true })).toBeVisible();
    await expect(cousins.getByText("The grandchildren")).toBeVisible();
    // Only one default group.
    await expect(
      page.getByRole("listitem", { name: "Everyone" }).getByRole("img", { name: "Default group" }),
    ).toHaveCount(0);

    await cousins.getByRole("link", { name: "Edit group Cousins" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Contact Group" });
    await expect(edit.getByLabel(`Ben (${email})`)).toBeChecked();
    await edit.getByLabel(`Ben (${email})`).uncheck();
    await edit.getByLabel("Default group").uncheck();
    await edit.getByRole("button", { name: "Update Group" }).click();
    await expectToast(page, "Contact group updated successfully");
    await expect(cousins.getByText("0 contacts", { exact: true })).toBeVisible();
    await expect(cousins.getByRole("img", { name: "Default group" })).toHaveCount(0);
  });

  test("deletes a contact and a group after confirmation", async ({ page, user }) => {
    const email = uniqueEmail("old.friend");
    createContact(user.id, { email });
    createContactGroup(user.id, { name: "Book club" });
    await signInAs(page, user);
    await visit(page, "/contacts");

    const row = page.getByRole("listitem", { name: email });
    await row.getByRole("link", { name: `Delete ${email}` }).click();
    // With JavaScript the confirmation opens in place; without it, a confirmation view from the URL.
    if (jsEnabled()) await expect(page).not.toHaveURL(/confirm-delete/);
    else await expect(page.getByRole("dialog", { name: "Delete Contact" })).toBeVisible();
    // Nothing is deleted before the user confirms; Cancel keeps the contact.
    await page
      .getByRole("button", { name: "Cancel" })
      .or(page.getByRole("link", { name: "Cancel" }))
      .click();
    await expect(row).toBeVisible();

    await row.getByRole("link", { name: `Delete ${email}` }).click();
    await expect(page.getByText(`Delete ${email}?`, { exact: false })).toBeVisible();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expectToast(page, "Contact deleted successfully");
    await expect(page.getByRole("listitem", { name: email })).toHaveCount(0);

    await page
      .getByRole("listitem", { name: "Book club" })
      .getByRole("link", { name: "Delete group Book club" })
      .click();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expectToast(page, "Contact group deleted successfully");
    await expect(page.getByRole("listitem", { name: "Book club" })).toHaveCount(0);
  });

  test("the search form filters the list", async ({ page, user }) => {
    createContact(user.id, { email: uniqueEmail("alpha"), preferredName: "Aunt Alpha" });
    createContact(user.id, { email: uniqueEmail("beta"), tags: ["west coast"] });
    await signInAs(page, user);
    await visit(page, "/contacts");
    await page.getByLabel("Search contacts").fill("west");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=west/);
    await expect(page.getByText(/^beta\./)).toBeVisible();
    await expect(page.getByText("Aunt Alpha")).toHaveCount(0);
  });

  test("a long list is paged", async ({ page, user }) => {
    for (let i = 0; i < 55; i++)
      createContact(user.id, { email: `paged${String(i).padStart(2, "0")}.${randomUUID().slice(0, 6)}@example.com` });
    await signInAs(page, user);
    await visit(page, "/contacts");
    const pages = page.getByRole("navigation", { name: "Contact pages" });
    await expect(pages).toContainText("1–50 of 55");
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page.getByRole("navigation", { name: "Contact pages" })).toContainText("51–55 of 55");
    await expect(page.getByText(/^paged54\./)).toBeVisible();
  });

  test("another user's contact and group ids are 404", async ({ page }) => {
    const owner = await makeUser();
    const contact = createContact(owner.id, { email: uniqueEmail("secret") });
    const group = createContactGroup(owner.id, { name: "Secret group" });
    if (!contact.ok || !group.ok) throw new Error("fixtures not created");
    const intruder = await makeUser();
    await signInAs(page, intruder);
    for (const search of [
      `edit-contact=${contact.contact.id}`,
      `confirm-delete-contact=${contact.contact.id}`,
      `edit-group=${group.group.id}`,
      `confirm-delete-group=${group.group.id}`,
    ]) {
      const response = await visit(page, `/contacts?${search}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    }
    const api = await page.request.get(`/api/user/contacts/${contact.contact.id}`);
    expect(api.status()).toBe(404);
  });
});
