// Data for the XSS spec: every user-entered field filled with each hostile string of the corpus.
// One "world" per payload (an owner, a collection with a web-form story and an e-mail reply, its
// newsletter, podcast, share link, testimonial campaign, later its e-mails) for the pages that show
// one of a thing; a collector who owns one row per payload for the list pages; and admin rows.
// Stories arrive through the real public form and the real signed inbound webhook; the rest is
// written with the app's models or straight to the test database.
import { randomBytes, randomUUID } from "node:crypto";
import * as s from "#db/schema";
import { and, desc, eq } from "drizzle-orm";

import { sendAccountInvitation } from "~/features/account/account.server";
import { queueStoryRequest } from "~/features/contributions/invitations.server";
import { signedInboundForm, webhookSigningKey } from "~/features/contributions/mailgun-webhook.server";
import { replyAddressFor } from "~/features/contributions/reply-address.server";
import { deliverNewsletter } from "~/features/newsletters/delivery.server";
import { createNewsletter, updateNewsletter } from "~/features/newsletters/newsletters.server";
import { db } from "~/lib/db.server";
import { getStorage } from "~/lib/storage/storage.server";
import { createCampaign } from "~/models/campaign.server";
import { createContribution } from "~/models/contribution.server";
import { createPromptTemplate } from "~/models/prompt-template.server";
import { createShareLink } from "~/models/share-link.server";
import { createUser } from "~/models/user.server";

import { fieldValue, XSS_PAYLOADS, type XssPayload } from "../fixtures/xss-corpus";
import { FAKE_MP3 } from "../utils/newsletter-helpers";

/** Every user-entered field the corpus goes into, by the code its values end with. */
export const FIELDS = {
  fn: "user first name",
  ln: "user last name",
  ct: "collection title",
  cd: "collection description",
  cp: "collection prompt",
  wn: "contributor name (web form)",
  wt: "story heading (web form)",
  ws: "story text (web form)",
  ef: "reply sender (e-mail From)",
  et: "story heading (e-mail reply)",
  es: "story text (e-mail reply)",
  eq: "quoted text (e-mail reply)",
  nt: "newsletter title",
  ns: "newsletter subtitle",
  nf: "newsletter family name",
  pt: "podcast title",
  pd: "podcast description",
  tr: "podcast transcript",
  kp: "contact preferred name",
  kn: "contact notes",
  kt: "contact tag",
  gn: "contact group name",
  gd: "contact group description",
  tt: "testimonial campaign title",
  td: "testimonial campaign description",
  tq: "testimonial question",
  // Shown only at step 4 of the public flow, after a video; here it travels in the page's data.
  th: "testimonial question hint",
  rn: "testimonial respondent name",
  ra: "testimonial text answer",
  mn: "prompt template name",
  md: "prompt template description",
  ms: "prompt template text",
  an: "API key name",
  ad: "API key description",
  ai: "inviting administrator's name",
  rc: "inbound e-mail recipient (system error)",
  sq: "search text (reflected from the URL)",
} as const;
export type FieldCode = keyof typeof FIELDS;

export const v = (payload: XssPayload, field: FieldCode) => fieldValue(payload, field);

/** The e-mail reply as a mail client sends it: the story on top, the invitation quoted below. */
export const replyBody = (p: XssPayload) =>
  `${v(p, "et")}\n${v(p, "es")}\n\nOn Tue, Nov 3, 2026 at 9:14 AM Storyhearth <hello@storyhearth.local> wrote:\n> ${v(p, "eq")}\n> Please share a story`;
export const replyFrom = (p: XssPayload, address: string) => `"${v(p, "ef")}" <${address}>`;
export const webStory = (p: XssPayload) => `${v(p, "wt")}\n${v(p, "ws")}`;
export const transcriptOf = (p: XssPayload) => `Host: ${v(p, "tr")}\n\nGuest: ${v(p, "tr")}`;

const token = () => randomBytes(24).toString("base64url");
const email = (who: string) => `xss-${who}-${randomUUID()}@example.com`;

async function post(url: string, body: FormData | URLSearchParams) {
  const response = await fetch(url, { method: "POST", body, redirect: "manual" });
  if (response.status >= 400) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

async function storeAudio() {
  const key = `podcasts/xss-${randomUUID()}.mp3`;
  await getStorage().put(key, FAKE_MP3);
  return key;
}

/** One payload in every field of the things that are shown one at a time. */
async function buildPayloadWorld(p: XssPayload, baseURL: string) {
  const owner = await createUser({ email: email("owner"), firstName: v(p, "fn"), lastName: v(p, "ln"), role: "user" });
  // A date in the past: the collection is active (open for stories) and on the dashboard's schedule.
  const campaign = createCampaign(owner.id, {
    title: v(p, "ct"),
    description: v(p, "cd"),
    prompt: v(p, "cp"),
    inviteEmails: [],
    scheduledDate: new Date(Date.now() - 86_400_000),
  });
  const invitation = db
    .insert(s.invitations)
    .values({ campaignId: campaign.id, email: email("kin"), token: token(), status: "sent" })
    .returning()
    .get();

  // The public form, as a relative's browser posts it (no JavaScript needed).
  const web = new URLSearchParams({
    contributorName: v(p, "wn"),
    contributorEmail: email("web"),
    storyContent: webStory(p),
    t: invitation.token,
  });
  await post(`${baseURL}/contribute/${campaign.publicId}`, web);
  // The e-mail reply, as Mailgun posts it: signed, multipart, To the invitation's reply address.
  // From the invitee's own address, so the From name is the story's author on every page.
  const replyAddress = invitation.email;
  const reply = signedInboundForm(
    {
      recipient: replyAddressFor(invitation.token),
      from: replyFrom(p, replyAddress),
      subject: `Re: ${campaign.title}`,
      bodyPlain: replyBody(p),
      messageId: `<xss.${randomUUID()}@example.com>`,
    },
    webhookSigningKey()!,
    new Date(),
  );
  await post(`${baseURL}/webhooks/mailgun/inbound`, reply);

  const contributions = db.select().from(s.contributions).where(eq(s.contributions.campaignId, campaign.id)).all();
  const webStoryRow = contributions.find((c) => c.submissionMethod === "web");
  const emailStoryRow = contributions.find((c) => c.submissionMethod === "email");
  if (!webStoryRow || !emailStoryRow) throw new Error(`stories missing for ${p.id}`);

  const podcast = db
    .insert(s.podcasts)
    .values({
      ownerId: owner.id,
      campaignId: campaign.id,
      title: v(p, "pt"),
      description: v(p, "pd"),
      transcript: transcriptOf(p),
      status: "complete",
      duration: 245,
      audioKey: await storeAudio(),
      fileSize: FAKE_MP3.length,
      completedAt: new Date(),
    })
    .returning()
    .get();
  const share = await createShareLink(owner.id, podcast.id, { expiration: 7, password: "" });
  if (!("token" in share)) throw new Error("share link not created");

  const made = createNewsletter(owner.id, campaign.id);
  if (!made.ok) throw new Error(`newsletter not created: ${made.reason}`);
  updateNewsletter(owner.id, campaign.id, made.newsletter.id, {
    title: v(p, "nt"),
    subtitle: v(p, "ns"),
    familyName: v(p, "nf"),
  });
  const newsletter = db.select().from(s.newsletters).where(eq(s.newsletters.id, made.newsletter.id)).get()!;

  const testimonial = testimonialCampaign(p);

  return {
    payload: p,
    owner,
    campaign,
    invitation,
    replyAddress,
    webStory: webStoryRow,
    emailStory: emailStoryRow,
    podcast,
    shareToken: share.token,
    newsletter,
    testimonial,
  };
}
export type PayloadWorld = Awaited<ReturnType<typeof buildPayloadWorld>>;

const testimonialCampaign = (p: XssPayload) =>
  db
    .insert(s.testimonialCampaigns)
    .values({
      publicId: randomUUID(),
      title: v(p, "tt"),
      description: v(p, "td"),
      questions: [{ question: v(p, "tq"), helperText: v(p, "th") }],
    })
    .returning()
    .get();

/**
 * The e-mails of one world, written when the mailbox test starts so they are among the newest:
 * the invitation as the job writes it, the newsletter delivery and the account invitation.
 */
export async function sendWorldEmails(w: PayloadWorld) {
  const invitation = queueStoryRequest(
    "campaign_invitation",
    { invitation: w.invitation, campaign: w.campaign, owner: w.owner },
    `xss-invitation:${w.invitation.id}`,
  );
  if (!invitation) throw new Error("The world's invitee may not get the collection's mail");
  await deliverNewsletter(w.newsletter.id);
  await sendAccountInvitation(w.owner, v(w.payload, "ai"));
  const latest = (kind: string, to: string) =>
    db
      .select()
      .from(s.emailOutbox)
      .where(and(eq(s.emailOutbox.kind, kind), eq(s.emailOutbox.to, to)))
      .orderBy(desc(s.emailOutbox.createdAt))
      .get();
  const newsletter = latest("family_newsletter", w.invitation.email);
  const account = latest("account_invitation", w.owner.email);
  if (!newsletter || !account) throw new Error(`e-mails missing for ${w.payload.id}`);
  return { invitation, newsletter, account };
}

/** One owner with a row per payload in every list: collections, contacts, groups, podcasts. */
async function buildCollector() {
  const collector = await createUser({
    email: email("collector"),
    firstName: "Cora",
    lastName: "Collector",
    role: "user",
  });
  const contacts = [];
  const groups = [];
  for (const [i, p] of XSS_PAYLOADS.entries()) {
    db.insert(s.campaigns)
      .values({
        ownerId: collector.id,
        publicId: token(),
        title: v(p, "ct"),
        description: v(p, "cd"),
        prompt: v(p, "cp"),
        status: "active",
        sortOrder: i + 1,
      })
      .run();
    db.insert(s.podcasts)
      .values({ ownerId: collector.id, title: v(p, "pt"), description: v(p, "pd"), status: "complete", duration: 185 })
      .run();
    const contact = db
      .insert(s.contacts)
      .values({
        ownerId: collector.id,
        email: email("contact"),
        preferredName: v(p, "kp"),
        parsedName: null,
        notes: v(p, "kn"),
        tags: [v(p, "kt")],
      })
      .returning()
      .get();
    contacts.push(contact);
    const group = db
      .insert(s.contactGroups)
      .values({ ownerId: collector.id, name: v(p, "gn"), description: v(p, "gd") })
      .returning()
      .get();
    db.insert(s.contactGroupMembers).values({ groupId: group.id, contactId: contact.id }).run();
    groups.push(group);
  }
  return { collector, contacts, groups };
}

/**
 * What the admin pages list, written when the admin test starts so it is on their first page even
 * while other tests add rows: accounts, collections (and their activity), stories, refused replies
 * (system errors), testimonial campaigns and answers, prompt templates and API keys.
 */
export async function buildAdminRows(baseURL: string) {
  const admin = await createUser({ email: email("admin"), firstName: "Ada", lastName: "Admin", role: "admin" });
  const rows = [];
  for (const p of XSS_PAYLOADS) {
    const user = await createUser({
      email: email("member"),
      firstName: v(p, "fn"),
      lastName: v(p, "ln"),
      role: "user",
    });
    const campaign = createCampaign(user.id, {
      title: v(p, "ct"),
      description: v(p, "cd"),
      prompt: v(p, "cp"),
      inviteEmails: [],
    });
    createContribution({
      campaignId: campaign.id,
      contributorName: v(p, "wn"),
      contributorEmail: email("web"),
      storyContent: webStory(p),
      submissionMethod: "web",
    });
    // A reply to an address no invitation has: refused, and recorded for the administrators.
    const stray = signedInboundForm(
      {
        recipient: v(p, "rc"),
        from: "x@example.com",
        subject: "x",
        bodyPlain: "x",
        messageId: `<xss.${randomUUID()}@example.com>`,
      },
      webhookSigningKey()!,
      new Date(),
    );
    const refused = await fetch(`${baseURL}/webhooks/mailgun/inbound`, { method: "POST", body: stray });
    if (refused.status !== 406) throw new Error(`a stray reply answered ${refused.status}`);
    createPromptTemplate({ name: v(p, "mn"), description: v(p, "md"), systemPrompt: v(p, "ms"), category: "general" });
    db.insert(s.apiKeys)
      .values({ name: v(p, "an"), description: v(p, "ad"), keyHash: randomUUID(), createdById: admin.id })
      .run();
    rows.push({ payload: p, user, campaign, testimonial: testimonialCampaign(p) });
  }
  const answers = db
    .insert(s.testimonialCampaigns)
    .values({
      publicId: randomUUID(),
      title: "Answers to hostile questions",
      questions: XSS_PAYLOADS.map((p) => ({ question: v(p, "tq") })),
      createdById: admin.id,
    })
    .returning()
    .get();
  for (const p of XSS_PAYLOADS) {
    db.insert(s.testimonialResponses)
      .values({
        campaignId: answers.id,
        respondentName: v(p, "rn"),
        respondentEmail: email("respondent"),
        responses: [{ questionIndex: 0, question: v(p, "tq"), response: v(p, "ra") }],
        consentGiven: true,
        consentTimestamp: new Date(),
      })
      .run();
  }
  return { admin, rows, answers };
}
export type AdminRows = Awaited<ReturnType<typeof buildAdminRows>>;

export async function buildXssWorld(baseURL: string) {
  const worlds: PayloadWorld[] = [];
  for (const p of XSS_PAYLOADS) worlds.push(await buildPayloadWorld(p, baseURL));
  return { worlds, ...(await buildCollector()) };
}
export type XssWorld = Awaited<ReturnType<typeof buildXssWorld>>;
