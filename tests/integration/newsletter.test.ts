// Family newsletters: generation from a collection, the public page, JSON, PDF, photos and audio,
// the owner's page (ownership, malformed bodies), deliveries per distribution mode on a controllable
// clock (each recipient once), the landing page's launch list and the help centre's contact form.
import { campaigns, emailOutbox, invitations, jobs, newsletters, newsletterStories } from "#db/schema";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";

import { deliverDueNewsletters } from "~/features/newsletters/delivery.server";
import { newsletterMessages } from "~/features/newsletters/messages";
import { createNewsletter } from "~/features/newsletters/newsletters.server";
import { extractPdfText } from "~/features/podcasts/pdf-text.server";
import { jobHandlers } from "~/jobs/index.server";
import { setClock } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { deliverPendingEmails } from "~/lib/email/send.server";
import { supportAddress } from "~/lib/email/senders.server";
import { env } from "~/lib/env.server";
import { getStorage } from "~/lib/storage/storage.server";
import { insertRecording, markRemovalRequested } from "~/models/contribution-recording.server";
import { deliveryDateFor, type DistributionSettings } from "~/models/delivery-dates";
import { saveWorkflowSettings, type WorkflowInput } from "~/models/workflow.server";
import * as ownerPage from "~/routes/_app+/campaigns.$campaignId.newsletters";
import * as publicPage from "~/routes/_public+/newsletter.$newsletterId";
import * as audioRoute from "~/routes/_public+/newsletter.$newsletterId.audio";
import * as coverRoute from "~/routes/_public+/newsletter.$newsletterId.cover";
import * as imageRoute from "~/routes/_public+/newsletter.$newsletterId.images.$imageId";
import * as pdfRoute from "~/routes/_public+/newsletter.$newsletterId.pdf";
import * as recordingRoute from "~/routes/_public+/newsletter.$newsletterId.recordings.$storyId[.mp3]";
import * as helpPage from "~/routes/_site+/help";
import * as launchList from "~/routes/_site+/launch-list";
import * as adminLaunchList from "~/routes/admin+/launch-list";
import * as newsletterApi from "~/routes/api+/newsletter.$newsletterId";

import { unsubscribePathOf } from "../support/email-loop";
import { adminCookieFor } from "../sweep/admin-cookie";
import { callRoute, createTestUser, makeRequest, type TestUser } from "../utils/auth";
import {
  createNewsletterCollection,
  emailsOfKind,
  FAKE_MP3,
  newsletterEmails,
  PNG_1X1,
  STORIES,
} from "../utils/newsletter-helpers";

let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  owner = await createTestUser({ lastName: "Whitfield" });
  other = await createTestUser();
});
afterEach(() => setClock(null));

const pagePath = (campaignId: string) => `/campaigns/${campaignId}/newsletters`;
const post = (user: TestUser, campaignId: string, form: Record<string, string>) =>
  callRoute(ownerPage.action, makeRequest(pagePath(campaignId), { cookie: user.cookie, form }), { campaignId });
const newslettersOf = (campaignId: string) =>
  db.select().from(newsletters).where(eq(newsletters.campaignId, campaignId)).all();
const storiesOf = (newsletterId: string) =>
  db
    .select()
    .from(newsletterStories)
    .where(eq(newsletterStories.newsletterId, newsletterId))
    .orderBy(newsletterStories.sortOrder)
    .all();

function workflow(distribution: Partial<WorkflowInput["distribution"]>): WorkflowInput {
  return {
    collection: { mode: "manual", startDate: null, maxReminders: 3, contributors: [] },
    distribution: {
      mode: "manual",
      scheduledDate: null,
      dayOfWeek: null,
      dayOfMonth: null,
      monthOfYear: null,
      recipients: [],
      ...distribution,
    },
  };
}

describe("generating a newsletter from a collection", () => {
  it("makes edition 1 with the collection's stories, photos, podcast and the owner's family name; the next is edition 2", async () => {
    const { campaign, stories, podcast } = await createNewsletterCollection(owner.id);
    const res = await post(owner, campaign.id, { intent: "create" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(pagePath(campaign.id));

    const [first] = newslettersOf(campaign.id);
    expect(first).toMatchObject({
      edition: 1,
      title: campaign.title,
      subtitle: campaign.description,
      familyName: "Whitfield",
      podcastId: podcast!.id,
      ownerId: owner.id,
    });
    expect(first!.publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first!.publishedAt).toBeInstanceOf(Date);

    const rows = storiesOf(first!.id);
    expect(rows.map((s) => [s.title, s.category, s.author, s.contributedBy, s.readingTime])).toEqual([
      ["Growing Up on the Farm", "childhood", "Grandpa Joe", "Grandpa Joe", 1],
      ["Every Christmas Eve we sang carols by the fire", "holiday", "Aunt May", "Aunt May", 1],
      ["We drove the old truck to the lake that summer", "memory", null, null, 1],
    ]);
    // The heading line left the story; the quoted reply was stripped.
    expect(rows[0]!.content.startsWith("When I was little")).toBe(true);
    expect(rows[2]!.content).toBe("We drove the old truck to the lake that summer.");
    expect(rows[0]!.images).toEqual([`/newsletter/${first!.publicId}/images/${stories[0]!.photoId}`]);
    expect(rows[1]!.images).toEqual([]);

    await post(owner, campaign.id, { intent: "create" });
    expect(
      newslettersOf(campaign.id)
        .map((n) => n.edition)
        .sort(),
    ).toEqual([1, 2]);
  });

  it("reading time follows the story's length (200 words a minute, rounded up)", async () => {
    const long = `A long story. ${"word ".repeat(450)}`;
    const { campaign } = await createNewsletterCollection(owner.id, {
      stories: [{ text: long, name: "Nan" }],
      podcast: false,
    });
    const result = createNewsletter(owner.id, campaign.id);
    expect(result.ok).toBe(true);
    const [story] = storiesOf(result.ok ? result.newsletter.id : "");
    expect(story!.readingTime).toBe(3);
  });

  it("refuses a collection without stories with a toast, and another owner's collection with 404", async () => {
    const { campaign } = await createNewsletterCollection(owner.id, { stories: [], podcast: false });
    const res = await post(owner, campaign.id, { intent: "create" });
    expect(res.status).toBe(302);
    expect(newslettersOf(campaign.id)).toEqual([]);
    expect(createNewsletter(other.id, campaign.id)).toEqual({ ok: false, reason: "not-found" });
  });
});

describe("the public newsletter", () => {
  let publicId: string;
  let photoId: string;
  let campaignId: string;
  beforeAll(async () => {
    const made = await createNewsletterCollection(owner.id);
    const result = createNewsletter(owner.id, made.campaign.id, new Date("2026-11-22T15:00:00Z"));
    if (!result.ok) throw new Error("not created");
    publicId = result.newsletter.publicId;
    photoId = made.stories[0]!.photoId!;
    campaignId = made.campaign.id;
  });

  it("the page's loader gives the spec's fields, with the text size from ?text=large", async () => {
    const res = await callRoute(publicPage.loader, makeRequest(`/newsletter/${publicId}?text=large`), {
      newsletterId: publicId,
    });
    expect(res.status).toBe(200);
    const data = (await res.json()) as {
      newsletter: Record<string, unknown>;
      textSize: string;
      paths: { pdf: string };
    };
    expect(data.textSize).toBe("large");
    expect(data.newsletter).toMatchObject({
      edition: 1,
      familyName: "Whitfield",
      publishedLabel: "November 22, 2026",
      totalContributors: 3,
      totalReadingMinutes: 3,
      podcast: { durationText: "4:05", audioUrl: `/newsletter/${publicId}/audio` },
    });
    expect(data.paths.pdf).toBe(`/newsletter/${publicId}/pdf`);
  });

  it("an unknown id is 404 (page, JSON, PDF, audio, photos)", async () => {
    for (const [fn, params] of [
      [publicPage.loader, { newsletterId: "nope" }],
      [newsletterApi.loader, { newsletterId: "nope" }],
      [pdfRoute.loader, { newsletterId: "nope" }],
      [audioRoute.loader, { newsletterId: "nope" }],
      [coverRoute.loader, { newsletterId: publicId }],
      [imageRoute.loader, { newsletterId: "nope", imageId: photoId }],
    ] as const) {
      expect((await callRoute(fn, makeRequest("/x"), params)).status).toBe(404);
    }
  });

  it("GET /api/newsletter/:id answers the fields of spec §3", async () => {
    const res = await callRoute(newsletterApi.loader, makeRequest(`/api/newsletter/${publicId}`), {
      newsletterId: publicId,
    });
    const body = (await res.json()) as Record<string, unknown> & { stories: Array<Record<string, unknown>> };
    expect(Object.keys(body)).toEqual(
      expect.arrayContaining([
        "edition",
        "title",
        "subtitle",
        "familyName",
        "publishedAt",
        "totalContributors",
        "podcastId",
        "podcastDuration",
        "hasTranscript",
        "coverImage",
        "stories",
      ]),
    );
    expect(body).toMatchObject({
      edition: 1,
      familyName: "Whitfield",
      publishedAt: "2026-11-22T15:00:00.000Z",
      totalContributors: 3,
      hasTranscript: true,
      podcastDuration: "4:05",
      coverImage: null,
    });
    // The spec's fields, and ours: recordingUrl, a relative's own recording (null here; decision 0139), and
    // listenSeconds, how long a story told by voice alone plays (decision 0205).
    expect(Object.keys(body.stories[0]!).sort()).toEqual([
      "author",
      "category",
      "content",
      "contributedBy",
      "id",
      "images",
      "listenSeconds",
      "readingTime",
      "recordingUrl",
      "title",
    ]);
    expect(body.stories[0]!.recordingUrl).toBeNull();
    expect(body.stories[0]!.images).toEqual([`http://localhost/newsletter/${publicId}/images/${photoId}`]);
  });

  it("serves the story photo, the audio with ranges, and a PDF with the stories", async () => {
    const photo = await callRoute(imageRoute.loader, makeRequest("/x"), { newsletterId: publicId, imageId: photoId });
    expect(photo.headers.get("Content-Type")).toBe("image/png");
    expect(Buffer.from(await photo.arrayBuffer()).equals(PNG_1X1)).toBe(true);

    const audio = await callRoute(audioRoute.loader, makeRequest("/x", { headers: { Range: "bytes=0-99" } }), {
      newsletterId: publicId,
    });
    expect(audio.status).toBe(206);
    expect(audio.headers.get("Content-Range")).toBe(`bytes 0-99/${FAKE_MP3.length}`);
    expect((await audio.arrayBuffer()).byteLength).toBe(100);

    const pdf = await callRoute(pdfRoute.loader, makeRequest(`/newsletter/${publicId}/pdf`), {
      newsletterId: publicId,
    });
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="summer-stories-[a-z0-9]+-edition-1\.pdf"$/,
    );
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const { text } = await extractPdfText(bytes);
    for (const words of [
      "Family Newsletter",
      "Whitfield Family Stories",
      "Growing Up on the Farm",
      "Grandpa Joe",
      "sang carols",
      "Listen to This Story",
    ]) {
      expect(text).toContain(words);
    }
  });

  it("a photo of another collection's story is not served through this newsletter", async () => {
    const elsewhere = await createNewsletterCollection(other.id);
    const res = await callRoute(imageRoute.loader, makeRequest("/x"), {
      newsletterId: publicId,
      imageId: elsewhere.stories[0]!.photoId!,
    });
    expect(res.status).toBe(404);
  });

  it("the owner edits title, subtitle, family name and cover; the page and JSON follow", async () => {
    const [row] = newslettersOf(campaignId);
    const res = await post(owner, campaignId, {
      intent: "update",
      newsletterId: row!.id,
      title: "Lake Days",
      subtitle: "",
      familyName: "Whitfield-Lee",
      coverImageId: photoId,
    });
    expect(res.status).toBe(302);
    const body = (await (
      await callRoute(newsletterApi.loader, makeRequest(`/api/newsletter/${publicId}`), { newsletterId: publicId })
    ).json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      title: "Lake Days",
      subtitle: null,
      familyName: "Whitfield-Lee",
      coverImage: `http://localhost/newsletter/${publicId}/cover`,
    });
    const cover = await callRoute(coverRoute.loader, makeRequest("/x"), { newsletterId: publicId });
    expect(cover.headers.get("Content-Type")).toBe("image/png");

    const invalid = await post(owner, campaignId, { intent: "update", newsletterId: row!.id, title: "  " });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      intent: "update",
      result: { error: { title: [newsletterMessages.validation.titleRequired] } },
    });
    const foreignCover = await createNewsletterCollection(other.id);
    const refused = await post(owner, campaignId, {
      intent: "update",
      newsletterId: row!.id,
      title: "X",
      coverImageId: foreignCover.stories[0]!.photoId!,
    });
    expect(refused.status).toBe(404);
  });
});

describe("the owner's newsletters page", () => {
  it("lists editions with their story and delivery counts", async () => {
    const { campaign } = await createNewsletterCollection(owner.id);
    createNewsletter(owner.id, campaign.id);
    const res = await callRoute(ownerPage.loader, makeRequest(pagePath(campaign.id), { cookie: owner.cookie }), {
      campaignId: campaign.id,
    });
    const data = (await res.json()) as { newsletters: Array<Record<string, unknown>>; storyCount: number };
    expect(data.storyCount).toBe(3);
    expect(data.newsletters).toHaveLength(1);
    expect(data.newsletters[0]).toMatchObject({ edition: 1, storyCount: 3, deliveredCount: 0 });
    expect(data.newsletters[0]).not.toHaveProperty("coverImageKey");
  });

  it("user B gets 404 for owner A's collection and newsletters, on the page and every action", async () => {
    const { campaign } = await createNewsletterCollection(owner.id);
    const made = createNewsletter(owner.id, campaign.id);
    const newsletterId = made.ok ? made.newsletter.id : "";
    expect(
      (
        await callRoute(ownerPage.loader, makeRequest(pagePath(campaign.id), { cookie: other.cookie }), {
          campaignId: campaign.id,
        })
      ).status,
    ).toBe(404);
    const forms: Array<Record<string, string>> = [
      { intent: "create" },
      { intent: "update", newsletterId, title: "Hijack" },
      { intent: "send", newsletterId },
    ];
    for (const form of forms) {
      expect((await post(other, campaign.id, form)).status).toBe(404);
    }
    // B's own collection with A's newsletter id: still 404.
    const mine = await createNewsletterCollection(other.id);
    expect((await post(other, mine.campaign.id, { intent: "update", newsletterId, title: "Hijack" })).status).toBe(404);
    expect((await post(other, mine.campaign.id, { intent: "send", newsletterId })).status).toBe(404);
    expect(newslettersOf(campaign.id)[0]!.title).toBe(campaign.title);
    expect(newsletterEmails(newsletterId)).toEqual([]);
  });

  it("malformed bodies answer 4xx", async () => {
    const { campaign } = await createNewsletterCollection(owner.id);
    const params = { campaignId: campaign.id };
    const cases = [
      makeRequest(pagePath(campaign.id), { cookie: owner.cookie, json: { intent: "create" } }),
      makeRequest(pagePath(campaign.id), {
        cookie: owner.cookie,
        body: "intent=%E0%A4%A",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      makeRequest(pagePath(campaign.id), { cookie: owner.cookie, form: { intent: "explode" } }),
      makeRequest(pagePath(campaign.id), { cookie: owner.cookie, form: { intent: "send" } }),
      makeRequest(pagePath(campaign.id), {
        cookie: owner.cookie,
        form: { intent: "update", newsletterId: "x", title: "t".repeat(500) },
      }),
    ];
    for (const request of cases) {
      const status = (await callRoute(ownerPage.action, request, params)).status;
      expect(status >= 400 && status < 500, `status ${status}`).toBe(true);
    }
  });
});

describe("deliveries", () => {
  it("manual: nothing goes out by itself; 'Send to family' e-mails each recipient once, then only newcomers", async () => {
    const user = await createTestUser({ lastName: "Manual" });
    const { campaign } = await createNewsletterCollection(user.id, {
      invitees: ["ann@example.com", "ben@example.com"],
    });
    const made = createNewsletter(user.id, campaign.id);
    if (!made.ok) throw new Error("not created");
    expect(made.deliverNow).toBe(false);
    await deliverDueNewsletters();
    expect(newsletterEmails(made.newsletter.id)).toEqual([]);

    // No workflow recipients: the collection's invitees get it.
    expect((await post(user, campaign.id, { intent: "send", newsletterId: made.newsletter.id })).status).toBe(302);
    expect(
      newsletterEmails(made.newsletter.id)
        .map((e) => e.to)
        .sort(),
    ).toEqual(["ann@example.com", "ben@example.com"]);
    await post(user, campaign.id, { intent: "send", newsletterId: made.newsletter.id });
    expect(newsletterEmails(made.newsletter.id)).toHaveLength(2);

    // Workflow recipients replace the invitees; only the newcomer gets it now.
    saveWorkflowSettings(
      user.id,
      workflow({ mode: "manual", recipients: ["Ann@Example.com", "cat@example.com", "not an address"] }),
    );
    await post(user, campaign.id, { intent: "send", newsletterId: made.newsletter.id });
    expect(
      newsletterEmails(made.newsletter.id)
        .map((e) => e.to)
        .sort(),
    ).toEqual(["ann@example.com", "ben@example.com", "cat@example.com"]);
    const page = await callRoute(ownerPage.loader, makeRequest(pagePath(campaign.id), { cookie: user.cookie }), {
      campaignId: campaign.id,
    });
    expect(
      ((await page.json()) as { newsletters: Array<{ deliveredCount: number }> }).newsletters[0]!.deliveredCount,
    ).toBe(3);
  });

  it("the e-mail has the title, an intro, the story titles, the newsletter button and the podcast link, in HTML and text", async () => {
    const user = await createTestUser({ firstName: "Grace", lastName: "Hopper" });
    const { campaign } = await createNewsletterCollection(user.id, { invitees: ["kin@example.com"] });
    const made = createNewsletter(user.id, campaign.id);
    if (!made.ok) throw new Error("not created");
    await post(user, campaign.id, { intent: "send", newsletterId: made.newsletter.id });
    const [mail] = newsletterEmails(made.newsletter.id);
    const url = `${env().APP_URL ?? `http://localhost:${env().PORT}`}/newsletter/${made.newsletter.publicId}`;
    expect(mail!.kind).toBe("family_newsletter");
    expect(mail!.subject).toBe(`The Hopper Family Newsletter, Edition 1: ${campaign.title}`);
    for (const part of [mail!.html, mail!.text]) {
      expect(part).toContain("Grace Hopper has put together a new family newsletter with 3 stories");
      expect(part).toContain("Growing Up on the Farm");
      expect(part).toContain("Read the newsletter");
      expect(part).toContain(url);
      expect(part).toContain(`${url}#listen`);
    }
    // The address's unsubscribe link for this collection, in the headers and in both versions.
    const link = unsubscribePathOf(campaign.id, "kin@example.com")!;
    expect(mail!.headers["List-Unsubscribe"]).toBe(`<${env().APP_URL ?? `http://localhost:${env().PORT}`}${link}>`);
    for (const part of [mail!.html, mail!.text]) expect(part).toContain(link);
  });

  it("greets each recipient by name and shows the owner who it goes to, by name (decision 0195)", async () => {
    const user = await createTestUser();
    const { campaign } = await createNewsletterCollection(user.id, { invitees: ["kin@example.com"] });
    saveWorkflowSettings(
      user.id,
      workflow({ mode: "manual", recipients: ["Aunt Rosa <aunt.rosa@example.com>", "kin@example.com"] }),
    );
    const page = await callRoute(ownerPage.loader, makeRequest(pagePath(campaign.id), { cookie: user.cookie }), {
      campaignId: campaign.id,
    });
    const { distribution } = (await page.json()) as {
      distribution: { recipients: Array<{ name: string | null; email: string }> };
    };
    expect(distribution.recipients).toEqual([
      { name: "Aunt Rosa", email: "aunt.rosa@example.com" },
      { name: null, email: "kin@example.com" },
    ]);
    const made = createNewsletter(user.id, campaign.id);
    if (!made.ok) throw new Error("not created");
    const sent = await post(user, campaign.id, { intent: "send", newsletterId: made.newsletter.id });
    expect(sent.status).toBe(302);
    const mails = newsletterEmails(made.newsletter.id);
    expect(mails.find((e) => e.to === "aunt.rosa@example.com")!.text).toContain("Hi Aunt Rosa,");
    expect(mails.find((e) => e.to === "kin@example.com")!.text).toContain("Hi there,");
    expect(newsletterMessages.toast.sent(["Aunt Rosa", "kin@example.com"]).description).toBe(
      "E-mailed to 2 family members: Aunt Rosa, kin@example.com.",
    );
  });

  it("skips invitees who unsubscribed from the collection", async () => {
    const user = await createTestUser();
    const { campaign } = await createNewsletterCollection(user.id, {
      invitees: ["stay@example.com", "gone@example.com"],
    });
    db.update(invitations)
      .set({ status: "unsubscribed" })
      .where(and(eq(invitations.campaignId, campaign.id), eq(invitations.email, "gone@example.com")))
      .run();
    const made = createNewsletter(user.id, campaign.id);
    if (!made.ok) throw new Error("not created");
    await post(user, campaign.id, { intent: "send", newsletterId: made.newsletter.id });
    expect(newsletterEmails(made.newsletter.id).map((e) => e.to)).toEqual(["stay@example.com"]);
  });

  it("immediate: creating the newsletter enqueues its delivery; the job run twice e-mails each recipient once", async () => {
    const user = await createTestUser();
    saveWorkflowSettings(user.id, workflow({ mode: "immediate", recipients: ["one@example.com", "two@example.com"] }));
    const { campaign } = await createNewsletterCollection(user.id);
    expect((await post(user, campaign.id, { intent: "create" })).status).toBe(302);
    const [newsletter] = newslettersOf(campaign.id);
    const job = db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `newsletter-immediate:${newsletter!.id}`))
      .get();
    expect(job).toMatchObject({
      type: "deliver-newsletter",
      status: "queued",
      payload: { newsletterId: newsletter!.id },
    });

    await jobHandlers["deliver-newsletter"]!(job!.payload, job!);
    await jobHandlers["deliver-newsletter"]!(job!.payload, job!);
    const sent = newsletterEmails(newsletter!.id);
    expect(sent.map((e) => e.to).sort()).toEqual(["one@example.com", "two@example.com"]);
    expect(sent.every((e) => e.status === "stored")).toBe(true);
  });

  const TODAY = new Date("2026-01-01T09:00:00Z");
  const DATED: Array<[string, WorkflowInput["distribution"]]> = [
    ["scheduled", workflow({ mode: "scheduled", scheduledDate: "2026-02-01" }).distribution],
    ["weekly", workflow({ mode: "weekly", scheduledDate: "2026-02-01", dayOfWeek: 1 }).distribution],
    ["monthly", workflow({ mode: "monthly", scheduledDate: "2026-02-01", dayOfMonth: 15 }).distribution],
    ["quarterly", workflow({ mode: "quarterly", scheduledDate: "2026-02-01", dayOfMonth: 31 }).distribution],
    ["yearly", workflow({ mode: "yearly", monthOfYear: 3, dayOfMonth: 10 }).distribution],
  ];

  it.each(DATED)(
    "%s: each collection's newsletter goes out on its delivery date, once, even when the job runs twice",
    async (_mode, distribution) => {
      const user = await createTestUser();
      const recipients = ["gran@example.com", "uncle@example.com"];
      setClock(TODAY);
      const a = await createNewsletterCollection(user.id, { sortOrder: 1 });
      const b = await createNewsletterCollection(user.id, { sortOrder: 2 });
      saveWorkflowSettings(user.id, { ...workflow({}), distribution: { ...distribution, recipients } }, TODAY);

      const settings: DistributionSettings = {
        ...distribution,
        scheduledDate: distribution.scheduledDate ? new Date(`${distribution.scheduledDate}T00:00:00Z`) : null,
      };
      const dateA = deliveryDateFor(settings, 0, TODAY)!;
      const dateB = deliveryDateFor(settings, 1, TODAY)!;
      const stored = (id: string) => db.select().from(campaigns).where(eq(campaigns.id, id)).get()!.nextDeliveryDate;
      expect(stored(a.campaign.id)).toEqual(dateA);
      expect(stored(b.campaign.id)).toEqual(dateB);

      const na = createNewsletter(user.id, a.campaign.id);
      const nb = createNewsletter(user.id, b.campaign.id);
      if (!na.ok || !nb.ok) throw new Error("not created");
      const to = (id: string) =>
        newsletterEmails(id)
          .map((e) => e.to)
          .sort();

      await deliverDueNewsletters();
      setClock(new Date(dateA.getTime() - 1));
      await deliverDueNewsletters();
      expect(to(na.newsletter.id)).toEqual([]);

      setClock(dateA);
      await jobHandlers["deliver-newsletters"]!({}, {} as never);
      await jobHandlers["deliver-newsletters"]!({}, {} as never);
      expect(to(na.newsletter.id)).toEqual(recipients);
      expect(to(nb.newsletter.id)).toEqual([]);

      setClock(new Date(dateB.getTime() + 3_600_000));
      await deliverDueNewsletters();
      await deliverDueNewsletters();
      expect(to(na.newsletter.id)).toEqual(recipients);
      expect(to(nb.newsletter.id)).toEqual(recipients);
    },
  );

  it("only the newest edition of a collection is delivered on its date; an edition made later goes at the next check", async () => {
    const user = await createTestUser();
    saveWorkflowSettings(
      user.id,
      workflow({ mode: "scheduled", scheduledDate: "2026-03-01", recipients: ["fam@example.com"] }),
      TODAY,
    );
    setClock(TODAY);
    const { campaign } = await createNewsletterCollection(user.id, {
      nextDeliveryDate: new Date("2026-03-01T00:00:00Z"),
    });
    const first = createNewsletter(user.id, campaign.id);
    const second = createNewsletter(user.id, campaign.id);
    if (!first.ok || !second.ok) throw new Error("not created");
    setClock(new Date("2026-03-01T00:10:00Z"));
    await deliverDueNewsletters();
    expect(newsletterEmails(first.newsletter.id)).toEqual([]);
    expect(newsletterEmails(second.newsletter.id)).toHaveLength(1);

    const third = createNewsletter(user.id, campaign.id);
    if (!third.ok) throw new Error("not created");
    await deliverDueNewsletters();
    expect(newsletterEmails(third.newsletter.id)).toHaveLength(1);
  });

  it("after a crash between writing the outbox and sending, the rows are sent by the outbox retry, never written twice", async () => {
    const user = await createTestUser();
    saveWorkflowSettings(
      user.id,
      workflow({ mode: "scheduled", scheduledDate: "2026-04-01", recipients: ["a@example.com", "b@example.com"] }),
      TODAY,
    );
    const { campaign } = await createNewsletterCollection(user.id, {
      nextDeliveryDate: new Date("2026-04-01T00:00:00Z"),
    });
    const made = createNewsletter(user.id, campaign.id);
    if (!made.ok) throw new Error("not created");
    setClock(new Date("2026-04-01T08:00:00Z"));
    await deliverDueNewsletters();
    // As if the process died after the commit: the rows are still 'queued'.
    for (const row of newsletterEmails(made.newsletter.id))
      db.update(emailOutbox).set({ status: "queued" }).where(eq(emailOutbox.id, row.id)).run();
    await deliverDueNewsletters();
    expect(newsletterEmails(made.newsletter.id)).toHaveLength(2);
    setClock(null);
    await deliverPendingEmails(500, { afterRestart: true });
    expect(newsletterEmails(made.newsletter.id).map((e) => e.status)).toEqual(["stored", "stored"]);
  });
});

describe("landing page launch list", () => {
  const join = (email: string) => callRoute(launchList.action, makeRequest("/launch-list", { form: { email } }));

  it("requires an e-mail address", async () => {
    expect((await join("")).status).toBe(400);
    expect((await join("not-an-address")).status).toBe(400);
    expect(
      (await callRoute(launchList.action, makeRequest("/launch-list", { json: { email: "a@b.co" } }))).status,
    ).toBe(415);
  });

  it("stores the address once as a confirmation e-mail and returns to the thank-you dialog; admins export the list", async () => {
    const res = await join("  Early.Bird@Example.com ");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/?signup=thanks");
    await join("early.bird@example.com");
    const rows = emailsOfKind("launch_waitlist", "early.bird@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toBe("You're on the Storyhearth launch list");

    const admin = await createTestUser({ role: "admin" });
    const csv = await callRoute(
      adminLaunchList.loader,
      makeRequest("/admin/launch-list", { cookie: await adminCookieFor(admin.id) }),
    );
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(await csv.text()).toMatch(/^email,joined_at\r\n(.*\r\n)*"early\.bird@example\.com","\d{4}-/);
    expect(
      (await callRoute(adminLaunchList.loader, makeRequest("/admin/launch-list", { cookie: owner.cookie }))).status,
    ).toBe(403);
  });
});

describe("help centre", () => {
  it("tabs come from ?tab=, unknown ones show the FAQ; the FAQ uses the account's real limit", async () => {
    const tab = async (q: string) =>
      (await (await callRoute(helpPage.loader, makeRequest(`/help${q}`, { cookie: owner.cookie }))).json()) as Record<
        string,
        unknown
      >;
    expect(await tab("")).toMatchObject({ tab: "faq", account: { podcastLimit: 3, podcastsGenerated: 0 } });
    expect(await tab("?tab=tutorials")).toMatchObject({ tab: "tutorials" });
    expect(await tab("?tab=contact&sent=1")).toMatchObject({ tab: "contact", sent: true });
    expect(await tab("?tab=../../etc")).toMatchObject({ tab: "faq" });
  });

  it("is open to visitors: the same answers without an account's figures, and no one's collections", async () => {
    const res = await callRoute(helpPage.loader, makeRequest("/help?tab=tutorials"));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ tab: "tutorials", account: null, collections: null });
  });

  it("a visitor's message needs the address to answer, and goes to support with it as Reply-To", async () => {
    const missing = await callRoute(
      helpPage.action,
      makeRequest("/help?tab=contact", {
        form: { subject: "Before I sign up", message: "Can my aunt answer by phone?" },
      }),
    );
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await missing.json())).toContain("Please enter a valid email address");
    expect(emailsOfKind("support_request").filter((e) => e.replyTo === "curious@example.org")).toHaveLength(0);

    const sent = await callRoute(
      helpPage.action,
      makeRequest("/help?tab=contact", {
        form: { email: "curious@example.org", subject: "Before I sign up", message: "Can my aunt answer by phone?" },
      }),
    );
    expect(sent.status).toBe(302);
    const mail = emailsOfKind("support_request").find((e) => e.replyTo === "curious@example.org")!;
    expect(mail.to).toBe(supportAddress());
    expect(mail.text).toContain("From A visitor <curious@example.org> (not signed in)");
    expect(mail.text).toContain("Can my aunt answer by phone?");
  });

  it("Contact Support e-mails the support address with the user as Reply-To, then shows the thank-you", async () => {
    const res = await callRoute(
      helpPage.action,
      makeRequest("/help?tab=contact", {
        cookie: owner.cookie,
        form: { subject: "Cannot find my podcast", message: "Hello,\nwhere is it?" },
      }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/help?tab=contact&sent=1");
    const mail = emailsOfKind("support_request").find((e) => e.replyTo === owner.email)!;
    expect(mail.to).toBe(supportAddress());
    expect(mail.subject).toBe("Support request: Cannot find my podcast");
    expect(mail.text).toContain("where is it?");

    const invalid = await callRoute(
      helpPage.action,
      makeRequest("/help?tab=contact", { cookie: owner.cookie, form: { subject: "", message: "" } }),
    );
    expect(invalid.status).toBe(400);
  });
});

describe("a relative's own recording in the newsletter (decision 0139)", () => {
  it("plays under its story while it may be heard: ranges, only this newsletter's stories, gone once removal is asked", async () => {
    const made = await createNewsletterCollection(owner.id, {
      stories: [
        { text: STORIES.childhood, name: "Grandpa Joe" },
        { text: STORIES.holiday, name: "Aunt May" },
      ],
      podcast: false,
    });
    const normalizedKey = `recordings/${made.stories[0]!.id}/memo.mp3`;
    await getStorage().put(normalizedKey, FAKE_MP3);
    const recording = insertRecording({
      contributionId: made.stories[0]!.id,
      status: "ready",
      normalizedKey,
      durationSeconds: 12,
    })!;
    const result = createNewsletter(owner.id, made.campaign.id);
    if (!result.ok) throw new Error("not created");
    const pid = result.newsletter.publicId;
    const page = async () =>
      (await (await callRoute(publicPage.loader, makeRequest(`/newsletter/${pid}`), { newsletterId: pid })).json()) as {
        newsletter: { stories: { id: string; title: string; recordingUrl: string | null }[] };
      };

    const [joe, may] = (await page()).newsletter.stories;
    expect(joe!.recordingUrl).toBe(`/newsletter/${pid}/recordings/${joe!.id}.mp3`);
    expect(may!.recordingUrl).toBeNull();
    const audio = await callRoute(recordingRoute.loader, makeRequest("/x", { headers: { Range: "bytes=0-9" } }), {
      newsletterId: pid,
      storyId: joe!.id,
    });
    expect(audio.status).toBe(206);
    expect(audio.headers.get("Content-Type")).toBe("audio/mpeg");
    expect(Buffer.from(await audio.arrayBuffer())).toEqual(Buffer.from(FAKE_MP3).subarray(0, 10));
    // A story of this newsletter without a recording, another newsletter's id, an unknown story: 404.
    for (const params of [
      { newsletterId: pid, storyId: may!.id },
      { newsletterId: "nope", storyId: joe!.id },
      { newsletterId: pid, storyId: "nope" },
    ]) {
      expect((await callRoute(recordingRoute.loader, makeRequest("/x"), params)).status).toBe(404);
    }

    markRemovalRequested(recording.id, new Date());
    expect((await page()).newsletter.stories[0]!.recordingUrl).toBeNull();
    expect(
      (await callRoute(recordingRoute.loader, makeRequest("/x"), { newsletterId: pid, storyId: joe!.id })).status,
    ).toBe(404);
  });

  it("an answer given by voice alone is a story: its recording's length and transcript, never placeholder text; one whose removal was asked is left out", async () => {
    const made = await createNewsletterCollection(owner.id, {
      stories: [
        { text: "", name: "Rose Smith" },
        { text: "", name: null },
        { text: "", name: "Gone Gary" },
        { text: STORIES.holiday, name: "Aunt May" },
      ],
      podcast: false,
    });
    const [rose, nameless, gary] = made.stories;
    insertRecording({
      contributionId: rose!.id,
      status: "ready",
      normalizedKey: "recordings/r.mp3",
      durationSeconds: 101,
      transcript: "We skated on the pond until dark.",
    });
    insertRecording({
      contributionId: nameless!.id,
      status: "ready",
      normalizedKey: "recordings/n.mp3",
      durationSeconds: 42,
    });
    const removed = insertRecording({
      contributionId: gary!.id,
      status: "ready",
      normalizedKey: "recordings/g.mp3",
      durationSeconds: 30,
    })!;
    markRemovalRequested(removed.id, new Date());
    const result = createNewsletter(owner.id, made.campaign.id);
    if (!result.ok) throw new Error("not created");
    const stories = storiesOf(result.newsletter.id).map((s) => ({
      title: s.title,
      content: s.content,
      author: s.author,
      readingTime: s.readingTime,
      listenSeconds: s.listenSeconds,
    }));
    expect(stories).toEqual([
      {
        title: "We skated on the pond until dark",
        content: "We skated on the pond until dark.",
        author: "Rose Smith",
        readingTime: 0,
        listenSeconds: 101,
      },
      { title: "In their own voice", content: "", author: null, readingTime: 0, listenSeconds: 42 },
      expect.objectContaining({ author: "Aunt May", listenSeconds: null }),
    ]);
    expect(stories[2]!.readingTime).toBeGreaterThan(0);
  });
});
