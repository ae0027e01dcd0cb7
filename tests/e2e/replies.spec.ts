// Replies as people really write them read right on the stories page, and the owner
// corrects a cut in one step. Runs with JavaScript on and off (projects js and no-js).
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";

import {
  signedInboundForm,
  webhookSigningKey,
  type InboundMessage,
} from "~/features/contributions/mailgun-webhook.server";
import { storyMessages } from "~/features/contributions/messages";
import { replyAddressFor } from "~/features/contributions/reply-address.server";

import { createTestCampaign, createTestInvitation } from "../utils/stories-helpers";
import { expect, expectToast, signInAs, test, visit } from "./fixtures";

const m = storyMessages.card;

/** Posts a signed inbound webhook, as Mailgun would, to the running app. */
async function postReply(page: Page, message: InboundMessage) {
  const form = signedInboundForm(message, webhookSigningKey()!, new Date());
  const multipart: Record<string, string> = {};
  form.forEach((value, name) => {
    if (typeof value === "string") multipart[name] = value;
  });
  const response = await page.request.post("/webhooks/mailgun/inbound", { multipart });
  expect(response.status()).toBe(200);
  expect(((await response.json()) as { message: string }).message).toBe("Story stored");
}

function replyTo(campaignId: string, name: string) {
  const invitee = `${name}-${randomUUID()}@example.com`;
  const invitation = createTestInvitation(campaignId, invitee);
  return {
    recipient: replyAddressFor(invitation.token),
    from: `${name} <${invitee}>`,
    subject: "Re: Winter at the farm",
    messageId: `<${randomUUID()}@mail.example.com>`,
  };
}

const QUOTE = [
  "> Hi there,",
  ">",
  "> Margaret is gathering family stories and would love to hear yours.",
  ">",
  "> What is your favourite winter memory?",
];

test("a wrapped French header reply and a bottom-posted reply read right on the stories page", async ({
  page,
  user,
}) => {
  const campaign = createTestCampaign(user.id);
  const french = ["Nous patinions sur l'étang gelé chaque matin.", "Papa gardait le feu toute la nuit."];
  await postReply(page, {
    ...replyTo(campaign.id, "mamie"),
    bodyPlain: [
      ...french,
      "",
      "Le mar. 3 nov. 2026 à 09:14, Margaret via Storyhearth",
      "<stories@storyhearth.app>",
      "a écrit :",
      "",
      ...QUOTE,
    ].join("\n"),
  });
  const bottom = "We went sledging on Gallows Hill every Boxing Day.";
  await postReply(page, {
    ...replyTo(campaign.id, "bert"),
    bodyPlain: ["On Tue, Nov 3, 2026 at 9:14 AM Margaret <margaret@example.com> wrote:", ...QUOTE, "", bottom].join(
      "\n",
    ),
  });

  await signInAs(page, user);
  await visit(page, `/campaigns/${campaign.id}/stories`);
  const frenchCard = page.getByRole("article").filter({ hasText: french[0]! });
  await expect(frenchCard.getByText(french.join("\n"), { exact: true })).toBeVisible();
  // The header and the quote are only in the e-mail as it arrived, folded.
  await expect(frenchCard.getByText("a écrit :")).toBeHidden();
  await frenchCard.getByText(m.viewFullEmail).click();
  await expect(frenchCard.getByText(/a écrit :/)).toBeVisible();

  const bottomCard = page.getByRole("article").filter({ hasText: bottom });
  await expect(bottomCard.getByText(bottom, { exact: true })).toBeVisible();
  await expect(bottomCard.getByText(/wrote:/)).toBeHidden();
});

test("'Keep more of this e-mail' restores a cut and 'Keep less' takes it back", async ({ page, user }) => {
  const campaign = createTestCampaign(user.id);
  const words = "The ice storm of 1978, without a doubt.";
  await postReply(page, {
    ...replyTo(campaign.id, "rose"),
    bodyPlain: [words, "", "On Tue, Nov 3, 2026 at 9:14 AM Margaret <margaret@example.com> wrote:", ...QUOTE].join(
      "\n",
    ),
  });

  await signInAs(page, user);
  await visit(page, `/campaigns/${campaign.id}/stories`);
  const card = page.getByRole("article").filter({ hasText: words });
  await expect(card.getByText(words, { exact: true })).toBeVisible();
  await expect(card.getByText("> What is your favourite winter memory?")).toBeHidden();

  await card.getByRole("button", { name: m.keepMore }).click();
  await expectToast(page, storyMessages.toast.keptMore.title);
  // The whole e-mail is the story now, shown unfolded.
  await expect(card.getByText(/> What is your favourite winter memory\?/)).toBeVisible();
  await expect(card.getByRole("button", { name: m.keepMore })).toHaveCount(0);

  await card.getByRole("button", { name: m.keepLess }).click();
  await expectToast(page, storyMessages.toast.keptLess.title);
  await expect(card.getByText(words, { exact: true })).toBeVisible();
  await expect(card.getByText("> What is your favourite winter memory?")).toBeHidden();
  await expect(card.getByRole("button", { name: m.keepMore })).toBeVisible();
});
