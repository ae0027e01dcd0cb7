// Real replies through the Mailgun webhook read right on the story card; nothing is lost
// when the reader is unsure; the owner corrects a cut in one step ("Keep more of this e-mail" / "Keep less").
import { contributions, emptyReplies } from "#db/schema";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";

import { signedInboundForm, webhookSigningKey } from "~/features/contributions/mailgun-webhook.server";
import { storyMessages } from "~/features/contributions/messages";
import { replyAddressFor } from "~/features/contributions/reply-address.server";
import { listStoryCards } from "~/features/contributions/story-cards.server";
import { db } from "~/lib/db.server";
import * as storiesPage from "~/routes/_app+/campaigns.$campaignId.stories";
import { action as inbound } from "~/routes/webhooks+/mailgun.inbound";

import { makeCollection } from "../support/email-loop";
import { collapse, loadReplyCorpus, passes } from "../support/reply-corpus";
import { callRoute, createTestUser, makeRequest, type TestUser } from "../utils/auth";
import { createTestCampaign, insertTestContribution } from "../utils/stories-helpers";

const cardsOf = (campaignId: string) => listStoryCards(campaignId, { limit: 50, offset: 0 });

async function postReply(message: { bodyPlain?: string; bodyHtml?: string }) {
  const {
    invitations: [inv],
    campaign,
  } = makeCollection({ emails: [`relative-${Math.random().toString(36).slice(2)}@example.com`] });
  const form = signedInboundForm(
    {
      recipient: replyAddressFor(inv!.token),
      from: "Rose <rose@example.com>",
      subject: "Re: Winter at the farm",
      messageId: `<${Math.random().toString(36).slice(2)}@mail.example.com>`,
      ...message,
    },
    webhookSigningKey()!,
    new Date(),
  );
  const response = await inbound({
    request: new Request("http://localhost/webhooks/mailgun/inbound", { method: "POST", body: form }),
    params: {},
    context: {},
  });
  return { campaign, status: response.status, message: ((await response.json()) as { message: string }).message };
}

describe("real replies through the webhook, read back from the story card", () => {
  const corpus = loadReplyCorpus();
  // Every HTML-only case, and plain ones the old reader lost or left history in (wrapped non-English
  // header, same-line header, bottom post, inline answers, Outlook block in Swedish, phone footer).
  const sample = corpus.filter(
    (c) =>
      c.format === "html" ||
      [
        "disc-embedded-email-french-1",
        "talon-splitter-same-line",
        "disc-embedded-email-quote-text",
        "wd-bottom-post",
        "talon-from-block-sv",
        "crisp-german-3",
        "crisp-finnish",
        "disc-embedded-email-russian-1",
      ].includes(c.id),
  );

  test.each(sample.map((c) => [c.id, c] as const))("%s", async (_id, c) => {
    const { campaign, status, message } = await postReply(
      c.format === "html" ? { bodyHtml: c.bodyHtml ?? c.body } : { bodyPlain: c.body, bodyHtml: c.bodyHtml },
    );
    expect(status).toBe(200);
    expect(message).toBe("Story stored");
    const [card] = cardsOf(campaign.id);
    expect(passes(c, card!.story)).toBe(true);
    // The e-mail as it arrived stays viewable on the card.
    expect(card!.showFull || card!.rest !== "").toBe(true);
  });

  test("a reply whose words share the line with the quote header is a story, not 'kept without a story'", async () => {
    const { campaign, message } = await postReply({
      bodyPlain: "reply On Wed, Apr 4, 2012 at 3:59 PM, bob@example.com wrote:\n> Hi",
    });
    expect(message).toBe("Story stored");
    expect(db.select().from(emptyReplies).where(eq(emptyReplies.campaignId, campaign.id)).all()).toHaveLength(0);
    expect(cardsOf(campaign.id)[0]!.story).toBe("reply");
  });
});

describe("nothing lost, and the owner's one-step correction", () => {
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    alice = await createTestUser();
    bob = await createTestUser();
  });
  const act = (user: TestUser, campaignId: string, form: Record<string, string>) =>
    callRoute(storiesPage.action, makeRequest(`/campaigns/${campaignId}/stories`, { cookie: user.cookie, form }), {
      campaignId,
    });
  const email = (campaignId: string, storyContent: string) =>
    insertTestContribution(campaignId, { submissionMethod: "email", storyContent });

  const TOP_POSTED =
    "We skated on the pond every morning.\n\nOn Tue, Nov 3, 2026 at 9:14 AM Margaret <m@example.com> wrote:\n> What is your favourite winter memory?";
  // A footer, then text no rule names as history: the reader cuts but is not sure.
  const UNSURE =
    "We skated on the pond every morning.\n\nSent from my iPhone\n\nDad kept the fire going all night, and in the morning the whole pond had frozen over so thick that the horses could cross it to the far field without a single crack in the ice.";

  test("a sure cut: their words, the full e-mail viewable, and 'Keep more of this e-mail'", () => {
    const campaign = createTestCampaign(alice.id);
    email(campaign.id, TOP_POSTED);
    const [card] = cardsOf(campaign.id);
    expect(card).toMatchObject({
      story: "We skated on the pond every morning.",
      rest: "",
      keepMore: true,
      keepLess: false,
      showFull: true,
      fullContent: TOP_POSTED,
    });
  });

  test("an unsure cut: their words first, the rest folded under 'Show the rest of the e-mail', both corrections offered", () => {
    const campaign = createTestCampaign(alice.id);
    email(campaign.id, UNSURE);
    const [card] = cardsOf(campaign.id);
    expect(card).toMatchObject({
      story: "We skated on the pond every morning.",
      keepMore: true,
      keepLess: true,
      showFull: false,
    });
    expect(collapse(`${card!.story} ${card!.rest}`)).toBe(collapse(UNSURE));
  });

  test("no words of theirs found: the whole reply is the story, nothing to correct", () => {
    const campaign = createTestCampaign(alice.id);
    const onlyQuote = "> What is your favourite winter memory?\n>\n> Reply with your story.";
    email(campaign.id, onlyQuote);
    expect(cardsOf(campaign.id)[0]).toMatchObject({ story: onlyQuote, keepMore: false, keepLess: false });
  });

  test("'Keep more of this e-mail' makes the whole e-mail the story; 'Keep less' restores the cut", async () => {
    const campaign = createTestCampaign(alice.id);
    const story = email(campaign.id, TOP_POSTED);
    const more = await act(alice, campaign.id, { intent: "reply-reading", contributionId: story.id, keep: "whole" });
    expect(more.status).toBe(302);
    expect(cardsOf(campaign.id)[0]).toMatchObject({ story: TOP_POSTED, keepMore: false, keepLess: true });
    // The e-mail as it arrived is untouched.
    expect(db.select().from(contributions).where(eq(contributions.id, story.id)).get()).toMatchObject({
      storyContent: TOP_POSTED,
      replyReading: "whole",
    });

    expect(
      (await act(alice, campaign.id, { intent: "reply-reading", contributionId: story.id, keep: "cut" })).status,
    ).toBe(302);
    expect(cardsOf(campaign.id)[0]).toMatchObject({
      story: "We skated on the pond every morning.",
      keepMore: true,
      keepLess: false,
    });
  });

  test("'Keep less' on an unsure cut keeps the cut and folds nothing", async () => {
    const campaign = createTestCampaign(alice.id);
    const story = email(campaign.id, UNSURE);
    expect(
      (await act(alice, campaign.id, { intent: "reply-reading", contributionId: story.id, keep: "cut" })).status,
    ).toBe(302);
    expect(cardsOf(campaign.id)[0]).toMatchObject({
      story: "We skated on the pond every morning.",
      rest: "",
      keepMore: true,
      keepLess: false,
      showFull: true,
    });
  });

  test("ownership is checked in the action: another owner's story is 404, a missing choice 400", async () => {
    const campaign = createTestCampaign(alice.id);
    const story = email(campaign.id, TOP_POSTED);
    const bobsCampaign = createTestCampaign(bob.id);
    // Bob through his own collection's page, naming Alice's story: not found, and nothing changes.
    expect(
      (await act(bob, bobsCampaign.id, { intent: "reply-reading", contributionId: story.id, keep: "whole" })).status,
    ).toBe(404);
    // Bob on Alice's page.
    expect(
      (await act(bob, campaign.id, { intent: "reply-reading", contributionId: story.id, keep: "whole" })).status,
    ).toBe(404);
    const missing = await act(alice, campaign.id, { intent: "reply-reading", contributionId: story.id, keep: "all" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toBe(storyMessages.validation.replyReadingMissing);
    expect(db.select().from(contributions).where(eq(contributions.id, story.id)).get()?.replyReading).toBeNull();
  });
});
