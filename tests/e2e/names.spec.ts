// People keep their names (decisions 0194, 0195), with JavaScript on and off, on a phone and a
// laptop: "Aunt Rosa <…>" typed as a recipient is the chip "Aunt Rosa", her invitation says "Hi Aunt
// Rosa,", her answer form takes her address, her e-mailed story is signed "Aunt Rosa", and the
// newsletter page lists who it goes to. An address at an internationalised domain is shown in its
// own letters (decision 0211).
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";

import {
  signedInboundForm,
  webhookSigningKey,
  type InboundMessage,
} from "~/features/contributions/mailgun-webhook.server";

import { axeViolations } from "../utils/axe-scan";
import { createTestCampaign, createTestInvitation } from "../utils/stories-helpers";
import { expect, expectToast, jsOn, latestEmailTo, signInAs, test, visit } from "./fixtures";

const chips = (page: Page) => page.getByRole("list", { name: /Recipients/ });
const fitsAndPasses = async (page: Page) => {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  expect(await axeViolations(page)).toEqual([]);
};

async function postReply(page: Page, message: InboundMessage) {
  const form = signedInboundForm(message, webhookSigningKey()!, new Date());
  const multipart: Record<string, string> = {};
  form.forEach((value, name) => {
    if (typeof value === "string") multipart[name] = value;
  });
  return page.request.post("/webhooks/mailgun/inbound", { multipart });
}

for (const width of [390, 1280]) {
  test(`at ${width} px: a named recipient is greeted, answers and is signed by her name; the newsletter lists her`, async ({
    page,
    user,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    const id = randomUUID().slice(0, 8);
    const rosa = `aunt.rosa.${id}@example.com`;
    const bob = `bob-${id}@example.com`;
    await signInAs(page, user);
    await visit(page, "/create-story-collection");
    await page.getByLabel("Collection title").fill(`Names ${id}`);
    await page.getByLabel("Story prompt").fill("What do you remember of the lake?");

    await page.getByLabel("Add e-mail addresses").fill(`Aunt Rosa <${rosa}>; ${bob}, grandma`);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const rosaChip = chips(page).getByRole("listitem").filter({ hasText: rosa });
    await expect(rosaChip).toContainText("Aunt Rosa");
    await expect(rosaChip).not.toContainText("<");
    await expect(chips(page).getByRole("listitem")).toHaveCount(2);
    // What is not an address stays in the field, with the reason.
    await expect(page.getByLabel("Add e-mail addresses")).toHaveValue("grandma");
    await expect(page.getByText('Please enter a valid email address: "grandma" is not one.')).toBeVisible();
    await fitsAndPasses(page);

    // Naming a recipient: in the chip with JavaScript, by typing the name with the address without it.
    if (jsOn()) {
      await page.getByRole("button", { name: `Name ${bob}` }).click();
      await page.getByLabel(`Name for ${bob}`).fill("Uncle Bob");
      await page.getByLabel(`Name for ${bob}`).press("Enter");
    } else {
      await page.getByLabel("Add e-mail addresses").fill(`Uncle Bob <${bob}>`);
      await page.getByRole("button", { name: "Add", exact: true }).click();
    }
    await expect(chips(page).getByRole("listitem").filter({ hasText: bob })).toContainText("Uncle Bob");
    await expect(chips(page).getByRole("listitem")).toHaveCount(2);
    await fitsAndPasses(page);

    await page.getByRole("button", { name: "Create & Send Invites" }).click();
    await expect(page).toHaveURL(/\/campaigns$/);
    await expectToast(page, "Story Collection Created!", `sent invitations to 2 recipients.`);

    // The invitation, from the outbox.
    await expect.poll(() => latestEmailTo(rosa)?.kind, { timeout: 15_000 }).toBe("campaign_invitation");
    const invitation = latestEmailTo(rosa)!;
    expect(invitation.text).toMatch(/^Hi Aunt Rosa,/);
    expect(invitation.html).toContain("Hi Aunt Rosa,");
    await expect.poll(() => latestEmailTo(bob)?.text ?? "", { timeout: 15_000 }).toMatch(/^Hi Uncle Bob,/);

    // Her answer form has her address and name, and takes them.
    const formUrl = /https?:\/\/\S+\/contribute\/\S+/.exec(invitation.text)![0];
    await visit(page, new URL(formUrl).pathname + new URL(formUrl).search);
    await expect(page.getByLabel("Your email")).toHaveValue(rosa);
    await expect(page.getByLabel("Your name")).toHaveValue("Aunt Rosa");
    await fitsAndPasses(page);
    await page.getByLabel("Your story").fill("We swam to the island every August.");
    await page.getByRole("button", { name: "Share My Story" }).click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();

    // Her e-mailed story, signed as her family knows her, not as her mail program does.
    const reply = await postReply(page, {
      recipient: invitation.replyTo!,
      from: `Rosa Bianchi <${rosa.toUpperCase()}>`,
      subject: `Re: ${invitation.subject}`,
      bodyPlain: "The boathouse roof leaked every single summer.",
      messageId: `<${randomUUID()}@mail.example.com>`,
    });
    expect(reply.status()).toBe(200);
    const campaignId = (
      (await page.request.get("/api/campaigns").then((r) => r.json())) as Array<{ id: string; title: string }>
    ).find((c) => c.title === `Names ${id}`)!.id;
    await visit(page, `/campaigns/${campaignId}/stories`);
    const emailed = page.getByRole("article").filter({ hasText: "The boathouse roof leaked every single summer." });
    await expect(emailed.getByText("Aunt Rosa", { exact: true })).toBeVisible();
    await expect(emailed).not.toContainText("Anonymous Contributor");
    await expect(emailed).not.toContainText("Sent from");
    await fitsAndPasses(page);

    // The newsletter says who it goes to, by name, before and after sending.
    await visit(page, `/campaigns/${campaignId}/newsletters`);
    const goesTo = page.getByRole("list", { name: "Sent to" });
    await expect(goesTo.getByRole("listitem")).toHaveText([
      new RegExp(`Aunt Rosa\\s*${rosa}`),
      new RegExp(`Uncle Bob\\s*${bob}`),
    ]);
    await fitsAndPasses(page);
    await page.getByRole("button", { name: "Create Newsletter" }).click();
    await expectToast(page, "Newsletter created");
    // Pressed from the keyboard: on a phone without JavaScript the toast above stays over the button.
    await page.getByRole("button", { name: "Send to family: Edition 1" }).focus();
    await page.keyboard.press("Enter");
    await expectToast(page, "Newsletter sent", "E-mailed to 2 family members: Aunt Rosa, Uncle Bob.");
    await expect.poll(() => latestEmailTo(rosa)?.kind).toBe("family_newsletter");
    expect(latestEmailTo(rosa)!.text).toMatch(/^Hi Aunt Rosa,/);
  });
}

test("a relative at an internationalised domain sees her address in its own letters; it is stored and sent canonical", async ({
  page,
  user,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const id = randomUUID().slice(0, 8);
  const oma = `oma.${id}@xn--mller-kva.de`;
  const shownOma = `oma.${id}@müller.de`;
  const opa = `opa.${id}@xn--mller-kva.de`;
  await signInAs(page, user);
  await visit(page, "/create-story-collection");
  await page.getByLabel("Collection title").fill(`Müller ${id}`);
  await page.getByLabel("Story prompt").fill("What do you remember of the lake?");
  // One typed as mail programs write it (punycode), one as people do (Unicode, capitals).
  await page.getByLabel("Add e-mail addresses").fill(`Oma <${oma}>, OPA.${id}@MÜLLER.de`);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(chips(page).getByRole("listitem")).toHaveCount(2);
  await expect(chips(page).getByRole("listitem").filter({ hasText: "Oma" })).toContainText(shownOma);
  await expect(chips(page).getByRole("listitem").nth(1)).toHaveText(new RegExp(`^opa\\.${id}@müller\\.de`));
  await expect(chips(page)).not.toContainText("xn--");
  await expect(page.getByRole("button", { name: `Remove ${shownOma}` })).toBeVisible();
  await fitsAndPasses(page);

  await page.getByRole("button", { name: "Create & Send Invites" }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expectToast(page, "Story Collection Created!", "sent invitations to 2 recipients.");
  // Sent to the canonical address, greeted by the name typed with it.
  await expect.poll(() => latestEmailTo(oma)?.text ?? "", { timeout: 15_000 }).toMatch(/^Hi Oma,/);
  await expect.poll(() => latestEmailTo(opa)?.kind, { timeout: 15_000 }).toBe("campaign_invitation");

  const campaignId = (
    (await page.request.get("/api/campaigns").then((r) => r.json())) as Array<{ id: string; title: string }>
  ).find((c) => c.title === `Müller ${id}`)!.id;
  await visit(page, `/campaigns/${campaignId}/stories`);
  const invited = page.getByRole("list", { name: "Invited relatives" });
  await expect(invited.getByTestId("invitee")).toHaveCount(2);
  await expect(invited).toContainText(shownOma);
  await expect(invited).toContainText(`opa.${id}@müller.de`);
  await expect(invited).not.toContainText("xn--");
  await fitsAndPasses(page);
});

test("a chosen recording is never dropped in silence when the answer comes back with a problem", async ({
  page,
  user,
}) => {
  const campaign = createTestCampaign(user.id);
  const invitation = createTestInvitation(campaign.id);
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, `/contribute/${campaign.publicId}?t=${invitation.token}`);
  await expect(page.getByLabel("Your email")).toHaveValue(invitation.email);
  // Spaces pass the browser's "required" and are refused by the server: the page comes back, and a
  // browser never sends a chosen file back to it.
  await page.getByLabel("Your name").fill("   ");
  await page
    .getByLabel("Or record your answer (optional)")
    .setInputFiles({ name: "memo.m4a", mimeType: "audio/mp4", buffer: Buffer.from("a memo") });
  await page.getByRole("button", { name: "Share My Story" }).click();
  await expect(page.getByText("Please enter the contributor's name")).toBeVisible();
  await expect(
    page.getByText(
      'Your recording "memo.m4a" was not kept because of the problem above. Please fix it and choose the recording again.',
    ),
  ).toBeVisible();
  await fitsAndPasses(page);
});

test('a contact and the newsletter\'s distribution list take "Name <address>" too; a non-address is refused by name', async ({
  page,
  user,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const id = randomUUID().slice(0, 8);
  const rosa = `rosa-${id}@example.com`;
  await signInAs(page, user);
  await visit(page, "/contacts");
  await page.getByRole("link", { name: "Add Contact" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Contact" });
  await dialog.getByLabel("Email").fill(`Rosa Bianchi <${rosa}>`);
  await dialog.getByRole("button", { name: "Create Contact" }).click();
  await expectToast(page, "Contact created successfully");
  await expect(page.getByRole("listitem", { name: rosa }).getByText("Rosa Bianchi")).toBeVisible();
  await fitsAndPasses(page);

  await visit(page, "/manage-collections");
  await page.getByRole("link", { name: "Configure Workflows" }).click();
  const workflows = page.getByRole("dialog", { name: "Configure Workflows" });
  await workflows.getByLabel("Recipients (one e-mail per line)").fill(`"Bianchi, Rosa" <${rosa}>\ngrandma`);
  await workflows.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText('Please enter a valid email address: "grandma" is not one.')).toBeVisible();
  await fitsAndPasses(page);
  await page
    .getByRole("dialog", { name: "Configure Workflows" })
    .getByLabel("Recipients (one e-mail per line)")
    .fill(`"Bianchi, Rosa" <${rosa}>\nUncle Bob <bob-${id}@example.com>`);
  await page
    .getByRole("dialog", { name: "Configure Workflows" })
    .getByRole("button", { name: "Save Settings" })
    .click();
  await expectToast(page, "Workflow settings updated successfully.");
  await page.getByRole("link", { name: "Configure Workflows" }).click();
  await expect(page.getByRole("dialog").getByLabel("Recipients (one e-mail per line)")).toHaveValue(
    `"Bianchi, Rosa" <${rosa}>\nUncle Bob <bob-${id}@example.com>`,
  );
});
