// Leaving cleanly (issue 32): an owner deletes their account through the real route. Every table of the
// schema is checked (read from db/schema.ts, so a new table cannot be forgotten): the account's rows are
// gone, another family's rows are exactly as they were, its stored files are gone on the local disk and
// on S3, its feed, share, book and public links answer 404, its session is over and the admin sees one line.
import { randomUUID } from "node:crypto";
import { eq, getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { jobHandlers } from "~/jobs/index.server";
import { PURGE_ACCOUNT_FILES_JOB, purgeAccountFiles } from "~/features/account/delete-account.server";
import { messages } from "~/features/account/messages";
import { chaptersKeyFor } from "~/features/podcasts/chapters.server";
import { ensureFeed } from "~/features/podcasts/feeds.server";
import { listRecentActivity } from "~/models/activity.server";
import { ensureBookLink } from "~/models/book.server";
import { createShareLink } from "~/models/share-link.server";
import { createVerificationToken } from "~/models/verification-token.server";
import { db } from "~/lib/db.server";
import { enqueueJob, getJob } from "~/lib/queue/queue.server";
import { createS3Client, s3Storage } from "~/lib/storage/s3.server";
import { getStorage, type Storage } from "~/lib/storage/storage.server";
import { variantKey } from "~/lib/images.server";
import { action as deleteAction, loader as deleteLoader } from "~/routes/_auth+/delete-account";
import { loader as feedLoader } from "~/routes/_public+/feed.$token";
import { loader as feedAudio } from "~/routes/_public+/feed.$token.$podcastId.audio[.mp3]";
import { loader as shareLoader } from "~/routes/_public+/s.$token";
import { loader as shareAudio } from "~/routes/_public+/s.$token.audio";
import { loader as newsletterLoader } from "~/routes/_public+/newsletter.$newsletterId";
import { loader as contributeLoader } from "~/routes/_public+/contribute.$publicId";
import { loader as bookLoader } from "~/routes/_public+/b.$token";
import { callRoute, createTestUser, makeRequest, type TestUser } from "../utils/auth";
import { makeMp3 } from "../utils/listening-helpers";
import { S3RVER_KEYS, startS3Server } from "../support/s3-server";

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is SQLiteTable => is(value, SQLiteTable));
/** Tables that never hold a row of an account: the service's own. An account's testimonial is its response, not the campaign. */
const NOT_AN_ACCOUNTS = new Set(["prompt_templates", "system_errors", "webhook_tokens", "testimonial_campaigns", "one_time_steps"]);

type Row = Record<string, unknown>;
const rowsOf = (table: SQLiteTable): Row[] => db.select().from(table).all() as Row[];
const snapshot = () => new Map(tables.map((table) => [getTableName(table), rowsOf(table).map((row) => JSON.stringify(row)).sort()]));

/** A family in every table an account can have rows in, with its files in `storage`. */
async function seedFamily(user: TestUser, storage: Storage, testimonialCampaignId: string) {
  const tag = randomUUID().slice(0, 8);
  const put = async (key: string, bytes: Buffer | Uint8Array = Buffer.from(`bytes of ${key}`)) => (await storage.put(key, bytes), key);
  const campaign = db.insert(schema.campaigns).values({ ownerId: user.id, title: `Summers ${tag}`, publicId: `pub-${tag}`, prompt: "Tell us", status: "active" }).returning().get();
  const contact = db.insert(schema.contacts).values({ ownerId: user.id, email: `gran-${tag}@example.com`, preferredName: "Gran" }).returning().get();
  const group = db.insert(schema.contactGroups).values({ ownerId: user.id, name: "Family" }).returning().get();
  db.insert(schema.contactGroupMembers).values({ groupId: group.id, contactId: contact.id }).run();
  db.insert(schema.suppressedAddresses).values({ ownerId: user.id, email: `gone-${tag}@example.com`, kind: "undeliverable", reason: "bounced" }).run();
  db.insert(schema.workflowSettings).values({ ownerId: user.id, campaignId: campaign.id }).run();
  const invitation = db.insert(schema.invitations).values({ campaignId: campaign.id, email: contact.email, token: `tok-${tag}`, status: "answered" }).returning().get();
  db.insert(schema.retiredInvitationTokens).values({ invitationId: invitation.id, token: `old-tok-${tag}` }).run();
  db.insert(schema.collectionMailRecipients).values({ campaignId: campaign.id, email: contact.email, token: `mail-tok-${tag}`, unsubscribedAt: new Date() }).run();
  const contribution = db
    .insert(schema.contributions)
    .values({ campaignId: campaign.id, invitationId: invitation.id, contributorName: "Gran", contributorEmail: contact.email, storyContent: "The lake in 1962.", submissionMethod: "web" })
    .returning()
    .get();
  db.insert(schema.emptyReplies).values({ campaignId: campaign.id, invitationId: invitation.id, contributorEmail: contact.email, content: "" }).run();
  const photoKey = await put(`photos/${contribution.id}/${randomUUID()}.jpg`);
  db.insert(schema.contributionAttachments).values({ contributionId: contribution.id, storageKey: photoKey, fileName: "lake.jpg", contentType: "image/jpeg", size: 10 }).run();
  const documentKey = await put(`documents/${contribution.id}/${randomUUID()}.pdf`, Buffer.from("%PDF-1.4 recipe"));
  db.insert(schema.contributionDocuments).values({ contributionId: contribution.id, storageKey: documentKey, fileName: "recipe.pdf", contentType: "application/pdf", size: 15 }).run();
  const originalKey = await put(`recordings/${contribution.id}/r-original.m4a`);
  const normalizedKey = await put(`recordings/${contribution.id}/r.mp3`);
  db.insert(schema.contributionRecordings).values({ contributionId: contribution.id, status: "ready", originalKey, normalizedKey }).run();
  const story = db.insert(schema.stories).values({ ownerId: user.id, title: "Letters", content: "Dear all", source: "pdf" }).returning().get();
  const pdfKey = await put(`stories/${story.id}/story.pdf`);
  db.update(schema.stories).set({ pdfKey }).where(eq(schema.stories.id, story.id)).run();
  const podcastId = randomUUID();
  const audioKey = await put(`podcasts/${podcastId}.mp3`, await makeMp3());
  const chaptersKey = await put(chaptersKeyFor(audioKey), Buffer.from("{}"));
  const coverKey = await put(`covers/uploaded/${podcastId}-${randomUUID()}.jpg`);
  const podcast = db
    .insert(schema.podcasts)
    .values({ id: podcastId, ownerId: user.id, campaignId: campaign.id, storyId: story.id, title: `Episode ${tag}`, status: "complete", audioKey, coverKey, duration: 2, fileSize: 100, completedAt: new Date() })
    .returning()
    .get();
  db.insert(schema.pronunciations).values({ ownerId: user.id, term: "Siobhan", termKey: "siobhan", sayAs: "shiv-awn" }).run();
  const share = await createShareLink(user.id, podcast.id, { expiration: 7 });
  if (!("token" in share) || !share.token) throw new Error("no share link");
  const feed = ensureFeed(user.id, null)!;
  db.insert(schema.llmUsage).values({ podcastId: podcast.id, provider: "openai", model: "gpt", promptTokens: 5 }).run();
  const newsletter = db.insert(schema.newsletters).values({ ownerId: user.id, campaignId: campaign.id, podcastId: podcast.id, publicId: `nl-${tag}`, edition: 1, title: "Summer", coverImageKey: photoKey, publishedAt: new Date() }).returning().get();
  db.insert(schema.newsletterStories).values({ newsletterId: newsletter.id, contributionId: contribution.id, title: "The lake", content: "The lake in 1962." }).run();
  db.insert(schema.apiKeys).values({ name: `key ${tag}`, keyHash: `hash-${tag}`, createdById: user.id }).run();
  const book = db.insert(schema.books).values({ ownerId: user.id, campaignId: campaign.id, trim: "6x9", status: "done", storyCount: 1 }).returning().get();
  const bookKey = await put(`books/${book.id}.pdf`);
  db.update(schema.books).set({ fileKey: bookKey }).where(eq(schema.books.id, book.id)).run();
  const bookToken = ensureBookLink(contribution.id);
  const videoKey = await put(`testimonials/${tag}/video.webm`);
  // Sized copies the pages asked for (decision 0163): they go with their image.
  const sizedKeys = [await put(variantKey(photoKey, 96, "webp")), await put(variantKey(coverKey, 192, "jpeg"))];
  db.insert(schema.testimonialResponses).values({ campaignId: testimonialCampaignId, respondentName: "Tess", respondentEmail: user.email.toUpperCase(), videoKey, consentGiven: true, consentTimestamp: new Date() }).run();
  createVerificationToken(user.id, "reset");
  enqueueJob("generate-podcast", { podcastId: podcast.id, attempt: 1 }, { runAt: new Date(Date.now() + 3_600_000) });
  db.insert(schema.emailOutbox).values({ kind: "campaign_reminder", to: `Gran <${contact.email}>`, from: "x@example.com", subject: "A reminder", html: "", text: "", dedupeKey: `reminder:${invitation.id}:1` }).run();
  db.insert(schema.emailOutbox).values({ kind: "password_reset", to: user.email, from: "x@example.com", subject: "Reset", html: "", text: "" }).run();
  return { campaign, podcast, newsletter, shareToken: share.token, feedToken: feed.token, bookToken, keys: [photoKey, documentKey, originalKey, normalizedKey, pdfKey, audioKey, chaptersKey, coverKey, bookKey, videoKey, ...sizedKeys] };
}

type Family = Awaited<ReturnType<typeof seedFamily>>;

/** Every page and file a family's links open, with the status each answers. */
async function linkStatuses(family: Family) {
  const { shareToken: token, feedToken, bookToken, podcast, newsletter, campaign } = family;
  return {
    feed: (await callRoute(feedLoader, makeRequest(`/feed/${feedToken}`), { token: feedToken })).status,
    feedAudio: (await callRoute(feedAudio, makeRequest(`/feed/${feedToken}/${podcast.id}/audio.mp3`), { token: feedToken, podcastId: podcast.id })).status,
    share: (await callRoute(shareLoader, makeRequest(`/s/${token}`), { token })).status,
    shareAudio: (await callRoute(shareAudio, makeRequest(`/s/${token}/audio`), { token })).status,
    newsletter: (await callRoute(newsletterLoader, makeRequest(`/newsletter/${newsletter.publicId}`), { newsletterId: newsletter.publicId })).status,
    book: (await callRoute(bookLoader, makeRequest(`/b/${bookToken}`), { token: bookToken })).status,
    contribute: (await callRoute(contributeLoader, makeRequest(`/contribute/${campaign.publicId}`), { publicId: campaign.publicId })).status,
  };
}

const deleteRequest = (user: TestUser, form: Record<string, string>) => callRoute(deleteAction, makeRequest("/delete-account", { cookie: user.cookie, form }));

function expectOnlyTheAccountGone(before: Map<string, string[]>, leaver: TestUser, purgeJobId: string) {
  for (const table of tables) {
    const name = getTableName(table);
    const rows = rowsOf(table);
    // Nothing anywhere names the account, by id or address.
    const named = rows.filter((row) => JSON.stringify(row).toLowerCase().includes(leaver.id) || JSON.stringify(row).toLowerCase().includes(leaver.email.toLowerCase()));
    expect(named, name).toEqual([]);
    const added = rows.map((row) => JSON.stringify(row)).filter((row) => !before.get(name)!.includes(row));
    const removed = before.get(name)!.filter((row) => !rows.map((r) => JSON.stringify(r)).includes(row));
    expect(removed, `${name}: another family's rows are untouched`).toEqual([]);
    if (name === "activities") expect(added.map((row) => JSON.parse(row) as Row).map((row) => [row.type, row.userId])).toEqual([["account_deleted", null]]);
    else if (name === "jobs") expect(added.map((row) => (JSON.parse(row) as Row).id)).toEqual([purgeJobId]);
    else expect(added, `${name}: no row of the account is left`).toEqual([]);
  }
}

async function leaveAndCheck(storage: Storage, purge: (jobId: string) => Promise<void>) {
  // The app's audio routes read the app's storage (the local disk here): on S3 only the pages are checked live.
  const audio = storage === getStorage() ? 200 : 404;
  const live = { feed: 200, feedAudio: audio, share: 200, shareAudio: audio, newsletter: 200, book: 200, contribute: 200 };
  const admin = await createTestUser({ role: "admin" });
  const testimonials = db.insert(schema.testimonialCampaigns).values({ publicId: `t-${randomUUID()}`, title: "Tell us", questions: [{ question: "Why?" }], createdById: admin.id }).returning().get();
  const stayer = await createTestUser({ lastName: "Stays" });
  const stayerFamily = await seedFamily(stayer, storage, testimonials.id);
  const before = snapshot();
  const keysBefore = new Set((await storage.list("")).map((o) => o.key));

  const leaver = await createTestUser({ firstName: "Lena", lastName: "Leaving" });
  const family = await seedFamily(leaver, storage, testimonials.id);
  const seeded = snapshot();
  const untouchedTables = tables.map(getTableName).filter((name) => seeded.get(name)!.length === before.get(name)!.length);
  expect(untouchedTables.sort(), "every table an account can have rows in is seeded").toEqual([...NOT_AN_ACCOUNTS].sort());
  expect(await linkStatuses(family)).toEqual(live);

  const response = await deleteRequest(leaver, { confirmation: ` ${leaver.email.toUpperCase()} `, password: leaver.password });
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/");
  expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("__session=;"))).toBe(true);

  // At once, before any file is removed: the links are dead and the session is over.
  expect(await linkStatuses(family)).toEqual({ feed: 404, feedAudio: 404, share: 404, shareAudio: 404, newsletter: 404, book: 404, contribute: 404 });
  const signedOut = await callRoute(deleteLoader, makeRequest("/delete-account", { cookie: leaver.cookie }));
  expect(signedOut.status).toBe(302);
  expect(signedOut.headers.get("Location")).toMatch(/^\/login/);

  const purgeJob = db.select().from(schema.jobs).where(eq(schema.jobs.type, PURGE_ACCOUNT_FILES_JOB)).all().at(-1)!;
  for (const key of family.keys) expect(await storage.size(key), key).not.toBeNull();
  await purge(purgeJob.id);
  for (const key of family.keys) expect(await storage.size(key), key).toBeNull();
  // A listing of the whole store, not only the keys seeded: what is new since the family arrived is the
  // deletion's line in the erasure log (on the app's storage), which names the account's id and nothing else.
  const newKeys = (await storage.list("")).map((o) => o.key).filter((key) => !keysBefore.has(key));
  expect(newKeys).toEqual(storage === getStorage() ? [expect.stringMatching(new RegExp(`^consent/account-deletions/${leaver.id}/\\d+$`))] : []);
  for (const key of stayerFamily.keys) expect(await storage.size(key), key).not.toBeNull();

  expectOnlyTheAccountGone(before, leaver, purgeJob.id);
  expect(await linkStatuses(stayerFamily)).toEqual(live);
  const line = listRecentActivity(50, { type: "account_deleted" })[0]!;
  expect(line.details).toBe("An account was deleted by its owner (joined " + new Date().toISOString().slice(0, 7) + "; 1 collection, 1 story, 1 podcast)");
  expect(line.user).toBeNull();
}

describe("deleting an account", () => {
  it("refuses another address or a wrong password, with the page's message and a 400, and deletes nothing", async () => {
    const user = await createTestUser();
    const wrongEmail = await deleteRequest(user, { confirmation: "someone@example.com", password: user.password });
    expect(wrongEmail.status).toBe(400);
    expect(JSON.stringify(await wrongEmail.json())).toContain(messages.deleteAccount.confirmationMismatch);
    const wrongPassword = await deleteRequest(user, { confirmation: user.email, password: "not-it" });
    expect(wrongPassword.status).toBe(400);
    expect(JSON.stringify(await wrongPassword.json())).toContain(messages.deleteAccount.passwordIncorrect);
    const empty = await deleteRequest(user, {});
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain(messages.deleteAccount.confirmationRequired);
    expect(db.select().from(schema.users).where(eq(schema.users.id, user.id)).get()).toBeDefined();
    expect((await callRoute(deleteLoader, makeRequest("/delete-account", { cookie: user.cookie }))).status).toBe(200);
  });

  it("on the local disk: every row, file and link of the account goes, another family's stay", async () => {
    await leaveAndCheck(getStorage(), async (jobId) => {
      const job = getJob(jobId)!;
      await jobHandlers[PURGE_ACCOUNT_FILES_JOB]!(job.payload, job);
    });
  });

  describe("on S3", () => {
    let server: Awaited<ReturnType<typeof startS3Server>>;
    beforeAll(async () => {
      server = await startS3Server();
    });
    afterAll(() => server.close());

    it("every row, object and link of the account goes, another family's stay", async () => {
      const client = createS3Client({ endpoint: server.endpoint, region: "us-east-1", forcePathStyle: true, ...S3RVER_KEYS });
      const storage = s3Storage({ client, bucket: server.bucket });
      await leaveAndCheck(storage, (jobId) => purgeAccountFiles(getJob(jobId)!.payload, (episode) => [chaptersKeyFor(episode)], storage));
    });
  });
});
