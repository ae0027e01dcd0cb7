// A Message-Id names one reply only within one invitation (decision 0191): anyone who saw a copy
// of a reply (Cc, reply-all) can send their own with its Id, and one e-mail can answer two families'
// invitations. Each family gets its own story; nothing attaches to, or removes, another family's.
import { contributionAttachments, contributionRecordings, contributions, emptyReplies } from "#db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import {
  signedInboundForm,
  webhookSigningKey,
  type InboundMessage,
} from "~/features/contributions/mailgun-webhook.server";
import { removalToken } from "~/features/contributions/recordings.server";
import { replyAddressFor } from "~/features/contributions/reply-address.server";
import { db } from "~/lib/db.server";
import { action as removal } from "~/routes/_public+/recording-removal.$token";
import { action as inbound } from "~/routes/webhooks+/mailgun.inbound";

import { makeCollection } from "../support/email-loop";
import { makeVoiceMemo } from "../utils/voice-memos";

// A real 1×1 PNG: photos are decoded and written again on arrival.
const png = () =>
  new File(
    [
      Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
        "base64",
      ),
    ],
    "kitchen.png",
    { type: "image/png" },
  );

async function post(message: InboundMessage) {
  const request = new Request("http://localhost/webhooks/mailgun/inbound", {
    method: "POST",
    body: signedInboundForm(message, webhookSigningKey()!, new Date()),
  });
  const response = await inbound({ request, params: {}, context: {} });
  expect(response.status).toBe(200);
}

/** Two families, one relative each: A's Rosa and B's Sal. */
function twoFamilies() {
  const a = makeCollection({ emails: ["rosa@example.com"], title: "Grandpa Joe's Kitchen" });
  const b = makeCollection({ emails: ["sal@example.com"], title: "Summers at the Lake" });
  return { a: { campaign: a.campaign, inv: a.invitations[0]! }, b: { campaign: b.campaign, inv: b.invitations[0]! } };
}

const storiesOf = (campaignId: string) =>
  db.select().from(contributions).where(eq(contributions.campaignId, campaignId)).all();
const photosOf = (contributionId: string) =>
  db.select().from(contributionAttachments).where(eq(contributionAttachments.contributionId, contributionId)).all();
const recordingsOf = (contributionId: string) =>
  db.select().from(contributionRecordings).where(eq(contributionRecordings.contributionId, contributionId)).all();
const messageId = () => `<${Math.random().toString(36).slice(2)}@mail.example.com>`;

describe("a Message-Id is one reply within one invitation", () => {
  it("the same Message-Id sent to two families' invitations gives one story in each, and A's story keeps only what A sent", async () => {
    const { a, b } = twoFamilies();
    const id = messageId();
    await post({
      recipient: replyAddressFor(a.inv.token),
      from: "Rosa Bianchi <rosa@example.com>",
      subject: "Re: Grandpa Joe's Kitchen",
      bodyPlain: "Joe learned to cook in Naples.",
      messageId: id,
    });
    // B's relative reuses the Id of A's reply (seen in a Cc'd copy) with a photo and a recording.
    await post({
      recipient: replyAddressFor(b.inv.token),
      from: "Sal <sal@example.com>",
      subject: "Re: Summers at the Lake",
      bodyPlain: "We rowed across the lake every morning.",
      messageId: id,
      attachments: [png(), await makeVoiceMemo("m4a")],
    });

    const [storyA, ...moreA] = storiesOf(a.campaign.id);
    const [storyB, ...moreB] = storiesOf(b.campaign.id);
    expect(moreA).toEqual([]);
    expect(moreB).toEqual([]);
    expect(storyA).toMatchObject({
      invitationId: a.inv.id,
      storyContent: "Joe learned to cook in Naples.",
      contributorEmail: "rosa@example.com",
      messageId: id,
    });
    expect(storyB).toMatchObject({
      invitationId: b.inv.id,
      storyContent: "We rowed across the lake every morning.",
      contributorEmail: "sal@example.com",
      messageId: id,
    });
    expect(photosOf(storyA!.id)).toEqual([]);
    expect(recordingsOf(storyA!.id)).toEqual([]);
    expect(photosOf(storyB!.id)).toHaveLength(1);
    expect(recordingsOf(storyB!.id)).toHaveLength(1);
  });

  it("one e-mail answering both families' invitations reaches both (Mailgun posts it once per recipient)", async () => {
    const { a, b } = twoFamilies();
    const message = {
      from: "Cousin Lia <lia@example.com>",
      subject: "Re: two invitations",
      bodyPlain: "I remember both summers and the kitchen.",
      messageId: messageId(),
    };
    await post({ ...message, recipient: replyAddressFor(a.inv.token) });
    await post({ ...message, recipient: replyAddressFor(b.inv.token) });
    expect(storiesOf(a.campaign.id).map((s) => s.storyContent)).toEqual([message.bodyPlain]);
    expect(storiesOf(b.campaign.id).map((s) => s.storyContent)).toEqual([message.bodyPlain]);
  });

  it("a second delivery of the same message to the same invitation is still stored once, with its photo once", async () => {
    const { a } = twoFamilies();
    const message = {
      recipient: replyAddressFor(a.inv.token),
      from: "Rosa <rosa@example.com>",
      subject: "Re",
      bodyPlain: "The sauce took all Sunday.",
      messageId: messageId(),
      attachments: [png()],
    };
    await post(message);
    await post({ ...message, attachments: [png()] });
    const [story, ...more] = storiesOf(a.campaign.id);
    expect(more).toEqual([]);
    expect(photosOf(story!.id)).toHaveLength(1);
  });

  it("the removal link of one relative removes their story only, never the story whose Message-Id they reused", async () => {
    const { a, b } = twoFamilies();
    const id = messageId();
    await post({
      recipient: replyAddressFor(a.inv.token),
      from: "Rosa <rosa@example.com>",
      subject: "Re",
      bodyPlain: "Joe's meatballs were famous.",
      messageId: id,
    });
    await post({
      recipient: replyAddressFor(b.inv.token),
      from: "Sal <sal@example.com>",
      subject: "Re",
      bodyPlain: "My own story.",
      messageId: id,
      attachments: [await makeVoiceMemo("m4a")],
    });
    const storyB = storiesOf(b.campaign.id)[0]!;
    const recording = recordingsOf(storyB.id)[0]!;

    // "Also delete my story", as the thank-you e-mail's page posts it.
    const token = removalToken(recording.id);
    const form = new URLSearchParams({ story: "yes" });
    const request = new Request(`http://localhost/recording-removal/${token}`, {
      method: "POST",
      body: form,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    const response = await removal({ request, params: { token }, context: {} });
    expect(response instanceof Response ? response.status : 200).toBe(302);

    expect(storiesOf(b.campaign.id)).toEqual([]);
    expect(storiesOf(a.campaign.id).map((s) => s.storyContent)).toEqual(["Joe's meatballs were famous."]);
  });

  it("a reply without a Message-Id delivered twice is stored once; another reply without one is another story", async () => {
    const { a } = twoFamilies();
    const form = () => {
      const f = signedInboundForm(
        {
          recipient: replyAddressFor(a.inv.token),
          from: "Rosa <rosa@example.com>",
          subject: "Re",
          bodyPlain: "Sunday sauce.",
          messageId: "",
        },
        webhookSigningKey()!,
        new Date(),
      );
      f.delete("Message-Id");
      return f;
    };
    for (const body of [form(), form()]) {
      const response = await inbound({
        request: new Request("http://localhost/webhooks/mailgun/inbound", { method: "POST", body }),
        params: {},
        context: {},
      });
      expect(response.status).toBe(200);
    }
    // An empty Message-Id is none at all, not one every such reply shares.
    await post({
      recipient: replyAddressFor(a.inv.token),
      from: "Rosa <rosa@example.com>",
      subject: "Re",
      bodyPlain: "And the meatballs.",
      messageId: "",
    });
    await post({
      recipient: replyAddressFor(a.inv.token),
      from: "Rosa <rosa@example.com>",
      subject: "Re",
      bodyPlain: "And the bread.",
      messageId: " ",
    });
    expect(
      storiesOf(a.campaign.id)
        .map((s) => s.storyContent)
        .sort(),
    ).toEqual(["And the bread.", "And the meatballs.", "Sunday sauce."]);
  });

  it("replies with nothing to keep are kept once per invitation too", async () => {
    const { a, b } = twoFamilies();
    const id = messageId();
    const empty = {
      from: "Someone <someone@example.com>",
      subject: "Re",
      bodyPlain: "\n\nOn Tue, Nov 3, 2026 Margaret wrote:\n> What is your favourite trip?",
      messageId: id,
    };
    await post({ ...empty, recipient: replyAddressFor(a.inv.token) });
    await post({ ...empty, recipient: replyAddressFor(a.inv.token) });
    await post({ ...empty, recipient: replyAddressFor(b.inv.token) });
    const kept = (campaignId: string) =>
      db.select().from(emptyReplies).where(eq(emptyReplies.campaignId, campaignId)).all();
    expect(kept(a.campaign.id)).toHaveLength(1);
    expect(kept(b.campaign.id)).toHaveLength(1);
  });
});
