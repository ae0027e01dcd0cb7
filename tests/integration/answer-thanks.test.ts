// Everyone who answers is thanked (decision 0196): through the signed inbound webhook and the answer
// form's action, with the fake Mailgun showing what leaves. Once per story, with a copy of their
// words, only to the invitation's own address; never to an address typed without a personal link,
// never to a mailbox that answered by itself. Reminders stop once a story answers the invitation.
import { randomUUID } from "node:crypto";
import { contributionAttachments, contributions, emailOutbox, invitations, workflowSettings } from "#db/schema";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { db } from "~/lib/db.server";
import { hasUnsubscribed } from "~/models/collection-mail-recipient.server";

import type { FakeMailgunRequest } from "../mocks/mailgun-server";
import {
  makeCollection,
  postReply,
  sentInvitation,
  startMailLoop,
  textOf,
  unsubscribePathOf,
} from "../support/email-loop";
import { callRoute, makeRequest } from "../utils/auth";

let loop: Awaited<ReturnType<typeof startMailLoop>>;
let contribute: typeof import("~/routes/_public+/contribute.$publicId");
let unsubscribe: typeof import("~/routes/_public+/unsubscribe.$token");
let replyAddressFor: typeof import("~/features/contributions/reply-address.server").replyAddressFor;

beforeAll(async () => {
  loop = await startMailLoop();
  contribute = await import("~/routes/_public+/contribute.$publicId");
  unsubscribe = await import("~/routes/_public+/unsubscribe.$token");
  // Loaded after the fake's environment, as the app's own modules are: the reply domain is Mailgun's.
  ({ replyAddressFor } = await import("~/features/contributions/reply-address.server"));
});
afterAll(() => loop.fake.close());
afterEach(() => loop.clock.setClock(null));

const DAY = 86_400_000;
const png = new Uint8Array(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  ),
);

/** What Mailgun was asked to send to `address`. */
const sentTo = (address: string) =>
  loop.fake.requests.filter((r) => r.path.endsWith("/messages") && r.field("to") === address);
const reminded = (address: string) => sentTo(address).filter((r) => r.field("subject")?.startsWith("Reminder:"));
const thanksTo = (address: string) =>
  sentTo(address).filter((r) => r.field("subject")?.startsWith("Thank you for your story"));
const outboxTo = (address: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, address)).all();
const invitationRow = (id: string) => db.select().from(invitations).where(eq(invitations.id, id)).get()!;

async function answerForm(publicId: string, fields: Record<string, string>) {
  const response = await callRoute(
    contribute.action as never,
    makeRequest(`/contribute/${publicId}`, { form: fields }),
    { publicId },
  );
  expect(response.status).toBe(302);
  return response.headers.get("Location")!;
}

/** Collection mail (decisions 0200 and 0201): from the owner, with the collection's unsubscribe link for the address, answering the reply address. */
function expectCollectionMail(
  mail: FakeMailgunRequest,
  { campaign, inv }: { campaign: { id: string }; inv: { email: string; token: string } },
) {
  const unsubscribeUrl = `http://127.0.0.1:3999${unsubscribePathOf(campaign.id, inv.email)}`;
  expect(mail.field("from")).toContain('"Margaret Whitfield via Storyhearth"');
  expect(mail.headers["Auto-Submitted"]).toBe("auto-replied");
  expect(mail.headers["List-Unsubscribe"]).toBe(`<${unsubscribeUrl}>`);
  expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  expect(textOf(mail)).toContain(unsubscribeUrl);
  expect(mail.headers["Reply-To"]).toBe(replyAddressFor(inv.token));
}

// First: the demo is seeded only into a database without accounts.
describe("the demo's reminders", () => {
  it("go only to the relative who has not answered", async () => {
    const { seedDemoData } = await import("~/seed/demo.server");
    const { getDb } = await import("~/lib/db.server");
    expect(await seedDemoData(getDb())).not.toBeNull();
    await loop.remindersJob.sendDueReminders();
    for (const answered of ["robert.whitfield@example.com", "june.porter@example.com", "cousin.ben@example.com"])
      expect(reminded(answered)).toHaveLength(0);
    expect(reminded("lily.whitfield@example.com")).toHaveLength(1);
  });
});

describe("a reply by e-mail", () => {
  it("is thanked once with a copy of the relative's words, also when the webhook delivers it twice", async () => {
    const { inv, email, campaign } = sentInvitation();
    const words = "We drove the old Ford to Lake Tahoe.\nMom packed egg-salad sandwiches.";
    const message = await postReply(loop, inv.token, {
      from: `Robert Whitfield <${email}>`,
      bodyPlain: `${words}\n\nOn Tue, Nov 3, 2026 at 9:14 AM Margaret Whitfield <margaret@example.com> wrote:\n> What is your favourite family trip?`,
      attachments: [new File([png], "lake.png", { type: "image/png" })],
    });
    await postReply(loop, inv.token, message);

    const thanks = thanksTo(email);
    expect(thanks).toHaveLength(1);
    const text = textOf(thanks[0]!);
    expect(text).toContain("Hi Robert Whitfield,");
    expect(text).toContain("We drove the old Ford to Lake Tahoe.\nMom packed egg-salad sandwiches.");
    // The copy is the story as the family reads it, not the quoted invitation under it.
    expect(text).not.toContain("favourite family trip");
    const photo = db
      .select()
      .from(contributionAttachments)
      .all()
      .find((row) =>
        row.storageKey.includes(
          db.select().from(contributions).where(eq(contributions.invitationId, inv.id)).get()!.id,
        ),
      )!;
    expect(text).toContain(`Photos: ${photo.fileName}`);
    expect(thanks[0]!.field("html")).toContain("We drove the old Ford to Lake Tahoe.");
    expectCollectionMail(thanks[0]!, { campaign, inv });
    expect(thanks[0]!.headers["In-Reply-To"]).toBe(message.messageId);
    expect(outboxTo(email).filter((row) => row.kind === "story_thanks")).toHaveLength(1);
    expect(invitationRow(inv.id)).toMatchObject({ status: "answered" });
  });

  it("a second story by another e-mail is thanked for itself", async () => {
    const { inv, email } = sentInvitation();
    await postReply(loop, inv.token, { from: email, bodyPlain: "The first summer." });
    await postReply(loop, inv.token, { from: email, bodyPlain: "And the second one." });
    const texts = thanksTo(email).map(textOf);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain("The first summer.");
    expect(texts[1]).toContain("And the second one.");
  });

  it("from another address thanks the invitee's own address, without greeting them by the sender's name", async () => {
    const { inv, email } = sentInvitation();
    const other = `daughter-${randomUUID()}@example.com`;
    await postReply(loop, inv.token, {
      from: `Dana Helper <${other}>`,
      bodyPlain: "Dad asked me to write this down for him.",
    });
    expect(sentTo(other)).toHaveLength(0);
    const [thanks] = thanksTo(email);
    expect(textOf(thanks!)).toContain("Hi there,");
    expect(textOf(thanks!)).toContain("Dad asked me to write this down for him.");
  });

  it("an out-of-office reply is not thanked and does not answer the invitation", async () => {
    const { inv, email } = sentInvitation();
    await postReply(loop, inv.token, {
      from: email,
      subject: "Automatic reply: Summers at the Lake",
      bodyPlain: "I am away until Monday.",
      headers: { "Auto-Submitted": "auto-replied" },
    });
    expect(sentTo(email)).toHaveLength(0);
    expect(outboxTo(email)).toHaveLength(0);
    expect(invitationRow(inv.id).status).toBe("sent");
  });

  it("an invitee who unsubscribed is not thanked, and the thank-you's own link unsubscribes after answering", async () => {
    const { inv, email, campaign } = sentInvitation();
    await postReply(loop, inv.token, { from: email, bodyPlain: "Here is my story." });
    const { pathname } = new URL(textOf(thanksTo(email)[0]!).match(/http:\/\/\S+\/unsubscribe\/\S+/)![0]);
    const response = await callRoute(unsubscribe.action as never, makeRequest(pathname, { form: {} }), {
      token: pathname.split("/").pop()!,
    });
    expect(response.status).toBe(200);
    expect(hasUnsubscribed(campaign.id, email)).toBe(true);
    // The owner's list still says they answered (decision 0200).
    expect(invitationRow(inv.id).status).toBe("answered");

    await postReply(loop, inv.token, { from: email, bodyPlain: "One more story, after all." });
    expect(thanksTo(email)).toHaveLength(1);
    // Answering again does not undo the unsubscribe.
    expect(hasUnsubscribed(campaign.id, email)).toBe(true);
  });
});

describe("the answer form", () => {
  it("with the personal link thanks the invitation's address once, also when the same answer is sent again", async () => {
    const { inv, email, campaign } = sentInvitation();
    const fields = {
      contributorName: "Aunt Mae",
      contributorEmail: email,
      storyContent: "Grandma Rose made cardamom bread.",
      t: inv.token,
      answerKey: randomUUID(),
    };
    const first = await answerForm(campaign.publicId, fields);
    const second = await answerForm(campaign.publicId, fields);
    expect(second).toBe(first);
    expect(db.select().from(contributions).where(eq(contributions.invitationId, inv.id)).all()).toHaveLength(1);
    const thanks = thanksTo(email);
    expect(thanks).toHaveLength(1);
    expect(textOf(thanks[0]!)).toContain("Hi Aunt Mae,");
    expect(textOf(thanks[0]!)).toContain("Grandma Rose made cardamom bread.");
    expectCollectionMail(thanks[0]!, { campaign, inv });
    expect(thanks[0]!.headers["In-Reply-To"]).toBeUndefined();
    expect(invitationRow(inv.id).status).toBe("answered");
  });

  it("with the personal link and another typed address thanks the invitation's address, never the typed one", async () => {
    const { inv, email, campaign } = sentInvitation();
    const typed = `typed-${randomUUID()}@example.com`;
    await answerForm(campaign.publicId, {
      contributorName: "Someone",
      contributorEmail: typed,
      storyContent: "A story from a forwarded link.",
      t: inv.token,
    });
    expect(sentTo(typed)).toHaveLength(0);
    expect(outboxTo(typed)).toHaveLength(0);
    const [thanks] = thanksTo(email);
    expect(textOf(thanks!)).toContain("Hi there,");
    expect(textOf(thanks!)).toContain("A story from a forwarded link.");
  });

  it("without a personal link sends nothing to the typed address, whoever's it is", async () => {
    const { email, campaign, inv } = sentInvitation();
    const stranger = `stranger-${randomUUID()}@example.com`;
    await answerForm(campaign.publicId, {
      contributorName: "Claim your prize",
      contributorEmail: stranger,
      storyContent: "Log in at http://phish.example/login",
    });
    // Typing an invited address without its link is no proof either.
    await answerForm(campaign.publicId, {
      contributorName: "Robert",
      contributorEmail: email,
      storyContent: "Not really Robert.",
    });
    expect(sentTo(stranger)).toHaveLength(0);
    expect(outboxTo(stranger)).toHaveLength(0);
    expect(outboxTo(email)).toHaveLength(0);
    expect(db.select().from(contributions).where(eq(contributions.campaignId, campaign.id)).all()).toHaveLength(2);
    expect(invitationRow(inv.id).status).toBe("sent");
  });

  it("leads to a thank-you page that keeps the personal link and shows the copy, only within its collection and for a day", async () => {
    const { inv, email, campaign } = sentInvitation();
    const location = new URL(
      await answerForm(campaign.publicId, {
        contributorName: "Aunt Mae",
        contributorEmail: email,
        storyContent: "The lake, 1962.",
        t: inv.token,
      }),
      "http://localhost",
    );
    expect(location.searchParams.get("t")).toBe(inv.token);
    const receipt = location.searchParams.get("receipt")!;
    const sent = async (publicId: string, value: string) => {
      const response = await callRoute(
        contribute.loader as never,
        makeRequest(`/contribute/${publicId}?${new URLSearchParams({ submitted: "1", receipt: value })}`),
        { publicId },
      );
      return ((await response.json()) as { sent: unknown }).sent;
    };
    expect(await sent(campaign.publicId, receipt)).toEqual({
      name: "Aunt Mae",
      text: "The lake, 1962.",
      photos: [],
      recording: null,
    });
    // Another collection's page, a receipt with another story's id, and the same link a day later show no copy.
    const other = sentInvitation();
    expect(await sent(other.campaign.publicId, receipt)).toBeNull();
    const storyId = receipt.split(".")[0]!;
    const otherStory = db
      .insert(contributions)
      .values({ campaignId: campaign.id, storyContent: "Someone else's.", submissionMethod: "web" })
      .returning()
      .get();
    expect(await sent(campaign.publicId, receipt.replace(storyId, otherStory.id))).toBeNull();
    loop.clock.setClock(new Date(Date.now() + DAY + 60_000));
    expect(await sent(campaign.publicId, receipt)).toBeNull();
  });

  it("a bot filling the honeypot stores nothing and thanks nobody", async () => {
    const { email, campaign, inv } = sentInvitation();
    await answerForm(campaign.publicId, {
      contributorName: "Bot",
      contributorEmail: email,
      storyContent: "Spam.",
      t: inv.token,
      website: "http://spam.example",
    });
    expect(outboxTo(email)).toHaveLength(0);
  });
});

describe("reminders", () => {
  async function weeklyCollection() {
    loop.clock.setClock(new Date("2027-01-31T10:00:00Z"));
    const made = makeCollection({
      emails: [
        `a-${randomUUID()}@example.com`,
        `b-${randomUUID()}@example.com`,
        `c-${randomUUID()}@example.com`,
        `d-${randomUUID()}@example.com`,
      ],
    });
    db.insert(workflowSettings).values({ ownerId: made.owner.id, collectionMode: "weekly", maxReminders: 3 }).run();
    await loop.invitationsJob.dispatchDueInvitations();
    return made;
  }

  it("skip a relative who answered by e-mail, by the form or with a story written straight to the table; automatic mail does not count", async () => {
    const {
      campaign,
      invitations: [byMail, byForm, written, away],
    } = await weeklyCollection();
    await postReply(loop, byMail!.token, { from: byMail!.email, bodyPlain: "My story by e-mail." });
    await answerForm(campaign.publicId, {
      contributorName: "B",
      contributorEmail: byForm!.email,
      storyContent: "My story on the form.",
      t: byForm!.token,
    });
    db.insert(contributions)
      .values({
        campaignId: campaign.id,
        invitationId: written!.id,
        contributorEmail: written!.email,
        storyContent: "Written by an import.",
        submissionMethod: "web",
      })
      .run();
    await postReply(loop, away!.token, {
      from: away!.email,
      subject: "Out of office",
      bodyPlain: "I am away.",
      headers: { "Auto-Submitted": "auto-replied" },
    });

    loop.clock.advanceClock(8 * DAY);
    await loop.remindersJob.sendDueReminders();
    expect(reminded(byMail!.email)).toHaveLength(0);
    expect(reminded(byForm!.email)).toHaveLength(0);
    expect(reminded(written!.email)).toHaveLength(0);
    expect(reminded(away!.email)).toHaveLength(1);
  });
});
