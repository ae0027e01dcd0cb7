// Leaving cleanly: an owner deletes their account through the real route. Every table of the
// schema is checked (read from db/schema.ts, so a new table cannot be forgotten): the account's rows are
// gone, another family's rows are exactly as they were, its stored files are gone on the local disk and
// on S3, its feed, share, book and public links answer 404, its session is over and the admin sees one line.
import { randomUUID } from "node:crypto";
import * as schema from "#db/schema";
import { eq, getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { PURGE_ACCOUNT_FILES_JOB, purgeAccountFiles } from "~/features/account/delete-account.server";
import { messages } from "~/features/account/messages";
import { jobHandlers } from "~/jobs/index.server";
import { db } from "~/lib/db.server";
import { forgetJob, getJob } from "~/lib/queue/queue.server";
import { JobRunner } from "~/lib/queue/runner.server";
import { createS3Client, s3Storage } from "~/lib/storage/s3.server";
import { getStorage, type Storage } from "~/lib/storage/storage.server";
import { listRecentActivity } from "~/models/activity.server";
import { action as deleteAction, loader as deleteLoader } from "~/routes/_auth+/delete-account";
import { loader as bookLoader } from "~/routes/_public+/b.$token";
import { loader as contributeLoader } from "~/routes/_public+/contribute.$publicId";
import { loader as feedLoader } from "~/routes/_public+/feed.$token";
import { loader as feedAudio } from "~/routes/_public+/feed.$token.$podcastId.audio[.mp3]";
import { loader as newsletterLoader } from "~/routes/_public+/newsletter.$newsletterId";
import { loader as shareLoader } from "~/routes/_public+/s.$token";
import { loader as shareAudio } from "~/routes/_public+/s.$token.audio";

import { S3RVER_KEYS, startS3Server } from "../support/s3-server";
import { callRoute, createTestUser, makeRequest, type TestUser } from "../utils/auth";
import { seedFamily, type Family } from "../utils/erasure-helpers";

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is SQLiteTable =>
  is(value, SQLiteTable),
);
/** Tables that never hold a row of an account: the service's own. An account's testimonial is its response, not the campaign. */
const NOT_AN_ACCOUNTS = new Set([
  "prompt_templates",
  "system_errors",
  "webhook_tokens",
  "testimonial_campaigns",
  "one_time_steps",
]);

type Row = Record<string, unknown>;
const rowsOf = (table: SQLiteTable): Row[] => db.select().from(table).all() as Row[];
const snapshot = () =>
  new Map(
    tables.map((table) => [
      getTableName(table),
      rowsOf(table)
        .map((row) => JSON.stringify(row))
        .sort(),
    ]),
  );

/** Every page and file a family's links open, with the status each answers. */
async function linkStatuses(family: Family) {
  const { shareToken: token, feedToken, bookToken, podcast, newsletter, campaign } = family;
  return {
    feed: (await callRoute(feedLoader, makeRequest(`/feed/${feedToken}`), { token: feedToken })).status,
    feedAudio: (
      await callRoute(feedAudio, makeRequest(`/feed/${feedToken}/${podcast.id}/audio.mp3`), {
        token: feedToken,
        podcastId: podcast.id,
      })
    ).status,
    share: (await callRoute(shareLoader, makeRequest(`/s/${token}`), { token })).status,
    shareAudio: (await callRoute(shareAudio, makeRequest(`/s/${token}/audio`), { token })).status,
    newsletter: (
      await callRoute(newsletterLoader, makeRequest(`/newsletter/${newsletter.publicId}`), {
        newsletterId: newsletter.publicId,
      })
    ).status,
    book: (await callRoute(bookLoader, makeRequest(`/b/${bookToken}`), { token: bookToken })).status,
    contribute: (
      await callRoute(contributeLoader, makeRequest(`/contribute/${campaign.publicId}`), {
        publicId: campaign.publicId,
      })
    ).status,
  };
}

const deleteRequest = (user: TestUser, form: Record<string, string>) =>
  callRoute(deleteAction, makeRequest("/delete-account", { cookie: user.cookie, form }));

function expectOnlyTheAccountGone(before: Map<string, string[]>, leaver: TestUser) {
  for (const table of tables) {
    const name = getTableName(table);
    const rows = rowsOf(table);
    // Nothing anywhere names the account, by id or address.
    const named = rows.filter(
      (row) =>
        JSON.stringify(row).toLowerCase().includes(leaver.id) ||
        JSON.stringify(row).toLowerCase().includes(leaver.email.toLowerCase()),
    );
    expect(named, name).toEqual([]);
    const added = rows.map((row) => JSON.stringify(row)).filter((row) => !before.get(name)!.includes(row));
    const removed = before.get(name)!.filter((row) => !rows.map((r) => JSON.stringify(r)).includes(row));
    expect(removed, `${name}: another family's rows are untouched`).toEqual([]);
    if (name === "activities")
      expect(added.map((row) => JSON.parse(row) as Row).map((row) => [row.type, row.userId])).toEqual([
        ["account_deleted", null],
      ]);
    else expect(added, `${name}: no row of the account is left`).toEqual([]);
  }
}

async function leaveAndCheck(storage: Storage, purge: (jobId: string) => Promise<void>) {
  // The app's audio routes read the app's storage (the local disk here): on S3 only the pages are checked live.
  const audio = storage === getStorage() ? 200 : 404;
  const live = {
    feed: 200,
    feedAudio: audio,
    share: 200,
    shareAudio: audio,
    newsletter: 200,
    book: 200,
    contribute: 200,
  };
  const admin = await createTestUser({ role: "admin" });
  const testimonials = db
    .insert(schema.testimonialCampaigns)
    .values({
      publicId: `t-${randomUUID()}`,
      title: "Tell us",
      questions: [{ question: "Why?" }],
      createdById: admin.id,
    })
    .returning()
    .get();
  const stayer = await createTestUser({ lastName: "Stays" });
  const stayerFamily = await seedFamily(stayer, storage, testimonials.id);
  const before = snapshot();
  const keysBefore = new Set((await storage.list("")).map((o) => o.key));

  const leaver = await createTestUser({ firstName: "Lena", lastName: "Leaving" });
  const family = await seedFamily(leaver, storage, testimonials.id);
  const seeded = snapshot();
  const untouchedTables = tables
    .map(getTableName)
    .filter((name) => seeded.get(name)!.length === before.get(name)!.length);
  expect(untouchedTables.sort(), "every table an account can have rows in is seeded").toEqual(
    [...NOT_AN_ACCOUNTS].sort(),
  );
  expect(await linkStatuses(family)).toEqual(live);

  const response = await deleteRequest(leaver, {
    confirmation: ` ${leaver.email.toUpperCase()} `,
    password: leaver.password,
  });
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/");
  expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("__session=;"))).toBe(true);

  // At once, before any file is removed: the links are dead and the session is over.
  expect(await linkStatuses(family)).toEqual({
    feed: 404,
    feedAudio: 404,
    share: 404,
    shareAudio: 404,
    newsletter: 404,
    book: 404,
    contribute: 404,
  });
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
  expect(newKeys).toEqual(
    storage === getStorage()
      ? [expect.stringMatching(new RegExp(`^consent/account-deletions/${leaver.id}/\\d+$`))]
      : [],
  );
  for (const key of stayerFamily.keys) expect(await storage.size(key), key).not.toBeNull();

  expectOnlyTheAccountGone(before, leaver);
  expect(await linkStatuses(stayerFamily)).toEqual(live);
  const line = listRecentActivity(50, { type: "account_deleted" })[0]!;
  expect(line.details).toBe(
    "An account was deleted by its owner (joined " +
      new Date().toISOString().slice(0, 7) +
      "; 1 collection, 1 story, 1 podcast)",
  );
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
      expect(getJob(jobId)?.status).toBe("queued");
      await new JobRunner({ handlers: jobHandlers }).runUntilIdle();
    });
  });

  describe("on S3", () => {
    let server: Awaited<ReturnType<typeof startS3Server>>;
    beforeAll(async () => {
      server = await startS3Server();
    });
    afterAll(() => server.close());

    it("every row, object and link of the account goes, another family's stay", async () => {
      const client = createS3Client({
        endpoint: server.endpoint,
        region: "us-east-1",
        forcePathStyle: true,
        ...S3RVER_KEYS,
      });
      const storage = s3Storage({ client, bucket: server.bucket });
      await leaveAndCheck(storage, async (jobId) => {
        await purgeAccountFiles(getJob(jobId)!.payload, storage);
        // As the runner does once the job has ended: its payload names the family's files.
        forgetJob(jobId);
      });
    });
  });
});
