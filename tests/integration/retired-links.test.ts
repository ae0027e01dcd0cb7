// Invitation tokens found in stored e-mail are replaced once (decision 0190): the old answer-form and
// unsubscribe links no longer act and offer a fresh link, mailed to the invitee only, once a day; the
// old reply address still takes a reply from the invitee's own mailbox, and refuses any other.
import { randomUUID } from "node:crypto";
import {
  contributions,
  emailOutbox,
  emptyReplies,
  invitations,
  oneTimeSteps,
  retiredInvitationTokens,
} from "#db/schema";
import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";

import { signedInboundForm, webhookSigningKey } from "~/features/contributions/mailgun-webhook.server";
import { replyAddressFor } from "~/features/contributions/reply-address.server";
import { retireTokensInStoredEmail } from "~/features/contributions/retired-links.server";
import { db } from "~/lib/db.server";
import { loader as contributeLoader } from "~/routes/_public+/contribute.$publicId";
import { action as freshLinkAction, loader as freshLinkLoader } from "~/routes/_public+/fresh-link.$token";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/_public+/unsubscribe.$token";
import { action as inboundAction } from "~/routes/webhooks+/mailgun.inbound";

import { makeCollection, unsubscribePathOf } from "../support/email-loop";
import { quotedInvitationReply } from "../utils/private-links-helpers";

const emails = ["robert@example.com", "june@example.com", "ada@example.com", "walt@example.com"];
let family: ReturnType<typeof makeCollection>;
const old: Record<string, string> = {};
const invitationOf = (email: string) =>
  db
    .select()
    .from(invitations)
    .where(eq(invitations.campaignId, family.campaign.id))
    .all()
    .find((i) => i.email === email)!;
const args = (url: string, params: Record<string, string>, init?: RequestInit) => ({
  request: new Request(`http://localhost${url}`, init),
  params,
  context: {},
});
const post = {
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: "",
};

beforeAll(() => {
  family = makeCollection({
    emails,
    title: `Bees and Winters ${randomUUID().slice(0, 4)}`,
  });
  for (const i of family.invitations) old[i.email] = i.token;
  const [robert, june, ada] = family.invitations
    .filter((i) => emails.slice(0, 3).includes(i.email))
    .sort((a, b) => emails.indexOf(a.email) - emails.indexOf(b.email));
  const reply = (token: string) =>
    quotedInvitationReply("Grandpa kept bees.", {
      ownerName: "Margaret Whitfield",
      campaignTitle: family.campaign.title,
      prompt: family.campaign.prompt,
      publicId: family.campaign.publicId,
      token,
    });
  const story = {
    campaignId: family.campaign.id,
    submissionMethod: "email" as const,
  };
  // Robert's reply quotes his invitation; June's was edited by the owner after; Ada's reply had no words.
  db.insert(contributions)
    .values({
      ...story,
      invitationId: robert!.id,
      storyContent: reply(robert!.token),
    })
    .run();
  db.insert(contributions)
    .values({
      ...story,
      invitationId: june!.id,
      storyContent: "The lake froze.",
      originalStoryContent: reply(june!.token),
    })
    .run();
  db.insert(emptyReplies)
    .values({
      campaignId: family.campaign.id,
      invitationId: ada!.id,
      content: reply(ada!.token),
    })
    .run();
});

describe("retiring tokens found in stored e-mail", () => {
  test("each quoted invitation gets a new random token and keeps the old one as retired, once", () => {
    expect(retireTokensInStoredEmail()).toBe(3);
    for (const email of emails.slice(0, 3)) {
      const now = invitationOf(email);
      expect(now.token).not.toBe(old[email]);
      expect(now.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(
        db
          .select()
          .from(retiredInvitationTokens)
          .where(eq(retiredInvitationTokens.invitationId, now.id))
          .all()
          .map((r) => r.token),
      ).toEqual([old[email]]);
    }
    // Walt's invitation was never quoted: his links stay as they are.
    expect(invitationOf("walt@example.com").token).toBe(old["walt@example.com"]);
    // Done once: later replies quoting the new links are stored as they come; outputs never print them.
    expect(retireTokensInStoredEmail()).toBe(0);
    // Stopped before it was recorded, a second run finds nothing left: a replaced token is in no text.
    db.delete(oneTimeSteps).run();
    expect(retireTokensInStoredEmail()).toBe(0);
  });

  test("the old answer-form link shows the replaced page; its button mails the invitee's current link, once a day", async () => {
    const token = old["robert@example.com"]!;
    const page = (await contributeLoader(
      args(`/contribute/${family.campaign.publicId}?t=${token}`, {
        publicId: family.campaign.publicId,
      }),
    )) as { replaced: { token: string } | null; token: string };
    expect(page.replaced).toEqual({ token });
    expect(page.token).toBe("");
    expect(await freshLinkLoader(args(`/fresh-link/${token}`, { token }))).toMatchObject({
      campaignTitle: family.campaign.title,
    });

    const sent = () =>
      db
        .select()
        .from(emailOutbox)
        .where(like(emailOutbox.dedupeKey, `fresh-link:${invitationOf("robert@example.com").id}:%`))
        .all();
    expect(await freshLinkAction(args(`/fresh-link/${token}`, { token }, post))).toEqual({ sent: true });
    expect(await freshLinkAction(args(`/fresh-link/${token}`, { token }, post))).toEqual({ sent: true });
    const mails = sent();
    expect(mails).toHaveLength(1);
    const current = invitationOf("robert@example.com").token;
    expect(mails[0]).toMatchObject({
      to: "robert@example.com",
      replyTo: replyAddressFor(current),
    });
    expect(mails[0]!.text).toContain(`/contribute/${family.campaign.publicId}?t=${current}`);
    expect(mails[0]!.text).toContain(unsubscribePathOf(family.campaign.id, "robert@example.com")!);
    expect(mails[0]!.text).not.toContain(token);
    // A token that was never an invitation's answers 404, as before.
    await expect(
      freshLinkAction(args("/fresh-link/nope-not-a-token", { token: "nope-not-a-token" }, post)),
    ).rejects.toMatchObject({ status: 404 });
  });

  test("the old unsubscribe link no longer unsubscribes; it offers a fresh link", async () => {
    const token = old["june@example.com"]!;
    expect(await unsubscribeLoader(args(`/unsubscribe/${token}`, { token }))).toMatchObject({ replaced: { token } });
    const answer = (await unsubscribeAction(args(`/unsubscribe/${token}`, { token }, post))) as unknown as {
      init: { status: number };
    };
    expect(answer.init.status).toBe(410);
    expect(invitationOf("june@example.com").status).not.toBe("unsubscribed");
    // The current link still works.
    const current = invitationOf("june@example.com").token;
    expect(await unsubscribeAction(args(`/unsubscribe/${current}`, { token: current }, post))).toEqual({ done: true });
    expect(invitationOf("june@example.com").status).toBe("unsubscribed");
  });

  test("the old reply address takes a reply from the invitee's own address and refuses any other", async () => {
    const token = old["ada@example.com"]!;
    const inbound = async (from: string) => {
      const form = signedInboundForm(
        {
          recipient: replyAddressFor(token),
          from,
          subject: "Re: Bees",
          bodyPlain: "The orchard was ours.",
          messageId: `<${randomUUID()}@mail.example.com>`,
        },
        webhookSigningKey()!,
        new Date(),
      );
      const response = await inboundAction({
        request: new Request("http://localhost/webhooks/mailgun/inbound", {
          method: "POST",
          body: form,
        }),
        params: {},
        context: {},
      });
      return response.status;
    };
    const storiesOfAda = () =>
      db
        .select()
        .from(contributions)
        .where(eq(contributions.invitationId, invitationOf("ada@example.com").id))
        .all();
    expect(await inbound("Someone Else <finder@example.net>")).toBe(406);
    expect(storiesOfAda()).toHaveLength(0);
    expect(await inbound("Ada Whitfield <Ada@Example.com>")).toBe(200);
    expect(storiesOfAda().map((s) => s.storyContent)).toEqual(["The orchard was ours."]);
  });
});
