import { contacts, contributionAttachments, contributions, emailOutbox, emptyReplies, invitations } from "#db/schema";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

import {
  signedInboundForm,
  webhookSigningKey,
  type InboundMessage,
} from "~/features/contributions/mailgun-webhook.server";
import { stripQuotedReply } from "~/features/contributions/quote-strip";
import { replyAddressFor } from "~/features/contributions/reply-address.server";
import { setClock } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { getStorage } from "~/lib/storage/storage.server";
import { action } from "~/routes/webhooks+/mailgun.inbound";

import { makeCollection } from "../support/email-loop";

afterEach(() => setClock(null));

const key = () => webhookSigningKey()!;
const post = async (body: BodyInit, headers: Record<string, string> = {}) => {
  const response = await action({
    request: new Request("http://localhost/webhooks/mailgun/inbound", { method: "POST", body, headers }),
    params: {},
    context: {},
  });
  return { status: response.status, body: (await response.json()) as { message: string } };
};

function reply(overrides: Partial<InboundMessage> = {}) {
  const {
    invitations: [inv],
    campaign,
  } = makeCollection({ emails: ["robert@example.com"] });
  const message: InboundMessage = {
    recipient: replyAddressFor(inv!.token),
    from: "Robert Whitfield <Robert@Example.com>",
    subject: "Re: Summers at the Lake",
    bodyPlain:
      "We drove the old Ford to Lake Tahoe.\n\nOn Tue, Nov 3, 2026 at 9:14 AM Margaret <m@example.com> wrote:\n> What is your favourite trip?",
    messageId: `<${Math.random().toString(36).slice(2)}@mail.example.com>`,
    ...overrides,
  };
  return { inv: inv!, campaign, message };
}
// A real 1×1 PNG: photos are decoded and written again on arrival, so made-up bytes are dropped.
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const storiesOf = (campaignId: string) =>
  db.select().from(contributions).where(eq(contributions.campaignId, campaignId)).all();

describe("Mailgun inbound webhook", () => {
  it("a signed reply becomes an 'Email Reply' story with the full content kept", async () => {
    const { inv, campaign, message } = reply();
    const result = await post(signedInboundForm(message, key(), new Date()));
    expect(result.status).toBe(200);
    const [story] = storiesOf(campaign.id);
    expect(story).toMatchObject({
      submissionMethod: "email",
      contributorName: "Robert Whitfield",
      contributorEmail: "robert@example.com",
      storyContent: message.bodyPlain,
      invitationId: inv.id,
      messageId: message.messageId,
    });
    expect(db.select().from(invitations).where(eq(invitations.id, inv.id)).get()?.status).toBe("answered");
  });

  it("the same message delivered twice is stored once", async () => {
    const { campaign, message } = reply();
    expect((await post(signedInboundForm(message, key(), new Date()))).status).toBe(200);
    expect((await post(signedInboundForm(message, key(), new Date()))).status).toBe(200);
    expect(storiesOf(campaign.id)).toHaveLength(1);
  });

  it("keeps image attachments (checked by their bytes, re-encoded) and drops the rest", async () => {
    const { campaign, message } = reply({
      attachments: [
        new File([png], "lake.png", { type: "image/png" }),
        new File(["MZ not an image"], "virus.jpg", { type: "image/jpeg" }),
      ],
    });
    expect((await post(signedInboundForm(message, key(), new Date()))).status).toBe(200);
    const [story] = storiesOf(campaign.id);
    const files = db
      .select()
      .from(contributionAttachments)
      .where(eq(contributionAttachments.contributionId, story!.id))
      .all();
    expect(files).toHaveLength(1);
    // Its pixel is half transparent, so it stays PNG (photo-reencode.test.ts has the rest of the rule).
    expect(files[0]).toMatchObject({ fileName: "lake.png", contentType: "image/png" });
    expect(await getStorage().size(files[0]!.storageKey)).toBe(files[0]!.size);
  });

  // Mail clients may put raw control bytes in a name; refusing the post would make Mailgun retry, then drop the reply.
  it("an attachment whose file name holds a raw control byte is kept with the byte made a space, the reply stored", async () => {
    const { campaign, message } = reply({
      attachments: [new File([png], "lake\x01at dawn\x7f.png", { type: "image/png" })],
    });
    expect((await post(signedInboundForm(message, key(), new Date()))).status).toBe(200);
    const [story] = storiesOf(campaign.id);
    expect(story).toMatchObject({ storyContent: message.bodyPlain });
    const files = db
      .select()
      .from(contributionAttachments)
      .where(eq(contributionAttachments.contributionId, story!.id))
      .all();
    expect(files.map((file) => file.fileName)).toEqual(["lake at dawn.png"]);
  });

  it("forged, stale, replayed and malformed posts store nothing", async () => {
    const { campaign, message } = reply();
    const forged = signedInboundForm(message, "not-the-key", new Date());
    expect((await post(forged)).status).toBe(401);

    const stale = signedInboundForm(message, key(), new Date(Date.now() - 10 * 60_000));
    expect((await post(stale)).status).toBe(401);

    const tampered = signedInboundForm(message, key(), new Date());
    tampered.set("timestamp", String(Number(tampered.get("timestamp")) + 1));
    expect((await post(tampered)).status).toBe(401);

    const unsigned = signedInboundForm(message, key(), new Date());
    unsigned.delete("signature");
    expect((await post(unsigned)).status).toBe(400);

    expect((await post("not a form", { "Content-Type": "multipart/form-data; boundary=zzz" })).status).toBe(400);
    expect(storiesOf(campaign.id)).toHaveLength(0);

    // A replayed token stores nothing, even for a different message.
    const first = signedInboundForm(message, key(), new Date(), "token-replayed-once-1234567890");
    expect((await post(first)).status).toBe(200);
    const replay = signedInboundForm(
      { ...message, messageId: "<other@mail.example.com>", bodyPlain: "A second story" },
      key(),
      new Date(),
      "token-replayed-once-1234567890",
    );
    expect((await post(replay)).status).toBe(406);
    expect(storiesOf(campaign.id)).toHaveLength(1);
  });

  it("unknown recipients store nothing; oversized posts get 413", async () => {
    const { message } = reply({ recipient: "reply+doesnotexist12345@mg.example.com" });
    const before = db.select().from(contributions).all().length;
    expect((await post(signedInboundForm(message, key(), new Date()))).status).toBe(406);
    expect(db.select().from(contributions).all().length).toBe(before);
    const huge = await post("x", {
      "Content-Type": "multipart/form-data; boundary=x",
      "Content-Length": String(30 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
  });

  it("checks the timestamp against the app clock", async () => {
    const { campaign, message } = reply();
    setClock(new Date("2030-01-01T00:00:00Z"));
    expect((await post(signedInboundForm(message, key(), new Date("2030-01-01T00:03:00Z")))).status).toBe(200);
    expect(storiesOf(campaign.id)).toHaveLength(1);
  });
});

describe("replies without a text part, without a story, or from another address", () => {
  const notesTo = (address: string) =>
    db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, address), eq(emailOutbox.kind, "empty_reply_note")))
      .all();
  const emptyRepliesOf = (campaignId: string) =>
    db.select().from(emptyReplies).where(eq(emptyReplies.campaignId, campaignId)).all();

  it("an HTML-only reply is read as text: paragraphs kept, entities decoded, the quoted thread stripped for display", async () => {
    const { campaign, message } = reply({
      bodyPlain: undefined,
      bodyHtml: `<div dir="ltr"><div>We drove the old Ford to Lake&nbsp;Tahoe &amp; back.</div><div><br></div><div>Dad sang all the way.</div></div><br>
        <div class="gmail_quote"><div class="gmail_attr">On Tue, Nov 3, 2026 at 9:14 AM Margaret &lt;m@example.com&gt; wrote:<br></div>
        <blockquote class="gmail_quote"><div>What is your favourite trip?</div></blockquote></div>`,
    });
    const result = await post(signedInboundForm(message, key(), new Date()));
    expect(result.status).toBe(200);
    const [story] = storiesOf(campaign.id);
    expect(story!.storyContent).toContain("> What is your favourite trip?");
    expect(stripQuotedReply(story!.storyContent)).toBe(
      "We drove the old Ford to Lake Tahoe & back.\n\nDad sang all the way.",
    );
    expect(emptyRepliesOf(campaign.id)).toHaveLength(0);
  });

  it("a reply with nothing usable is kept for the owner, is no story, and its sender gets one kind note", async () => {
    const { inv, campaign, message } = reply({
      bodyPlain:
        "Sent from my iPhone\n\nOn Tue, Nov 3, 2026 at 9:14 AM Margaret <m@example.com> wrote:\n> What is your favourite trip?",
    });
    const result = await post(signedInboundForm(message, key(), new Date()));
    expect(result.status).toBe(200);
    expect(storiesOf(campaign.id)).toHaveLength(0);
    expect(db.select().from(invitations).where(eq(invitations.id, inv.id)).get()?.status).not.toBe("answered");
    const [kept] = emptyRepliesOf(campaign.id);
    expect(kept).toMatchObject({
      invitationId: inv.id,
      contributorEmail: "robert@example.com",
      sentFrom: null,
      subject: "Re: Summers at the Lake",
      messageId: message.messageId,
    });
    expect(kept!.content).toContain("Sent from my iPhone");

    const [note] = notesTo("robert@example.com");
    expect(note).toMatchObject({
      replyTo: replyAddressFor(inv.token),
      subject: `We'd still love your story for "${campaign.title}"`,
    });
    expect(note!.text).toContain("Hi Robert Whitfield,");
    expect(note!.text).toContain("answering Margaret Whitfield's invitation");
    expect(note!.text).toContain("Just reply to this e-mail and write your story at the top");
    expect(note!.text).toContain(`/contribute/${campaign.publicId}?t=${inv.token}`);

    // Delivered again, and a second empty message the same day: still one row per message, one note.
    expect((await post(signedInboundForm(message, key(), new Date()))).status).toBe(200);
    expect(
      (
        await post(
          signedInboundForm(
            { ...message, messageId: "<second-empty@mail.example.com>", bodyPlain: "" },
            key(),
            new Date(),
          ),
        )
      ).status,
    ).toBe(200);
    expect(emptyRepliesOf(campaign.id)).toHaveLength(2);
    expect(notesTo("robert@example.com")).toHaveLength(1);
  });

  it("an empty HTML-only reply is kept, not refused; an automatic reply is kept but never answered", async () => {
    const { campaign, message } = reply({
      bodyPlain: undefined,
      bodyHtml: "<html><body><div><br></div></body></html>",
      from: "Out Of Office <ooo@example.com>",
      headers: { "Auto-Submitted": "auto-replied" },
    });
    expect((await post(signedInboundForm(message, key(), new Date()))).status).toBe(200);
    expect(emptyRepliesOf(campaign.id)).toHaveLength(1);
    expect(notesTo("ooo@example.com")).toHaveLength(0);
  });

  it("photos without words are a story with the photos and no text", async () => {
    const { campaign, message } = reply({
      bodyPlain: "On Tue, Nov 3, 2026 at 9:14 AM Margaret <m@example.com> wrote:\n> What is your favourite trip?",
      attachments: [new File([png], "lake.png", { type: "image/png" })],
    });
    expect((await post(signedInboundForm(message, key(), new Date()))).status).toBe(200);
    // Delivered twice: the story and its photo are stored once.
    expect((await post(signedInboundForm(message, key(), new Date()))).status).toBe(200);
    const [story] = storiesOf(campaign.id);
    expect(story!.storyContent).toBe("");
    expect(
      db.select().from(contributionAttachments).where(eq(contributionAttachments.contributionId, story!.id)).all(),
    ).toHaveLength(1);
    expect(emptyRepliesOf(campaign.id)).toHaveLength(0);
  });

  it("a reply to X's address from another address is X's answer, noting who sent it", async () => {
    const { inv, campaign, message } = reply({ from: "Grandpa Joe <joe@elsewhere.example>" });
    expect((await post(signedInboundForm(message, key(), new Date()))).status).toBe(200);
    const [story] = storiesOf(campaign.id);
    expect(story).toMatchObject({
      invitationId: inv.id,
      contributorEmail: "robert@example.com",
      contributorName: null,
      sentFrom: "Grandpa Joe <joe@elsewhere.example>",
    });

    // From X's own address (any case) nothing is noted and their name is kept.
    const own = reply({ from: "Robert Whitfield <ROBERT@example.com>" });
    await post(signedInboundForm(own.message, key(), new Date()));
    expect(storiesOf(own.campaign.id)[0]).toMatchObject({
      contributorName: "Robert Whitfield",
      contributorEmail: "robert@example.com",
      sentFrom: null,
    });
  });
});

describe("whose story a reply is (decision 0195)", () => {
  const named = (overrides: Partial<InboundMessage>, invitationName: string | null, contactName: string | null) => {
    const { inv, campaign, message } = reply(overrides);
    if (invitationName) db.update(invitations).set({ name: invitationName }).where(eq(invitations.id, inv.id)).run();
    if (contactName)
      db.insert(contacts)
        .values({ ownerId: campaign.ownerId, email: "robert@example.com", preferredName: contactName })
        .run();
    return { campaign, message };
  };
  const storyName = async (
    overrides: Partial<InboundMessage>,
    invitationName: string | null,
    contactName: string | null,
  ) => {
    const { campaign, message } = named(overrides, invitationName, contactName);
    expect((await post(signedInboundForm(message, key(), new Date()))).status).toBe(200);
    return storiesOf(campaign.id)[0]?.contributorName;
  };

  it("the owner's contact name, then the invitation's name, then the From display name", async () => {
    expect(await storyName({ from: "Rob W <robert@example.com>" }, "Uncle Robert", "Robert Whitfield")).toBe(
      "Robert Whitfield",
    );
    expect(await storyName({ from: "Rob W <robert@example.com>" }, "Uncle Robert", null)).toBe("Uncle Robert");
    expect(await storyName({ from: "Rob W <robert@example.com>" }, null, null)).toBe("Rob W");
    expect(await storyName({ from: "robert@example.com" }, null, null)).toBeNull();
  });

  it("from another address the invitee's known name is still theirs, the sender's is not", async () => {
    expect(await storyName({ from: "Grandpa Joe <joe@elsewhere.example>" }, "Uncle Robert", null)).toBe("Uncle Robert");
    expect(await storyName({ from: "Grandpa Joe <joe@elsewhere.example>" }, null, null)).toBeNull();
  });
});
