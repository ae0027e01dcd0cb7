import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { contributionAttachments, contributions, invitations } from "#db/schema";
import { action } from "~/routes/webhooks+/mailgun.inbound";
import { setClock } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { signedInboundForm, webhookSigningKey, type InboundMessage } from "~/features/contributions/mailgun-webhook.server";
import { replyAddressFor } from "~/features/contributions/reply-address.server";
import { getStorage } from "~/lib/storage/storage.server";
import { makeCollection } from "../support/email-loop";

afterEach(() => setClock(null));

const key = () => webhookSigningKey()!;
const post = async (body: BodyInit, headers: Record<string, string> = {}) => {
  const response = await action({ request: new Request("http://localhost/webhooks/mailgun/inbound", { method: "POST", body, headers }), params: {}, context: {} });
  return { status: response.status, body: (await response.json()) as { message: string } };
};

function reply(overrides: Partial<InboundMessage> = {}) {
  const { invitations: [inv], campaign } = makeCollection({ emails: ["robert@example.com"] });
  const message: InboundMessage = {
    recipient: replyAddressFor(inv!.token),
    from: "Robert Whitfield <Robert@Example.com>",
    subject: "Re: Summers at the Lake",
    bodyPlain: "We drove the old Ford to Lake Tahoe.\n\nOn Tue, Nov 3, 2026 at 9:14 AM Margaret <m@example.com> wrote:\n> What is your favourite trip?",
    messageId: `<${Math.random().toString(36).slice(2)}@mail.example.com>`,
    ...overrides,
  };
  return { inv: inv!, campaign, message };
}
const storiesOf = (campaignId: string) => db.select().from(contributions).where(eq(contributions.campaignId, campaignId)).all();

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

  it("keeps image attachments (checked by their bytes) and drops the rest", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const { campaign, message } = reply({
      attachments: [new File([png], "lake.png", { type: "image/png" }), new File(["MZ not an image"], "virus.jpg", { type: "image/jpeg" })],
    });
    expect((await post(signedInboundForm(message, key(), new Date()))).status).toBe(200);
    const [story] = storiesOf(campaign.id);
    const files = db.select().from(contributionAttachments).where(eq(contributionAttachments.contributionId, story!.id)).all();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ fileName: "lake.png", contentType: "image/png", size: png.length });
    expect(await getStorage().size(files[0]!.storageKey)).toBe(png.length);
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
    const replay = signedInboundForm({ ...message, messageId: "<other@mail.example.com>", bodyPlain: "A second story" }, key(), new Date(), "token-replayed-once-1234567890");
    expect((await post(replay)).status).toBe(406);
    expect(storiesOf(campaign.id)).toHaveLength(1);
  });

  it("unknown recipients store nothing; oversized posts get 413", async () => {
    const { message } = reply({ recipient: "reply+doesnotexist12345@mg.example.com" });
    const before = db.select().from(contributions).all().length;
    expect((await post(signedInboundForm(message, key(), new Date()))).status).toBe(406);
    expect(db.select().from(contributions).all().length).toBe(before);
    const huge = await post("x", { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(30 * 1024 * 1024) });
    expect(huge.status).toBe(413);
  });

  it("checks the timestamp against the app clock", async () => {
    const { campaign, message } = reply();
    setClock(new Date("2030-01-01T00:00:00Z"));
    expect((await post(signedInboundForm(message, key(), new Date("2030-01-01T00:03:00Z")))).status).toBe(200);
    expect(storiesOf(campaign.id)).toHaveLength(1);
  });
});
