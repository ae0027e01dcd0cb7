// XSS in what leaves the browser's reach: the outgoing e-mails (every template,
// every field a person typed, HTML and text versions, subject lines and the headers Mailgun gets)
// and the PDFs (newsletter, podcast transcript), with each hostile string of tests/fixtures/xss-corpus.ts.
// The pages themselves are checked in a browser by tests/e2e/xss.spec.ts.
import { randomUUID } from "node:crypto";
import { campaigns, contributions, users } from "#db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { accountInvitationEmail, passwordChangedEmail, passwordResetEmail } from "~/features/account/emails";
import {
  attachmentsRefusedEmail,
  invitationEmail,
  reminderEmail,
  storyThanksEmail,
} from "~/features/contributions/emails";
import { familyStory } from "~/features/contributions/story-text";
import { familyBadge, storyParagraphs } from "~/features/newsletters/content";
import { newsletterEmail } from "~/features/newsletters/emails";
import { createNewsletter, getPublicNewsletter, updateNewsletter } from "~/features/newsletters/newsletters.server";
import { renderNewsletterPdf } from "~/features/newsletters/pdf.server";
import { podcastFailedEmail, podcastReadyEmail } from "~/features/podcasts/emails";
import { parseTranscript } from "~/features/podcasts/listening/transcript";
import { renderTranscriptPdf } from "~/features/podcasts/listening/transcript-pdf.server";
import { extractPdfText } from "~/features/podcasts/pdf-text.server";
import { supportRequestEmail } from "~/features/site/emails/support";
import { db } from "~/lib/db.server";
import type { EmailParts } from "~/lib/email/layout";

import { HUGE_WORD, normalizeText, XSS_PAYLOADS, type XssPayload } from "../fixtures/xss-corpus";
import { startMailLoop } from "../support/email-loop";

// ── e-mail templates: every field of every template ────────────────────────

const URLS = {
  formUrl: "https://app.example/contribute/abc?t=tok",
  unsubscribeUrl: "https://app.example/unsubscribe/tok",
};
const storyRequest = {
  campaignTitle: "Summer",
  prompt: "What do you remember?",
  description: "Lake stories",
  ownerName: "Margaret Whitfield",
  ...URLS,
};
const newsletter = {
  title: "Summer",
  subtitle: "At the lake",
  familyName: "Whitfield",
  edition: 2,
  ownerName: "Margaret Whitfield",
  storyTitles: ["The boat", "The storm"],
  readUrl: "https://app.example/newsletter/n1",
  listenUrl: "https://app.example/newsletter/n1#listen",
  unsubscribeUrl: "https://app.example/unsubscribe/tok",
};
const ready = {
  name: "Ada",
  title: "The boat",
  duration: "4:12",
  podcastUrl: "https://app.example/podcast/p1",
  coverSrc: "data:image/jpeg;base64,AAAA",
};
const failed = {
  name: "Ada",
  title: "The boat",
  reason: "Audio generation failed: x",
  retryUrl: "https://app.example/create-podcast?podcast=p1&step=generate",
};
const thanks = {
  campaignTitle: "Summer",
  ownerName: "Margaret Whitfield",
  senderName: "Ada",
  removalUrl: "https://app.example/recording-removal/r.sig",
  unsubscribeUrl: URLS.unsubscribeUrl,
};
const copy = { text: "We swam.", photos: ["lake.png"], recording: "memo.m4a" };
const refused = {
  campaignTitle: "Summer",
  ownerName: "Margaret Whitfield",
  senderName: "Ada",
  items: ["holiday.mov (a kind of file we do not keep)"],
  storyKept: true,
  formUrl: "https://app.example/contribute/p?t=t",
  unsubscribeUrl: URLS.unsubscribeUrl,
};
const support = {
  subject: "Help",
  message: "My podcast is stuck.\nPlease look.",
  fromName: "Margaret",
  fromEmail: "m@example.com",
  userId: "u1",
};

/** Each template with the fields a person typed; `render(value)` puts the value in that one field. */
const TEMPLATES: Array<{ template: string; field: string; render: (value: string) => EmailParts }> = [
  ...(["campaignTitle", "prompt", "description", "ownerName"] as const).flatMap((field) => [
    { template: "invitation", field, render: (value: string) => invitationEmail({ ...storyRequest, [field]: value }) },
    { template: "reminder", field, render: (value: string) => reminderEmail({ ...storyRequest, [field]: value }) },
  ]),
  ...(["title", "subtitle", "familyName", "ownerName"] as const).map((field) => ({
    template: "newsletter",
    field,
    render: (value: string) => newsletterEmail({ ...newsletter, [field]: value }),
  })),
  {
    template: "newsletter",
    field: "storyTitles",
    render: (value) => newsletterEmail({ ...newsletter, storyTitles: [value, "The storm"] }),
  },
  ...(["campaignTitle", "ownerName", "senderName"] as const).map((field) => ({
    template: "story thanks",
    field,
    render: (value: string) => storyThanksEmail({ ...thanks, copy, [field]: value }),
  })),
  {
    template: "story thanks",
    field: "copy.text",
    render: (value) => storyThanksEmail({ ...thanks, copy: { ...copy, text: value } }),
  },
  {
    template: "story thanks",
    field: "copy.photos",
    render: (value) => storyThanksEmail({ ...thanks, copy: { ...copy, photos: [value, "dock.png"] } }),
  },
  {
    template: "story thanks",
    field: "copy.recording",
    render: (value) => storyThanksEmail({ ...thanks, copy: { ...copy, recording: value } }),
  },
  ...(["campaignTitle", "ownerName", "senderName"] as const).map((field) => ({
    template: "attachments refused",
    field,
    render: (value: string) => attachmentsRefusedEmail({ ...refused, [field]: value }),
  })),
  {
    template: "attachments refused",
    field: "items",
    render: (value) => attachmentsRefusedEmail({ ...refused, items: [`${value} (too large, the limit is 18 MB)`] }),
  },
  {
    template: "password reset",
    field: "name",
    render: (value) => passwordResetEmail({ name: value, resetUrl: "https://app.example/reset?token=t" }),
  },
  {
    template: "password changed",
    field: "name",
    render: (value) => passwordChangedEmail({ name: value, resetUrl: "https://app.example/reset-password" }),
  },
  ...(["name", "invitedBy"] as const).map((field) => ({
    template: "account invitation",
    field,
    render: (value: string) =>
      accountInvitationEmail({
        name: "Ada",
        invitedBy: "Grace",
        setPasswordUrl: "https://app.example/set?token=t",
        [field]: value,
      }),
  })),
  ...(["name", "title"] as const).map((field) => ({
    template: "podcast ready",
    field,
    render: (value: string) => podcastReadyEmail({ ...ready, [field]: value }),
  })),
  ...(["name", "title", "reason"] as const).map((field) => ({
    template: "podcast failed",
    field,
    render: (value: string) => podcastFailedEmail({ ...failed, [field]: value }),
  })),
  ...(["subject", "message", "fromName"] as const).map((field) => ({
    template: "support request",
    field,
    render: (value: string) => supportRequestEmail({ ...support, [field]: value }),
  })),
];

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>/]+(?:=(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*\/?>/g;
const ATTRIBUTE = /\s([^\s=>/]+)(?:=(?:"[^"]*"|'[^']*'|[^\s>"']+))?/g;

/**
 * The markup of a document: its tags and their attribute names, in order. A value that is escaped
 * adds none; one that is not adds tags (<script>, <xss-probe>) or attributes (onerror, data-xss).
 */
function skeleton(markup: string) {
  return [...markup.matchAll(TAG)].map(
    ([, close, name, attrs]) =>
      `${close}${name!.toLowerCase()}(${[...(attrs ?? "").matchAll(ATTRIBUTE)].map((a) => a[1]).join(",")})`,
  );
}

const ENTITIES: Record<string, string> = {
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&#96;": "`",
  "&amp;": "&",
  "&middot;": "·",
};
/** What a reader sees of the HTML: tags dropped, the escapes the renderer writes decoded, spaces collapsed. */
const readable = (markup: string) =>
  normalizeText(markup.replace(/<[^>]*>/g, " ").replace(/&(?:lt|gt|quot|#39|#96|amp|middot);/g, (e) => ENTITIES[e]!));

describe("e-mail templates escape every field", () => {
  let renderings = 0;

  afterAll(() => {
    const templates = new Set(TEMPLATES.map((t) => t.template)).size;
    console.log(
      `XSS e-mails: ${XSS_PAYLOADS.length} payloads × ${TEMPLATES.length} fields of ${templates} templates, in the HTML, text and subject: ${renderings} renderings checked.`,
    );
  });

  for (const { template, field, render } of TEMPLATES) {
    it(`${template}: ${field}`, () => {
      // Where the field shows (HTML, text, subject), found with a plain value.
      const marker = "Plain words";
      const plain = render(marker);
      const shown = {
        html: readable(plain.html).includes(marker),
        text: plain.text.includes(marker),
        subject: plain.subject.includes(marker),
      };
      expect(shown.html || shown.text).toBe(true);
      for (const payload of XSS_PAYLOADS) {
        const mail = render(payload.text);
        // Against the same shape of text (same lines and spaces, letters only): no tag or attribute came with the value.
        const twin = render(payload.text.replace(/\S/g, "x"));
        expect(skeleton(mail.html), `${payload.id} in ${template}.${field}`).toEqual(skeleton(twin.html));
        expect(mail.html).not.toMatch(/<xss-probe|<script|data-xss=["']|=["']?\s*javascript:/i);
        // The value reads back exactly as typed wherever the field shows.
        const literal = normalizeText(payload.text);
        const parts = {
          html: readable(mail.html),
          text: normalizeText(mail.text),
          subject: normalizeText(mail.subject),
        };
        for (const part of ["html", "text", "subject"] as const) {
          if (!shown[part]) continue;
          expect(parts[part], `${payload.id} shown literally in the ${part} of ${template}.${field}`).toContain(
            literal,
          );
          renderings++;
        }
      }
    });
  }

  it("a link to anything but http(s) or mailto becomes '#'", () => {
    const mail = invitationEmail({ ...storyRequest, formUrl: "javascript:window.__xss=1" });
    expect(mail.html).not.toMatch(/href="\s*javascript:/i);
    expect([...mail.html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1])).toEqual(["#", "#", URLS.unsubscribeUrl]);
  });
});

// ── what Mailgun is sent: one-line subjects, no forged headers ─────────────

describe("outgoing e-mail headers", () => {
  let loop: Awaited<ReturnType<typeof startMailLoop>>;
  beforeAll(async () => {
    loop = await startMailLoop();
  });
  afterAll(async () => {
    await loop.fake.close();
  });

  const crlf = XSS_PAYLOADS.find((p) => p.id === "crlf")!;
  const kinds: Array<[string, EmailParts]> = [
    ["invitation", invitationEmail({ ...storyRequest, campaignTitle: crlf.text, ownerName: crlf.text })],
    ["reminder", reminderEmail({ ...storyRequest, campaignTitle: crlf.text })],
    ["newsletter", newsletterEmail({ ...newsletter, title: crlf.text, familyName: crlf.text })],
    [
      "account invitation",
      accountInvitationEmail({ name: crlf.text, invitedBy: crlf.text, setPasswordUrl: "https://app.example/set" }),
    ],
    ["support request", supportRequestEmail({ ...support, subject: crlf.text })],
  ];

  it.each(kinds)("%s: a line break typed into the subject never reaches a header", async (kind, mail) => {
    // The template keeps what was typed; the wire format is where a header line would be forged.
    expect(mail.subject).toMatch(/\r\n/);
    const to = `xss-${randomUUID()}@example.com`;
    const row = await loop.email.sendEmail({
      kind: `xss_${kind}`,
      to,
      ...mail,
      replyTo: `reply+${"t".repeat(20)}@example.com`,
    });
    expect(row.status).toBe("sent");
    const sent = loop.fake.requests.find((r) => r.field("to") === to)!;
    expect(sent.field("subject")).toBe(mail.subject.replace(/[\r\n]+/g, " ").trim());
    for (const [name, values] of Object.entries(sent.fields)) {
      if (name === "html" || name === "text") continue;
      for (const value of values) expect(value, `${name} is one line`).not.toMatch(/[\r\n]/);
    }
    // Only the fields the app sets (v:outbox-id ties bounce events to the outbox, decision 0143): nothing like Bcc or X-Injected appeared.
    expect(Object.keys(sent.fields).sort()).toEqual([
      "from",
      "h:Message-Id",
      "h:Reply-To",
      "html",
      "subject",
      "text",
      "to",
      "v:outbox-id",
    ]);
  });
});

// ── the newsletter PDF ─────────────────────────────────────────────────────

/** A newsletter made by the app from a collection whose every typed field carries `text`, tagged by field. */
function newsletterWith(text: string) {
  const f = (code: string) => `${text} #${code}`;
  const owner = db
    .insert(users)
    .values({ email: `xss-${randomUUID()}@example.com`, firstName: "Ada", lastName: "Lovelace" })
    .returning()
    .get();
  const campaign = db
    .insert(campaigns)
    .values({ ownerId: owner.id, publicId: randomUUID(), title: "Summer", prompt: "Tell us", status: "active" })
    .returning()
    .get();
  const story = `${f("wt")}\n${f("ws")}\nA second line of the story.`;
  db.insert(contributions)
    .values({
      campaignId: campaign.id,
      contributorName: f("wn"),
      contributorEmail: "kin@example.com",
      storyContent: story,
      submissionMethod: "web",
      wordCount: 20,
    })
    .run();
  const made = createNewsletter(owner.id, campaign.id);
  if (!made.ok) throw new Error(made.reason);
  updateNewsletter(owner.id, campaign.id, made.newsletter.id, {
    title: f("nt"),
    subtitle: f("ns"),
    familyName: f("nf"),
  });
  const view = getPublicNewsletter(made.newsletter.publicId)!;
  const { title, body } = familyStory({
    storyContent: story,
    originalStoryContent: null,
    submissionMethod: "web",
    replyReading: null,
    forwarded: null,
    title: null,
    contributorName: f("wn"),
  });
  // What each field prints as: the title, subtitle, family badge, story title and text, and the author line.
  const expected = [f("nt"), f("ns"), familyBadge(f("nf")), title, ...storyParagraphs(body), f("wn").trim()];
  return { view, expected };
}

const squeeze = (text: string) => text.replace(/\s+/g, "");
/**
 * The text as typed, as a PDF prints it: line breaks and spaces may fall anywhere (lines wrap inside
 * a long word), and a character the font lacks may print as '?', but nothing else may differ.
 */
const printedAs = (typed: string) =>
  new RegExp([...squeeze(typed)].map((ch) => `(?:${ch.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}|\\?)`).join(""), "u");

const PDF_CASES: Array<{ name: string; text: string }> = [
  ...XSS_PAYLOADS.map((p: XssPayload) => ({ name: p.id, text: p.text })),
  { name: "a word wider than the page", text: `${HUGE_WORD} <b data-xss="huge">x</b>` },
  { name: "right-to-left text only", text: "\u202Eשלום עולם مرحبا بالعالم\u202C" },
];

/** The only links in a PDF are the app's own: no text became a link target. */
function linkTargets(pdf: Buffer) {
  return [...pdf.toString("latin1").matchAll(/\/URI \(([^)]*)\)/g)].map((m) => m[1]);
}

describe("newsletter PDF", () => {
  const cases = PDF_CASES;
  let pdfs = 0;
  afterAll(() => {
    console.log(
      `XSS PDF: ${cases.length} hostile strings × 6 fields (title, subtitle, family name, story title, story text, author): ${pdfs} newsletters printed and read back.`,
    );
  });

  it.each(cases)("$name prints as literal text", async ({ text }) => {
    const { view, expected } = newsletterWith(text);
    const pdf = await renderNewsletterPdf(view, { origin: "https://app.example", loadImage: async () => null });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const links = linkTargets(pdf);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/^https:\/\/app\.example\/newsletter\//);

    const read = await extractPdfText(pdf);
    // Lines wrap anywhere in a long word, so the comparison ignores white space.
    const printed = squeeze(read.text);
    for (const field of expected) expect(printed).toMatch(printedAs(field));
    expect(squeeze(read.title ?? "")).toMatch(printedAs(view.title));
    pdfs++;
  });
});

describe("podcast transcript PDF", () => {
  let pdfs = 0;
  afterAll(() => {
    console.log(
      `XSS PDF: ${PDF_CASES.length} hostile strings × 3 fields (podcast title, speaker, transcript text): ${pdfs} transcripts printed and read back.`,
    );
  });

  it.each(PDF_CASES)("$name prints as literal text", async ({ text }) => {
    const title = `${text} #pt`;
    const transcript = `Host: ${text} #tr\n\n${text} #sp: said the guest`;
    const pdf = await renderTranscriptPdf({
      title,
      transcript,
      createdAt: new Date(Date.UTC(2026, 0, 2)),
      duration: 245,
      hostCount: 2,
    });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(linkTargets(pdf)).toEqual([]);
    const read = await extractPdfText(pdf);
    const printed = squeeze(read.text);
    expect(printed).toMatch(printedAs(title));
    for (const turn of parseTranscript(transcript))
      expect(printed).toMatch(printedAs(turn.speaker ? `${turn.speaker}: ${turn.text}` : turn.text));
    expect(squeeze(read.title ?? "")).toMatch(printedAs(`${title} — Transcript`));
    pdfs++;
  });
});
