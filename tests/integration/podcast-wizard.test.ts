// The podcast wizard's route (/create-podcast), its loader and action called for real: the step
// each URL shows, the forms of every step, the limit, and ownership.
import { jobs, podcasts, stories, users } from "#db/schema";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";

import { listeningMessages } from "~/features/podcasts/listening/listening-messages";
import { podcastMessages } from "~/features/podcasts/messages";
import { db } from "~/lib/db.server";
import * as wizard from "~/routes/_app+/create-podcast";

import { callRoute, createTestUser, makeRequest, type TestUser } from "../utils/auth";
import { createCompletePodcast } from "../utils/listening-helpers";
import { makePdf } from "../utils/podcast-helpers";
import { createInterruptedPodcast, createStory } from "../utils/podcast-wizard-helpers";

const u = podcastMessages.upload;
const json = (res: Response) => res.json() as Promise<Record<string, unknown>>;
type Reply = { intent: string; result: { error?: Record<string, string[]> } };

let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  alice = await createTestUser();
  bob = await createTestUser();
});

const load = (user: TestUser | null, query = "") =>
  callRoute(wizard.loader, makeRequest(`/create-podcast${query}`, { cookie: user?.cookie }));
const post = (user: TestUser, form: Record<string, string>) =>
  callRoute(wizard.action, makeRequest("/create-podcast", { cookie: user.cookie, form }));
const postPdf = (user: TestUser, file: Blob | null, name = "story.pdf") => {
  const form = new FormData();
  form.set("pdfFile", file ?? new Blob([]), file ? name : "");
  return callRoute(
    wizard.action,
    new Request("http://localhost/create-podcast", { method: "POST", headers: { Cookie: user.cookie }, body: form }),
  );
};
const storyFrom = (location: string | null) => new URL(location ?? "", "http://localhost").searchParams.get("story")!;

describe("loader: the step comes from the URL", () => {
  test("no parameters: step 1; a later step without its story: the spec's message", async () => {
    // Every step also carries the 'Your Recent Podcasts' grid.
    const recent = expect.any(Array);
    expect(await json(await load(alice))).toEqual({
      view: "upload",
      recent,
      textConstraint: expect.objectContaining({ storyTitle: expect.objectContaining({ required: true }) }),
    });
    expect(await json(await load(alice, "?step=review"))).toEqual({ view: "missing-story", recent });
    expect(await json(await load(alice, "?story="))).toEqual({ view: "missing-story", recent });
  });

  test("?story= is step 2 with the spec's defaults; &step=review is step 3 with the word count", async () => {
    const story = createStory(alice.id, "Lake", "one two three four");
    expect(await json(await load(alice, `?story=${story.id}`))).toMatchObject({
      view: "voices",
      story: { id: story.id, title: "Lake" },
      voice: {
        hostCount: 1,
        primaryVoice: "female-warm",
        primaryAccent: "american",
        primarySpeed: 1,
        secondaryVoice: null,
      },
      // flite only here: the women speak American, the men American and British (decision 0130).
      offer: {
        "female-warm": { american: "built-in", british: "download", australian: "unavailable" },
        "male-warm": { british: "built-in", australian: "download" },
      },
    });
    const review = await json(
      await load(alice, `?story=${story.id}&step=review&hostCount=2&primarySpeed=1.3&secondaryVoice=male-professional`),
    );
    expect(review).toMatchObject({
      view: "review",
      story: { sourceLabel: "Text Entry", words: 4 },
      voice: {
        hostCount: 2,
        primarySpeed: 1.3,
        secondaryVoice: "male-professional",
        secondaryAccent: "american",
        secondarySpeed: 1,
      },
      // The estimate's parts: the script's speech from the voices' pace, and each intro/outro's stings.
      episode: { stingSeconds: { standard: 6, none: 0 } },
    });
    expect((review.episode as { speechSeconds: number }).speechSeconds).toBeGreaterThan(5);
    // Unreadable choices fall back to the defaults rather than failing.
    expect(await json(await load(alice, `?story=${story.id}&primarySpeed=9`))).toMatchObject({
      voice: { primarySpeed: 1 },
    });
  });

  test("?podcast= is the progress card until complete, then step 4; &step=generate keeps the card", async () => {
    const story = createStory(alice.id);
    const podcast = db
      .insert(podcasts)
      .values({
        ownerId: alice.id,
        storyId: story.id,
        title: "P",
        status: "failed",
        errorMessage: "Audio generation failed: x",
      })
      .returning()
      .get();
    const failed = await json(await load(alice, `?podcast=${podcast.id}`));
    expect(failed).toMatchObject({
      view: "progress",
      podcast: {
        status: "failed",
        statusLabel: "Failed",
        errorMessage: "Audio generation failed: x",
        story: { title: "Summers at the Lake", sourceLabel: "Text Entry" },
      },
    });
    expect(String(failed.backTo)).toContain(`story=${story.id}`);
    expect(String(failed.backTo)).toContain("step=review");

    db.update(podcasts)
      .set({ status: "complete", audioKey: "podcasts/x/episode.mp3" })
      .where(eq(podcasts.id, podcast.id))
      .run();
    expect(await json(await load(alice, `?podcast=${podcast.id}`))).toMatchObject({
      view: "ready",
      podcast: { audioUrl: `/api/podcasts/${podcast.id}/audio` },
    });
    expect(await json(await load(alice, `?podcast=${podcast.id}&step=generate`))).toMatchObject({
      view: "progress",
      podcast: { status: "complete" },
    });
  });

  test("a podcast whose job is gone is reported failed, never stuck", async () => {
    const podcast = createInterruptedPodcast(alice.id, createStory(alice.id).id);
    expect(await json(await load(alice, `?podcast=${podcast.id}`))).toMatchObject({
      podcast: { status: "failed", errorMessage: podcastMessages.failure.interrupted },
    });
  });

  test("signed out: to the login page", async () => {
    const res = await load(null);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/login/);
  });
});

describe("step 1: the story", () => {
  test("'Continue with Text' saves the story and goes to step 2; blanks get the spec's messages", async () => {
    const ok = await post(alice, { intent: "text-story", storyTitle: " Lake ", storyContent: "We swam." });
    expect(ok.status).toBe(302);
    const story = db
      .select()
      .from(stories)
      .where(eq(stories.id, storyFrom(ok.headers.get("Location"))))
      .get()!;
    expect(story).toMatchObject({ ownerId: alice.id, title: "Lake", content: "We swam.", source: "text" });

    const blank = await post(alice, { intent: "text-story", storyTitle: "  ", storyContent: "" });
    expect(blank.status).toBe(400);
    const { result } = (await json(blank)) as Reply;
    expect(result.error).toMatchObject({
      storyTitle: [u.missingTitle.description],
      storyContent: [u.missingContent.description],
    });
  });

  test("a PDF (by its bytes) becomes a story; the wrong type, none chosen and unreadable bodies get the messages", async () => {
    const ok = await postPdf(alice, new Blob([makePdf(["Grandpa kept bees."], "Bees")]));
    expect(ok.status).toBe(302);
    expect(
      db
        .select()
        .from(stories)
        .where(eq(stories.id, storyFrom(ok.headers.get("Location"))))
        .get(),
    ).toMatchObject({ title: "Bees", source: "pdf" });

    const wrong = await postPdf(alice, new Blob(["plain words"], { type: "application/pdf" }));
    expect(wrong.status).toBe(415);
    expect(await json(wrong)).toEqual({ intent: "pdf", error: u.invalidType });

    const none = await postPdf(alice, null);
    expect(none.status).toBe(400);
    expect(await json(none)).toEqual({ intent: "pdf", error: u.noFile });

    const broken = await callRoute(
      wizard.action,
      makeRequest("/create-podcast", {
        cookie: alice.cookie,
        body: "--x\r\nnot a multipart body",
        headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
      }),
    );
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);
  });
});

describe("steps 2 and 3: voices, then generation", () => {
  test("voices go to the review URL; a bad choice is refused; a missing story gets the spec's message", async () => {
    const story = createStory(alice.id);
    const ok = await post(alice, {
      intent: "voices",
      storyId: story.id,
      hostCount: "2",
      primaryVoice: "male-warm",
      primaryAccent: "british",
      primarySpeed: "0.8",
    });
    expect(ok.status).toBe(302);
    const params = new URL(ok.headers.get("Location")!, "http://localhost").searchParams;
    expect(Object.fromEntries(params)).toEqual({
      story: story.id,
      step: "review",
      hostCount: "2",
      primaryVoice: "male-warm",
      primaryAccent: "british",
      primarySpeed: "0.8",
      secondaryVoice: "male-warm",
      secondaryAccent: "american",
      secondarySpeed: "1",
    });
    expect((await post(alice, { intent: "voices", storyId: story.id, primarySpeed: "1.55" })).status).toBe(400);
    // A choice this installation cannot speak (flite only: no Australian voice) is refused by the server (decision 0130).
    const unspoken = await post(alice, {
      intent: "voices",
      storyId: story.id,
      primaryVoice: "female-warm",
      primaryAccent: "australian",
    });
    expect(unspoken.status).toBe(400);
    expect(JSON.stringify(await unspoken.json())).toContain("Australian for Female, warm is not available yet.");
    expect((await post(alice, { intent: "voices", storyId: story.id, hostCount: "3" })).status).toBe(400);
    const missing = await post(alice, { intent: "voices", hostCount: "1" });
    expect(missing.status).toBe(400);
    expect(((await json(missing)) as Reply).result.error?.storyId).toEqual([podcastMessages.generation.storyMissing]);
  });

  test("'Generate Podcast' stores the podcast and its job, then shows its progress", async () => {
    const story = createStory(alice.id);
    const res = await post(alice, {
      intent: "generate",
      storyId: story.id,
      hostCount: "2",
      primaryVoice: "female-professional",
      secondaryVoice: "male-warm",
      secondarySpeed: "1.1",
      backgroundMusic: "soft-jazz",
      introOutro: "minimal",
      processingQuality: "premium",
    });
    expect(res.status).toBe(302);
    const podcastId = new URL(res.headers.get("Location")!, "http://localhost").searchParams.get("podcast")!;
    expect(db.select().from(podcasts).where(eq(podcasts.id, podcastId)).get()).toMatchObject({
      ownerId: alice.id,
      storyId: story.id,
      status: "queued",
      hostCount: 2,
      primaryVoice: "female-professional",
      secondarySpeed: 1.1,
      backgroundMusic: "soft-jazz",
      introOutro: "minimal",
      processingQuality: "premium",
    });
    expect(
      db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `podcast:${podcastId}:1`))
        .get(),
    ).toBeDefined();
    expect((await post(alice, { intent: "generate", storyId: story.id, backgroundMusic: "warm" })).status).toBe(400);
  });

  test("the podcast limit (403) is shown on the form and nothing is created", async () => {
    const limited = await createTestUser();
    db.update(users).set({ podcastLimit: 1, podcastsGenerated: 1 }).where(eq(users.id, limited.id)).run();
    const story = createStory(limited.id);
    const res = await post(limited, { intent: "generate", storyId: story.id });
    expect(res.status).toBe(403);
    expect(((await json(res)) as { result: { error: Record<string, string[]> } }).result.error[""]).toEqual([
      podcastMessages.generation.limitReached(1),
    ]);
    expect(db.select().from(podcasts).where(eq(podcasts.ownerId, limited.id)).all()).toHaveLength(0);
  });

  test("'Retry Generation' queues a failed podcast again; a podcast that did not fail is refused", async () => {
    const podcast = createInterruptedPodcast(alice.id, createStory(alice.id).id);
    await load(alice, `?podcast=${podcast.id}`); // reading it finds the job gone: failed
    const res = await post(alice, { intent: "retry", podcastId: podcast.id });
    expect(res.status).toBe(302);
    expect(db.select().from(podcasts).where(eq(podcasts.id, podcast.id)).get()).toMatchObject({
      status: "queued",
      errorMessage: null,
    });
    const again = await post(alice, { intent: "retry", podcastId: podcast.id });
    expect(again.status).toBe(409);
    expect(await json(again)).toEqual({ intent: "retry", error: podcastMessages.generation.onlyFailedCanRetry });
  });

  test("unknown intents and bodies that are not forms answer 4xx", async () => {
    expect((await post(alice, { intent: "launch" })).status).toBe(400);
    const asJson = await callRoute(
      wizard.action,
      makeRequest("/create-podcast", { cookie: alice.cookie, json: { intent: "voices" } }),
    );
    expect(asJson.status).toBe(415);
  });
});

test("user B gets 404 for user A's story and podcast on every step and action", async () => {
  const story = createStory(alice.id);
  const podcast = createInterruptedPodcast(alice.id, story.id);
  for (const query of [
    `?story=${story.id}`,
    `?story=${story.id}&step=review`,
    `?podcast=${podcast.id}`,
    "?podcast=missing",
  ]) {
    expect((await load(bob, query)).status).toBe(404);
  }
  const forms: Record<string, string>[] = [
    { intent: "voices", storyId: story.id },
    { intent: "generate", storyId: story.id },
    { intent: "retry", podcastId: podcast.id },
  ];
  for (const form of forms) {
    expect((await post(bob, form)).status).toBe(404);
  }
  expect(db.select().from(podcasts).where(eq(podcasts.storyId, story.id)).all()).toHaveLength(1);
  expect(db.select().from(podcasts).where(eq(podcasts.id, podcast.id)).get()!.status).toBe("voice_processing");
});

describe("step 4: the podcast page's share panel", () => {
  test("shows with the podcast; its forms post to the wizard, come back to step 4, and check input and owner", async () => {
    const podcast = await createCompletePodcast(alice.id, { title: "Shared at step 4" });
    const here = `/create-podcast?podcast=${podcast.id}`;
    const postHere = (user: TestUser, form: Record<string, string>, cookie = user.cookie) =>
      callRoute(wizard.action, makeRequest(here, { cookie, form }));
    expect(await json(await load(alice, `?podcast=${podcast.id}`))).toMatchObject({
      view: "ready",
      podcast: { id: podcast.id, hasTranscript: true },
      panel: { newsletterHref: null, pinned: false, share: null },
    });

    const refused = await postHere(alice, { intent: "share", expiration: "0" });
    expect(refused.status).toBe(400);
    expect(await json(refused)).toMatchObject({
      intent: "share",
      failed: true,
      result: { error: { expiration: [listeningMessages.share.expiryRange] } },
    });

    const made = await postHere(alice, { intent: "share", expiration: "7" });
    expect(made.status).toBe(302);
    expect(made.headers.get("Location")).toBe(here);
    // The link is remembered in a cookie for the page it goes back to, on the request's own origin (no APP_URL here).
    const cookie = [alice.cookie, ...made.headers.getSetCookie().map((c) => c.split(";")[0])].join("; ");
    const shown = await json(await callRoute(wizard.loader, makeRequest(here, { cookie })));
    expect(shown).toMatchObject({ panel: { share: { days: 7, passwordProtected: false } } });
    expect((shown.panel as { share: { url: string } }).share.url).toMatch(/^http:\/\/localhost\/s\/[A-Za-z0-9_-]{43}$/);

    const saved = await postHere(alice, { intent: "save-library" });
    expect(saved.headers.get("Location")).toBe(here);
    expect((await postHere(bob, { intent: "share", expiration: "7" })).status).toBe(404);
    expect(
      (
        await callRoute(
          wizard.action,
          makeRequest("/create-podcast", { cookie: alice.cookie, form: { intent: "no-share-link" } }),
        )
      ).status,
    ).toBe(404);
  });
});
