// Nothing a relative e-mails is dropped silently (decision 0213): through the signed inbound webhook,
// with the fake Mailgun showing what leaves. Every attachment is kept (photo, recording, document,
// a forwarded message's words and files) or refused with a reason: the relative gets one kind note
// per reply, the owner reads the same list on the story card or on the reply kept without a story.
import { contributionAttachments, contributionDocuments, contributions, emailOutbox, emptyReplies } from "#db/schema";
import { eq } from "drizzle-orm";
import MailComposer from "nodemailer/lib/mail-composer";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "~/lib/db.server";

import { postReply, sentInvitation, startMailLoop, textOf } from "../support/email-loop";

let loop: Awaited<ReturnType<typeof startMailLoop>>;
let replyAddressFor: typeof import("~/features/contributions/reply-address.server").replyAddressFor;
let cards: typeof import("~/features/contributions/story-cards.server");
let storage: typeof import("~/lib/storage/storage.server");

beforeAll(async () => {
  loop = await startMailLoop();
  ({ replyAddressFor } = await import("~/features/contributions/reply-address.server"));
  cards = await import("~/features/contributions/story-cards.server");
  storage = await import("~/lib/storage/storage.server");
});
afterAll(() => loop.fake.close());

const MB = 1024 * 1024;
/** A real photo of 12 MB (noise does not compress): over the old 10 MB rule, under what a message holds. */
const bigPhoto = () =>
  sharp({
    create: {
      width: 2048,
      height: 2048,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 80 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
/** A JPEG's first bytes and then 19 MB: a photo too large for any e-mail to bring whole. */
const hugePhoto = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(19 * MB)]);
/** A .docx is a zip: its first bytes are all the check reads (documents are kept as sent). */
const docx = () => Buffer.concat([Buffer.from("PK\x03\x04"), Buffer.from("word/document.xml".padEnd(400, " "))]);

async function eml(options: ConstructorParameters<typeof MailComposer>[0]) {
  return new MailComposer(options).compile().build();
}

const sentTo = (address: string) =>
  loop.fake.requests.filter((r) => r.path.endsWith("/messages") && r.field("to") === address);
const refusalsTo = (address: string) =>
  sentTo(address).filter((r) => /didn't come through/.test(r.field("subject") ?? ""));

const storyOf = (invitationId: string) =>
  db.select().from(contributions).where(eq(contributions.invitationId, invitationId)).get();
const cardOf = (campaignId: string) => cards.listStoryCards(campaignId, { limit: 10, offset: 0 })[0]!;

describe("a reply's attachments", () => {
  it("a 12 MB photo is kept, re-encoded, with the words", async () => {
    const { inv, email, campaign } = sentInvitation();
    const words = "The lake at dawn, the summer Dad built the dock.";
    await postReply(loop, inv.token, {
      from: `Robert Whitfield <${email}>`,
      bodyPlain: words,
      attachments: [new File([await bigPhoto()], "dock.png", { type: "image/png" })],
    });
    const story = storyOf(inv.id)!;
    expect(story.storyContent).toBe(words);
    const photos = db
      .select()
      .from(contributionAttachments)
      .where(eq(contributionAttachments.contributionId, story.id))
      .all();
    expect(photos.map((p) => p.fileName)).toEqual(["dock.jpg"]);
    expect(refusalsTo(email)).toHaveLength(0);
    expect(cardOf(campaign.id).refusedNote).toBeNull();
  });

  it("a 19 MB photo is refused with both notices; the words are stored", async () => {
    const { inv, email, campaign } = sentInvitation();
    const words = "The whole lake from the hill, as wide as I could take it.";
    await postReply(loop, inv.token, {
      from: `Robert Whitfield <${email}>`,
      bodyPlain: words,
      attachments: [new File([hugePhoto()], "panorama.jpg", { type: "image/jpeg" })],
    });
    expect(storyOf(inv.id)!.storyContent).toBe(words);

    const refusals = refusalsTo(email);
    expect(refusals).toHaveLength(1);
    const text = textOf(refusals[0]!);
    expect(text).toContain("panorama.jpg (too large, the limit is 18 MB)");
    expect(text).toContain("choose a smaller size");
    expect(refusals[0]!.headers["Auto-Submitted"]).toBe("auto-replied");
    expect(refusals[0]!.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/127\.0\.0\.1:3999\/unsubscribe\//);
    expect(refusals[0]!.headers["Reply-To"]).toBe(replyAddressFor(inv.token));
    expect(cardOf(campaign.id).refusedNote).toBe(
      "1 attachment did not come through: panorama.jpg (too large, the limit is 18 MB)",
    );
  });

  it("a .docx is kept as a document to download; a program and a video are refused", async () => {
    const { inv, email, campaign } = sentInvitation();
    await postReply(loop, inv.token, {
      from: email,
      bodyPlain: "Grandma's recipe for plum cake is attached.",
      attachments: [
        new File([docx()], "Plum cake.docx", {
          type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        }),
        new File(["MZ\x90\x00 a program"], "setup.exe", { type: "application/octet-stream" }),
        new File(["not a playable video at all"], "holiday.mov", { type: "video/quicktime" }),
      ],
    });
    const story = storyOf(inv.id)!;
    const documents = db
      .select()
      .from(contributionDocuments)
      .where(eq(contributionDocuments.contributionId, story.id))
      .all();
    expect(documents).toMatchObject([{ fileName: "Plum cake.docx", size: docx().length }]);
    expect(await storage.getStorage().size(documents[0]!.storageKey)).toBe(docx().length);

    const card = cardOf(campaign.id);
    expect(card.documents).toEqual([
      {
        id: documents[0]!.id,
        url: `/campaigns/${campaign.id}/documents/${documents[0]!.id}`,
        fileName: "Plum cake.docx",
        sizeLabel: "404 B",
      },
    ]);
    expect(card.refusedNote).toBe(
      "2 attachments did not come through: setup.exe (a kind of file we do not keep), holiday.mov (a kind of file we do not keep)",
    );
    const refusals = refusalsTo(email);
    expect(refusals).toHaveLength(1);
    expect(textOf(refusals[0]!)).toContain(
      "- setup.exe (a kind of file we do not keep)\n- holiday.mov (a kind of file we do not keep)",
    );
    expect(textOf(refusals[0]!)).toContain("is kept with the family's stories");
  });

  it("a forwarded .eml keeps its words after the relative's, marked; its files follow the same rule", async () => {
    const { inv, email, campaign } = sentInvitation();
    const forwarded = await eml({
      from: "Aunt Rosa <rosa@example.com>",
      to: email,
      subject: "The summer of 1962",
      text: "We rowed across to the island and Uncle Joe lost his hat.",
      attachments: [
        { filename: "menu.pdf", content: Buffer.from("%PDF-1.4\n% a menu\n") },
        { filename: "archive.zip", content: Buffer.from("PK\x03\x04 zipped things") },
      ],
    });
    await postReply(loop, inv.token, {
      from: email,
      bodyPlain: "Rosa wrote this to me years ago; it belongs with the others.",
      attachments: [new File([new Uint8Array(forwarded)], "The summer of 1962.eml", { type: "message/rfc822" })],
    });
    const story = storyOf(inv.id)!;
    expect(story.forwarded).toEqual([
      {
        from: "Aunt Rosa",
        subject: "The summer of 1962",
        text: "We rowed across to the island and Uncle Joe lost his hat.",
        inline: false,
      },
    ]);
    const card = cardOf(campaign.id);
    expect(card.story).toBe("Rosa wrote this to me years ago; it belongs with the others.");
    expect(card.forwarded).toEqual([
      {
        label: "Forwarded message from Aunt Rosa (The summer of 1962)",
        text: "We rowed across to the island and Uncle Joe lost his hat.",
      },
    ]);
    expect(card.documents.map((d) => d.fileName)).toEqual(["menu.pdf"]);
    expect(card.refusedNote).toBe("1 attachment did not come through: archive.zip (a kind of file we do not keep)");
    // Everything the family reads and hears has the forwarded words after the relative's own.
    const { familyStoryText } = await import("~/features/contributions/story-text");
    expect(familyStoryText(story)).toBe(
      "Rosa wrote this to me years ago; it belongs with the others.\n\nForwarded message from Aunt Rosa (The summer of 1962):\nWe rowed across to the island and Uncle Joe lost his hat.",
    );
    expect(refusalsTo(email)).toHaveLength(1);
    expect(textOf(refusalsTo(email)[0]!)).toContain("archive.zip (a kind of file we do not keep)");
  });

  it("an inline forward's words are kept too, not cut as quoted history", async () => {
    const { inv, email, campaign } = sentInvitation();
    await postReply(loop, inv.token, {
      from: email,
      bodyPlain: [
        "Mum sent me this one.",
        "",
        "---------- Forwarded message ---------",
        "From: June Porter <june@example.com>",
        "Date: Sat, 2 Aug 2025 at 10:00",
        "Subject: The fishing trip",
        "To: <robert@example.com>",
        "",
        "Your grandfather caught nothing all day and still called it the best trip.",
      ].join("\n"),
    });
    const card = cardOf(campaign.id);
    expect(card.story).toBe("Mum sent me this one.");
    expect(card.forwarded).toEqual([
      {
        label: "Forwarded message from June Porter (The fishing trip)",
        text: "Your grandfather caught nothing all day and still called it the best trip.",
      },
    ]);
    expect(refusalsTo(email)).toHaveLength(0);
  });

  it("a reply with only refused files and no words reaches the owner as a note, not a story made of nothing; one note to the relative, also when delivered twice", async () => {
    const { inv, email, campaign } = sentInvitation();
    const message = await postReply(loop, inv.token, {
      from: email,
      bodyPlain:
        "\n\nOn Tue, Nov 3, 2026 at 9:14 AM Margaret Whitfield <margaret@example.com> wrote:\n> What is your favourite family trip?",
      attachments: [new File(["not a playable video"], "holiday.mov", { type: "video/quicktime" })],
    });
    await postReply(loop, inv.token, message);
    expect(storyOf(inv.id)).toBeUndefined();
    const kept = db.select().from(emptyReplies).where(eq(emptyReplies.invitationId, inv.id)).all();
    expect(kept).toHaveLength(1);
    expect(kept[0]!.refusedAttachments).toEqual([{ name: "holiday.mov", reason: "notKept", size: 20 }]);
    expect(cards.listEmptyReplyCards(campaign.id)[0]!.refusedNote).toBe(
      "1 attachment did not come through: holiday.mov (a kind of file we do not keep)",
    );
    const refusals = refusalsTo(email);
    expect(refusals).toHaveLength(1);
    expect(textOf(refusals[0]!)).toContain("Your e-mail reached us, but this attachment could not be kept:");
    // The refusal is the one note: no second e-mail saying no words were found.
    expect(sentTo(email)).toHaveLength(1);
    expect(
      db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.to, email))
        .all()
        .map((r) => r.kind),
    ).toEqual(["attachments_refused"]);
  });

  it("past 20 files, the rest are refused as too many", async () => {
    const { inv, email, campaign } = sentInvitation();
    const notes = Array.from(
      { length: 21 },
      (_, i) => new File([`Note ${i + 1}`], `note-${i + 1}.txt`, { type: "text/plain" }),
    );
    await postReply(loop, inv.token, {
      from: email,
      bodyPlain: "All my notes from the lake house.",
      attachments: notes,
    });
    const card = cardOf(campaign.id);
    expect(card.documents).toHaveLength(20);
    expect(card.refusedNote).toBe(
      "1 attachment did not come through: note-21.txt (one file too many: up to 20 come with one e-mail)",
    );
    expect(refusalsTo(email)).toHaveLength(1);
  });
});
