// The owner's e-mails when generation ends: the real job handler, the outbox and the cover drawn
// by sharp; only the audio renderer is a stand-in (tests/utils/podcast-helpers.ts).
import { emailOutbox, jobs, stories } from "#db/schema";
import { and, eq, inArray, like } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { createGeneratePodcastHandler, type GenerationDeps } from "~/features/podcasts/generation/generate.server";
import { deleteOwnedPodcast, GENERATION_MAX_ATTEMPTS, getPodcast } from "~/features/podcasts/podcasts.server";
import { advanceClock, setClock } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { appUrl } from "~/lib/env.server";
import { JobRunner } from "~/lib/queue/runner.server";
import * as campaignGenerateApi from "~/routes/api+/campaigns+/$campaignId.generate-podcast";
import * as generateApi from "~/routes/api+/podcasts+/generate";
import * as uploadApi from "~/routes/api+/stories.upload";

import { callRoute, createTestUser, makeRequest, type TestUser } from "../utils/auth";
import { fakeRenderer } from "../utils/podcast-helpers";
import { createTestCampaign, insertTestContribution } from "../utils/stories-helpers";

let owner: TestUser;
beforeAll(async () => {
  owner = await createTestUser({ firstName: "Ada", podcastLimit: 1000 });
});
// Each test runs only its own generation jobs.
beforeEach(() => {
  db.update(jobs)
    .set({ status: "done" })
    .where(inArray(jobs.status, ["queued", "running"]))
    .run();
});
afterEach(() => setClock(null));

const handler = (deps: Partial<GenerationDeps>) => createGeneratePodcastHandler({ openAI: null, ...deps });
const runJobs = (deps: Partial<GenerationDeps>) =>
  new JobRunner({ handlers: { "generate-podcast": handler(deps) } }).runUntilIdle();
const working = () => fakeRenderer().render as unknown as GenerationDeps["render"];
const broken = () =>
  fakeRenderer({ fail: () => new Error("ffmpeg exited with code 1") }).render as unknown as GenerationDeps["render"];

async function requestPodcast(title = "The Lake House") {
  const form = new FormData();
  form.append("storyTitle", title);
  form.append("storyContent", "We spent every summer at the lake.");
  const upload = await callRoute(
    uploadApi.action,
    makeRequest("/api/stories/upload", { method: "POST", cookie: owner.cookie, body: form }),
  );
  const { storyId } = (await upload.json()) as { storyId: string };
  const res = await callRoute(
    generateApi.action,
    makeRequest("/api/podcasts/generate", {
      method: "POST",
      cookie: owner.cookie,
      json: { storyId, voiceConfig: {}, options: {} },
    }),
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { podcastId: string }).podcastId;
}

/** The owner's e-mails about one podcast, oldest first. */
const emailsAbout = (podcastId: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, owner.email), like(emailOutbox.dedupeKey, `podcast-%:${podcastId}%`)))
    .all();

/** Runs the job of this attempt again, as the runner would after a crash. */
async function runAgain(podcastId: string, attempt: number, deps: Partial<GenerationDeps>) {
  const job = db
    .select()
    .from(jobs)
    .where(eq(jobs.dedupeKey, `podcast:${podcastId}:${attempt}`))
    .get()!;
  await handler(deps)(job.payload, job);
}

describe("'Your podcast is ready'", () => {
  test("one e-mail to the owner with the cover inside it and a link to the podcast, however often the job runs", async () => {
    const podcastId = await requestPodcast();
    await runJobs({ render: working() });
    expect((await getPodcast(podcastId))!.status).toBe("complete");

    const [email, ...others] = emailsAbout(podcastId);
    expect(others).toEqual([]);
    expect(email).toMatchObject({
      kind: "podcast_ready",
      to: owner.email,
      subject: "Your podcast is ready: The Lake House",
      status: "stored",
    });
    const link = `${appUrl()}/podcast/${podcastId}`;
    expect(email!.text).toContain(`Hi Ada,`);
    expect(email!.text).toContain(`Listen to your podcast:\n${link}`);
    expect(email!.html).toContain(`href="${link}"`);
    // The cover travels in the message (never a URL that needs signing in): a small square JPEG.
    const cover = /<img src="data:image\/jpeg;base64,([^"]+)"[^>]*alt="Cover of The Lake House"/.exec(email!.html);
    expect(cover).not.toBeNull();
    expect(await sharp(Buffer.from(cover![1]!, "base64")).metadata()).toMatchObject({
      format: "jpeg",
      width: 240,
      height: 240,
    });

    // The runner runs the job again (a crash before it was marked done): still one e-mail.
    await runAgain(podcastId, 1, { render: working() });
    expect(emailsAbout(podcastId)).toHaveLength(1);
  });

  test("a crash between completing and writing the e-mail: the job's next run writes it", async () => {
    const podcastId = await requestPodcast("Sunday Bread");
    await runJobs({ render: working() });
    db.delete(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `podcast-ready:${podcastId}`))
      .run();
    await runAgain(podcastId, 1, { render: working() });
    expect(emailsAbout(podcastId).map((e) => e.subject)).toEqual(["Your podcast is ready: Sunday Bread"]);
  });

  test("a family podcast links to its page too", async () => {
    const campaign = createTestCampaign(owner.id, { status: "active" });
    insertTestContribution(campaign.id);
    const res = await callRoute(
      campaignGenerateApi.action,
      makeRequest(`/api/campaigns/${campaign.id}/generate-podcast`, { method: "POST", cookie: owner.cookie, json: {} }),
      {
        campaignId: campaign.id,
      },
    );
    const { podcastId } = (await res.json()) as { podcastId: string };
    await runJobs({ render: working() });
    const [email] = emailsAbout(podcastId);
    expect(email).toMatchObject({ kind: "podcast_ready", subject: `Your podcast is ready: ${campaign.title}` });
    expect(email!.text).toContain(`${appUrl()}/podcast/${podcastId}`);
  });

  test("no e-mail for a podcast its owner deleted, before or while it was made", async () => {
    const before = await requestPodcast();
    await deleteOwnedPodcast(owner.id, before);
    const during = await requestPodcast();
    const { render } = fakeRenderer({ onCall: () => void deleteOwnedPodcast(owner.id, during) });
    await runJobs({ render: render as unknown as GenerationDeps["render"] });
    expect(await getPodcast(during)).toBeUndefined();
    expect([...emailsAbout(before), ...emailsAbout(during)]).toEqual([]);
  });
});

describe("'Your podcast could not be made'", () => {
  test("after the last try: one e-mail with the reason and a link to Retry Generation", async () => {
    setClock(new Date("2027-04-01T00:00:00Z"));
    const podcastId = await requestPodcast("Grandpa's Boat");
    for (let i = 0; i < GENERATION_MAX_ATTEMPTS; i++) {
      // Tries before the last put the podcast back in the queue: nothing to tell yet.
      expect(emailsAbout(podcastId)).toEqual([]);
      await runJobs({ render: broken() });
      advanceClock(60_000);
    }
    expect((await getPodcast(podcastId))!.status).toBe("failed");
    const [email, ...others] = emailsAbout(podcastId);
    expect(others).toEqual([]);
    expect(email).toMatchObject({
      kind: "podcast_failed",
      subject: "Your podcast could not be made: Grandpa's Boat",
      status: "stored",
    });
    const retry = `${appUrl()}/create-podcast?podcast=${podcastId}&step=generate`;
    expect(email!.text).toContain("What went wrong: Audio generation failed: ffmpeg exited with code 1");
    expect(email!.text).toContain(`Retry Generation:\n${retry}`);
    expect(email!.html).toContain(`href="${retry.replace(/&/g, "&amp;")}"`);
  });

  test("a failure that is final at once (the story was deleted), run twice: one e-mail", async () => {
    const podcastId = await requestPodcast();
    db.delete(stories)
      .where(eq(stories.id, (await getPodcast(podcastId))!.storyId!))
      .run();
    await runJobs({ render: working() });
    await runAgain(podcastId, 1, { render: working() });
    const emails = emailsAbout(podcastId);
    expect(emails.map((e) => e.kind)).toEqual(["podcast_failed"]);
    expect(emails[0]!.text).toContain("What went wrong: Story data is missing. Please go back and try again.");
  });

  test("a family podcast is retried from its collection's page", async () => {
    setClock(new Date("2027-05-01T00:00:00Z"));
    const campaign = createTestCampaign(owner.id, { status: "active" });
    insertTestContribution(campaign.id);
    const res = await callRoute(
      campaignGenerateApi.action,
      makeRequest(`/api/campaigns/${campaign.id}/generate-podcast`, { method: "POST", cookie: owner.cookie, json: {} }),
      {
        campaignId: campaign.id,
      },
    );
    const { podcastId } = (await res.json()) as { podcastId: string };
    for (let i = 0; i < GENERATION_MAX_ATTEMPTS; i++) {
      await runJobs({ render: broken() });
      advanceClock(60_000);
    }
    const [email] = emailsAbout(podcastId);
    expect(email!.text).toContain(`Retry Generation:\n${appUrl()}/campaigns/${campaign.id}/stories#podcast`);
  });
});
