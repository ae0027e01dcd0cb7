// A relative's removal link reaches episodes already made (issue 32 item 3): every finished episode that
// plays their recording leaves the feeds and share links at once and goes back in the queue to be made
// without it; the owner is e-mailed once. Through the real removal page action.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contributionRecordings, emailOutbox, jobs, podcasts } from "#db/schema";
import { removalToken } from "~/features/contributions/recordings.server";
import { ensureFeed } from "~/features/podcasts/feeds.server";
import { db } from "~/lib/db.server";
import { createShareLink } from "~/models/share-link.server";
import { action as removalAction } from "~/routes/_public+/recording-removal.$token";
import { loader as feedLoader } from "~/routes/_public+/feed.$token";
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
    const recording = db.insert(contributionRecordings).values({ contributionId: contribution.id, status: "ready", normalizedKey: `recordings/${contribution.id}/r.mp3`, durationSeconds: 3 }).returning().get();
    const clipScript = [
      { speaker: "host1", text: "Uncle Joe remembers the lake." },
      { speaker: "host1", text: "", clip: { recordingId: recording.id, name: "Uncle Joe", seconds: 3 } },
    ];
    const withClip = await createCompletePodcast(owner.id, { title: "The lake", campaignId: campaign.id, script: clipScript });
    const without = await createCompletePodcast(owner.id, { title: "Winter", campaignId: campaign.id });
    const otherClip = await createCompletePodcast(owner.id, { title: "Another clip", script: [{ speaker: "host1", text: "", clip: { recordingId: randomUUID(), name: "Ann", seconds: 2 } }] as never });
    const feed = ensureFeed(owner.id, null)!;
    const share = await createShareLink(owner.id, withClip.id, { expiration: 7 });
    if (!("token" in share) || !share.token) throw new Error("no share link");
    expect((await feedTitles(feed.token)).sort()).toEqual(["Another clip", "The lake", "Winter"]);
    expect((await callRoute(shareLoader, makeRequest(`/s/${share.token}`), { token: share.token })).status).toBe(200);

    const token = removalToken(recording.id);
    const response = await callRoute(removalAction, makeRequest(`/recording-removal/${token}`, { method: "POST", form: {} }), { token });
    expect(response.status).toBe(200);

    const status = (id: string) => db.select({ status: podcasts.status }).from(podcasts).where(eq(podcasts.id, id)).get()!.status;
    expect([status(withClip.id), status(without.id), status(otherClip.id)]).toEqual(["queued", "complete", "complete"]);
    expect((await feedTitles(feed.token)).sort()).toEqual(["Another clip", "Winter"]);
    expect((await callRoute(shareLoader, makeRequest(`/s/${share.token}`), { token: share.token })).status).toBe(404);
    const queued = db.select().from(jobs).where(and(eq(jobs.type, "generate-podcast"), eq(jobs.status, "queued"))).all();
    expect(queued.map((j) => j.payload)).toEqual([{ podcastId: withClip.id, attempt: 1, campaignId: null, campaignStatusBefore: null }]);

    const mails = db.select().from(emailOutbox).where(eq(emailOutbox.kind, "clip_removed")).all();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(owner.email);
    expect(mails[0]!.subject).toBe("A recording was removed from “Summers at the lake”");
    expect(mails[0]!.text).toContain("Uncle Joe asked that their recording for “Summers at the lake” no longer be heard.");
    expect(mails[0]!.text).toContain("until they are, they are out of your feeds and share links: “The lake”.");

    // Asking again changes nothing and sends nothing more.
    await callRoute(removalAction, makeRequest(`/recording-removal/${token}`, { method: "POST", form: {} }), { token });
    expect(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "clip_removed")).all()).toHaveLength(1);
    expect(db.select().from(jobs).where(and(eq(jobs.type, "generate-podcast"), eq(jobs.status, "queued"))).all()).toHaveLength(1);
  });
});
