// A relative's removal link reaches episodes already made: every finished episode that
// plays their recording leaves the feeds and share links at once and goes back in the queue to be made
// without it; the owner is e-mailed once. Ticking the box takes the written story too. Through the real
// removal page's action.
import { randomUUID } from "node:crypto";
import {
  contributionAttachments,
  contributionRecordings,
  contributions,
  emailOutbox,
  jobs,
  newsletters,
  newsletterStories,
  podcasts,
} from "#db/schema";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { removalToken } from "~/features/contributions/recordings.server";
import { ensureFeed } from "~/features/podcasts/listening/feeds.server";
import { db } from "~/lib/db.server";
import { getStorage } from "~/lib/storage/storage.server";
import { createShareLink } from "~/models/share-link.server";
import { loader as feedLoader } from "~/routes/_public+/feed.$token";
import { action as removalAction, loader as removalLoader } from "~/routes/_public+/recording-removal.$token";
import { loader as shareLoader } from "~/routes/_public+/s.$token";

import { callRoute, createTestUser, makeRequest } from "../utils/auth";
import { createCompletePodcast } from "../utils/listening-helpers";
import { createTestCampaign, insertTestContribution } from "../utils/stories-helpers";

const feedTitles = async (token: string) => {
  const body = await (await callRoute(feedLoader, makeRequest(`/feed/${token}`), { token })).text();
  return [...body.matchAll(/<item>\s*<title>([^<]*)<\/title>/g)].map((m) => m[1]);
};

describe("a relative's removal link and the episodes already made", () => {
  it("withdraws and requeues every finished episode playing the clip, leaves the others, and e-mails the owner once", async () => {
    const owner = await createTestUser({ firstName: "Ruth" });
    const campaign = createTestCampaign(owner.id, { title: "Summers at the lake" });
    const contribution = insertTestContribution(campaign.id, { contributorName: "Uncle Joe" });
    const recording = db
      .insert(contributionRecordings)
      .values({
        contributionId: contribution.id,
        status: "ready",
        normalizedKey: `recordings/${contribution.id}/r.mp3`,
        durationSeconds: 3,
      })
      .returning()
      .get();
    const clipScript = [
      { speaker: "host1", text: "Uncle Joe remembers the lake." },
      { speaker: "host1", text: "", clip: { recordingId: recording.id, name: "Uncle Joe", seconds: 3 } },
    ];
    const withClip = await createCompletePodcast(owner.id, {
      title: "The lake",
      campaignId: campaign.id,
      script: clipScript,
    });
    const without = await createCompletePodcast(owner.id, { title: "Winter", campaignId: campaign.id });
    const otherClip = await createCompletePodcast(owner.id, {
      title: "Another clip",
      script: [{ speaker: "host1", text: "", clip: { recordingId: randomUUID(), name: "Ann", seconds: 2 } }] as never,
    });
    const feed = ensureFeed(owner.id, null)!;
    const share = await createShareLink(owner.id, withClip.id, { expiration: 7 });
    if (!("token" in share) || !share.token) throw new Error("no share link");
    expect((await feedTitles(feed.token)).sort()).toEqual(["Another clip", "The lake", "Winter"]);
    expect((await callRoute(shareLoader, makeRequest(`/s/${share.token}`), { token: share.token })).status).toBe(200);

    const token = removalToken(recording.id);
    const response = await callRoute(
      removalAction,
      makeRequest(`/recording-removal/${token}`, { method: "POST", form: {} }),
      { token },
    );
    expect(response.status).toBe(200);

    const status = (id: string) =>
      db.select({ status: podcasts.status }).from(podcasts).where(eq(podcasts.id, id)).get()!.status;
    expect([status(withClip.id), status(without.id), status(otherClip.id)]).toEqual(["queued", "complete", "complete"]);
    expect((await feedTitles(feed.token)).sort()).toEqual(["Another clip", "Winter"]);
    expect((await callRoute(shareLoader, makeRequest(`/s/${share.token}`), { token: share.token })).status).toBe(404);
    const queued = db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, "generate-podcast"), eq(jobs.status, "queued")))
      .all();
    expect(queued.map((j) => j.payload)).toEqual([
      { podcastId: withClip.id, attempt: 1, campaignId: null, campaignStatusBefore: null },
    ]);

    const mails = db.select().from(emailOutbox).where(eq(emailOutbox.kind, "clip_removed")).all();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(owner.email);
    expect(mails[0]!.subject).toBe("A recording was removed from “Summers at the lake”");
    expect(mails[0]!.text).toContain(
      "Uncle Joe asked that their recording for “Summers at the lake” no longer be heard.",
    );
    expect(mails[0]!.text).toContain("until they are, they are out of your feeds and share links: “The lake”.");

    // Asking again changes nothing and sends nothing more.
    await callRoute(removalAction, makeRequest(`/recording-removal/${token}`, { method: "POST", form: {} }), { token });
    expect(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "clip_removed")).all()).toHaveLength(1);
    expect(
      db
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, "generate-podcast"), eq(jobs.status, "queued")))
        .all(),
    ).toHaveLength(1);
  });

  it("when the relative ticks the box, their written story, photos and recording go, with the newsletters' copies, and the collection's episodes since are remade", async () => {
    const owner = await createTestUser({ firstName: "Ruth" });
    const campaign = createTestCampaign(owner.id, { title: "Winters" });
    const contribution = insertTestContribution(campaign.id, {
      contributorName: "Aunt May",
      storyContent: "The frozen pond.",
      submittedAt: new Date(Date.now() - 60_000),
    });
    const kept = insertTestContribution(campaign.id, { contributorName: "Bob", storyContent: "Sledging." });
    const photoKey = `photos/${contribution.id}/p.jpg`;
    const recordingKey = `recordings/${contribution.id}/r.mp3`;
    for (const key of [photoKey, recordingKey]) await getStorage().put(key, Buffer.from(key));
    db.insert(contributionAttachments)
      .values({
        contributionId: contribution.id,
        storageKey: photoKey,
        fileName: "p.jpg",
        contentType: "image/jpeg",
        size: 10,
      })
      .run();
    const recording = db
      .insert(contributionRecordings)
      .values({ contributionId: contribution.id, status: "ready", normalizedKey: recordingKey })
      .returning()
      .get();
    const newsletter = db
      .insert(newsletters)
      .values({ ownerId: owner.id, campaignId: campaign.id, publicId: randomUUID(), edition: 1, title: "Winter" })
      .returning()
      .get();
    db.insert(newsletterStories)
      .values([
        { newsletterId: newsletter.id, contributionId: contribution.id, title: "Pond", content: "The frozen pond." },
        { newsletterId: newsletter.id, contributionId: kept.id, title: "Sledge", content: "Sledging." },
      ])
      .run();
    const readsIt = await createCompletePodcast(owner.id, { title: "Winter tales", campaignId: campaign.id });
    const older = await createCompletePodcast(owner.id, {
      title: "Before it",
      campaignId: campaign.id,
      completedAt: new Date(Date.now() - 3_600_000),
    });

    const token = removalToken(recording.id);
    const response = await callRoute(
      removalAction,
      makeRequest(`/recording-removal/${token}`, { method: "POST", form: { story: "yes" } }),
      { token },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/recording-removal/${token}?deleted`);
    const page = await callRoute(removalLoader, makeRequest(`/recording-removal/${token}?deleted`), { token });
    expect(await page.json()).toMatchObject({ requested: true, storyDeleted: true });
    expect(
      (await callRoute(removalLoader, makeRequest(`/recording-removal/x${token}?deleted`), { token: `x${token}` }))
        .status,
    ).toBe(404);

    expect(db.select().from(contributions).where(eq(contributions.id, contribution.id)).get()).toBeUndefined();
    expect(db.select().from(contributions).where(eq(contributions.id, kept.id)).get()).toBeDefined();
    expect(
      db
        .select({ content: newsletterStories.content })
        .from(newsletterStories)
        .where(eq(newsletterStories.newsletterId, newsletter.id))
        .all(),
    ).toEqual([{ content: "Sledging." }]);
    for (const key of [photoKey, recordingKey]) expect(await getStorage().size(key)).toBeNull();
    const status = (id: string) =>
      db
        .select({ status: podcasts.status, transcript: podcasts.transcript })
        .from(podcasts)
        .where(eq(podcasts.id, id))
        .get()!;
    expect(status(readsIt.id)).toEqual({ status: "queued", transcript: null });
    expect(status(older.id).status).toBe("complete");
    const mail = db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "clip_removed"), eq(emailOutbox.to, owner.email)))
      .get()!;
    expect(mail.subject).toBe("A story was removed from “Winters”");
    expect(mail.text).toContain(
      "Aunt May asked that their recording and their written story for “Winters” be removed.",
    );
    expect(mail.text).toContain("“Winter tales”");
    expect(mail.text).not.toContain("Before it");
  });

  it("after the recording alone, a later request from the same link deletes the written story too", async () => {
    const owner = await createTestUser({ firstName: "Ruth" });
    const campaign = createTestCampaign(owner.id, { title: "Autumns" });
    const contribution = insertTestContribution(campaign.id, {
      contributorName: "Cousin Ada",
      storyContent: "The apple press.",
    });
    const recording = db
      .insert(contributionRecordings)
      .values({
        contributionId: contribution.id,
        status: "ready",
        normalizedKey: `recordings/${contribution.id}/r.mp3`,
      })
      .returning()
      .get();
    const token = removalToken(recording.id);
    await callRoute(removalAction, makeRequest(`/recording-removal/${token}`, { method: "POST", form: {} }), { token });
    expect(db.select().from(contributions).where(eq(contributions.id, contribution.id)).get()).toBeDefined();
    expect(
      await (await callRoute(removalLoader, makeRequest(`/recording-removal/${token}`), { token })).json(),
    ).toMatchObject({ requested: true, storyDeleted: false });

    const later = await callRoute(
      removalAction,
      makeRequest(`/recording-removal/${token}`, { method: "POST", form: { story: "yes" } }),
      { token },
    );
    expect(later.status).toBe(302);
    expect(later.headers.get("Location")).toBe(`/recording-removal/${token}?deleted`);
    expect(db.select().from(contributions).where(eq(contributions.id, contribution.id)).get()).toBeUndefined();
  });
});
