// Decision 0128: the script reviewed before any audio, and the family's
// pronunciation list reaching the synthesizer (not the transcript).
import { campaigns, jobs, podcasts, pronunciations } from "#db/schema";
import { eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";

import { phonemize } from "~/audio/piper.server";
import { normalizeForSpeech } from "~/audio/speech-text";
import { createGeneratePodcastHandler, type GenerationDeps } from "~/features/podcasts/generation/generate.server";
import { getPodcast } from "~/features/podcasts/podcasts.server";
import { hostNames } from "~/features/podcasts/script/host-names.server";
import type { ScriptSegment } from "~/features/podcasts/script/script";
import { scriptMessages } from "~/features/podcasts/script/script-messages";
import { db } from "~/lib/db.server";
import { JobRunner } from "~/lib/queue/runner.server";
import * as storiesRoute from "~/routes/_app+/campaigns.$campaignId.stories";
import * as wizardRoute from "~/routes/_app+/create-podcast";
import * as scriptRoute from "~/routes/_app+/podcast.$id_.script";
import * as listenRoute from "~/routes/_app+/pronunciations.$id.listen";
import * as campaignGenerateApi from "~/routes/api+/campaigns+/$campaignId.generate-podcast";
import * as generateApi from "~/routes/api+/podcasts+/generate";

import { callRoute, createTestUser, makeRequest, type TestUser } from "../utils/auth";
import { fakeRenderer } from "../utils/podcast-helpers";
import { createStory } from "../utils/podcast-wizard-helpers";
import { createTestCampaign, insertTestContribution } from "../utils/stories-helpers";

const e = scriptMessages.script.errors;
const p = scriptMessages.pronunciations.errors;
type Json = Record<string, unknown>;

beforeEach(() => {
  db.update(jobs)
    .set({ status: "done" })
    .where(inArray(jobs.status, ["queued", "running"]))
    .run();
});

async function runJobs() {
  const renderer = fakeRenderer();
  await new JobRunner({
    handlers: {
      "generate-podcast": createGeneratePodcastHandler({
        openAI: null,
        render: renderer.render as unknown as GenerationDeps["render"],
      }),
    },
  }).runUntilIdle();
  return renderer.calls;
}

/** 'Review the script first' on the wizard's step 3, then the job: the podcast waits at 'script_ready'. */
async function reviewFirst(user: TestUser, content: string, hostCount: 1 | 2 = 2) {
  const story = createStory(user.id, "Siobhan's Lake", content);
  const form: Record<string, string> = {
    intent: "generate",
    then: "review",
    storyId: story.id,
    hostCount: String(hostCount),
    backgroundMusic: "none",
    introOutro: "none",
    processingQuality: "standard",
  };
  const res = await callRoute(
    wizardRoute.action,
    makeRequest("/create-podcast", { method: "POST", cookie: user.cookie, form }),
  );
  expect(res.status).toBe(302);
  const podcastId = new URL(res.headers.get("Location")!, "http://x").searchParams.get("podcast")!;
  expect(await runJobs()).toEqual([]);
  return podcastId;
}

const post = (user: TestUser, podcastId: string, form: Record<string, string>) =>
  callRoute(
    scriptRoute.action,
    makeRequest(`/podcast/${podcastId}/script`, { method: "POST", cookie: user.cookie, form }),
    { id: podcastId },
  );
const stored = async (podcastId: string) => (await getPodcast(podcastId))!;
const segmentsOf = async (podcastId: string) => (await stored(podcastId)).script as ScriptSegment[];

describe("the script review step", () => {
  test("the job stops after the script; lines are edited and moved; the audio speaks the edited script", async () => {
    const owner = await createTestUser({ podcastLimit: 100 });
    const podcastId = await reviewFirst(owner, "We rowed across the lake at dawn. Grandpa sang the whole way.");
    expect(await stored(podcastId)).toMatchObject({ status: "script_ready", audioKey: null });
    const before = await segmentsOf(podcastId);
    const last = before.length - 1;

    expect(
      (await post(owner, podcastId, { intent: "save-script", "line-1": "  We rowed across Lough Derg at dawn.  " }))
        .status,
    ).toBe(302);
    expect((await post(owner, podcastId, { intent: `move-segment:${last}` })).status).toBe(302);
    const after = await segmentsOf(podcastId);
    expect(after[1]).toEqual({ ...before[1], text: "We rowed across Lough Derg at dawn." });
    expect(after[last]!.speaker).not.toBe(before[last]!.speaker);
    expect((await stored(podcastId)).transcript).toContain("We rowed across Lough Derg at dawn.");

    // The page shows the edited script to its owner only.
    const page = (await (
      await callRoute(scriptRoute.loader, makeRequest(`/podcast/${podcastId}/script`, { cookie: owner.cookie }), {
        id: podcastId,
      })
    ).json()) as Json;
    expect(page).toMatchObject({ editable: true });
    const stranger = await createTestUser();
    expect(
      (
        await callRoute(scriptRoute.loader, makeRequest(`/podcast/${podcastId}/script`, { cookie: stranger.cookie }), {
          id: podcastId,
        })
      ).status,
    ).toBe(404);
    expect((await post(stranger, podcastId, { intent: "save-script", "line-0": "Mine now" })).status).toBe(404);
    expect((await post(stranger, podcastId, { intent: "make-audio" })).status).toBe(404);

    expect((await post(owner, podcastId, { intent: "make-audio" })).status).toBe(302);
    const calls = await runJobs();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.segments).toEqual(after);
    expect(await stored(podcastId)).toMatchObject({ status: "complete" });
    expect((await stored(podcastId)).transcript).toContain("Grace: We rowed across Lough Derg at dawn.");

    // Once the audio is made the script is no longer reviewable.
    const late = await post(owner, podcastId, { intent: "save-script", "line-0": "Too late" });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ error: e.notReviewable });
    expect((await post(owner, podcastId, { intent: "make-audio" })).status).toBe(409);
  });

  test("'Make the audio' saves every line as typed first, so an unsaved edit is what the audio says", async () => {
    const owner = await createTestUser({ podcastLimit: 100 });
    const podcastId = await reviewFirst(owner, "We rowed across the lake at dawn. Grandpa sang the whole way.");
    const before = await segmentsOf(podcastId);
    const last = before.length - 1;
    const form: Record<string, string> = { intent: "make-audio" };
    before.forEach((segment, i) => (form[`line-${i}`] = segment.text));
    form["line-0"] = "Welcome to the lake, everyone.";
    form[`line-${last}`] = "And that was Grandpa's song.";
    expect((await post(owner, podcastId, form)).status).toBe(302);
    const calls = await runJobs();
    expect(calls[0]!.segments[0]!.text).toBe("Welcome to the lake, everyone.");
    expect(calls[0]!.segments[last]!.text).toBe("And that was Grandpa's song.");
    expect(calls[0]!.segments.slice(1, last)).toEqual(before.slice(1, last));
  });

  test("the JSON API asks for the same review with reviewScript: true; a non-boolean is a 400", async () => {
    const owner = await createTestUser({ podcastLimit: 100 });
    const story = createStory(
      owner.id,
      "Siobhan's Lake",
      "We rowed across the lake at dawn. Grandpa sang the whole way.",
    );
    const call = (body: Json) =>
      callRoute(
        generateApi.action,
        makeRequest("/api/podcasts/generate", { method: "POST", cookie: owner.cookie, json: body }),
      );

    const res = await call({ storyId: story.id, voiceConfig: { hostCount: 2 }, options: {}, reviewScript: true });
    expect(res.status).toBe(201);
    const { podcastId, scriptUrl } = (await res.json()) as { podcastId: string; scriptUrl: string };
    expect(scriptUrl).toBe(`/podcast/${podcastId}/script`);
    expect(await runJobs()).toEqual([]);
    expect(await stored(podcastId)).toMatchObject({ status: "script_ready", audioKey: null });
    expect((await segmentsOf(podcastId)).map((s) => s.text).join(" ")).toContain("Grandpa sang the whole way.");

    // Without the flag the job goes on to the audio, as before.
    const plain = await call({ storyId: story.id, voiceConfig: {}, options: {} });
    expect(await plain.json()).not.toHaveProperty("scriptUrl");
    expect(await runJobs()).toHaveLength(1);

    expect((await call({ storyId: story.id, reviewScript: "yes" })).status).toBe(400);
  });

  test("a family podcast reviewed first: the collection waits at the script, the audio follows 'Make the audio', the collection gets its status back", async () => {
    const owner = await createTestUser({ podcastLimit: 100 });
    const campaign = createTestCampaign(owner.id, { status: "collecting" });
    insertTestContribution(campaign.id, {
      contributorName: "Aunt May",
      storyContent: "We baked bread every Sunday.",
      submittedAt: new Date("2026-01-01"),
    });
    const campaignStatus = () => db.select().from(campaigns).where(eq(campaigns.id, campaign.id)).get()!.status;
    const pageUrl = `/campaigns/${campaign.id}/stories`;
    const form = {
      intent: "review-podcast",
      primaryVoice: "female-warm",
      primaryAccent: "american",
      primarySpeed: "1",
      backgroundMusic: "none",
      processingQuality: "standard",
    };

    const res = await callRoute(
      storiesRoute.action,
      makeRequest(pageUrl, { method: "POST", cookie: owner.cookie, form }),
      { campaignId: campaign.id },
    );
    expect(res.status).toBe(302);
    expect(await runJobs()).toEqual([]);
    const podcast = db.select().from(podcasts).where(eq(podcasts.campaignId, campaign.id)).get()!;
    expect(podcast.status).toBe("script_ready");
    expect((await segmentsOf(podcast.id)).map((s) => s.text).join(" ")).toContain("We baked bread every Sunday.");
    // Waiting for the owner, the collection is back to its status; a second podcast still waits for this one.
    expect(campaignStatus()).toBe("collecting");
    const second = await callRoute(
      storiesRoute.action,
      makeRequest(pageUrl, { method: "POST", cookie: owner.cookie, form: { ...form, intent: "generate-podcast" } }),
      { campaignId: campaign.id },
    );
    expect(second.status).toBe(409);

    const made = await post(owner, podcast.id, { intent: "make-audio" });
    expect(made.status).toBe(302);
    expect(made.headers.get("Location")).toBe(pageUrl);
    expect(campaignStatus()).toBe("generating_podcast");
    const [input] = await runJobs();
    expect(input!.segments.map((s) => s.text).join(" ")).toContain("We baked bread every Sunday.");
    expect(await stored(podcast.id)).toMatchObject({ status: "complete" });
    expect(campaignStatus()).toBe("collecting");

    // The JSON API takes the same flag.
    db.delete(podcasts).where(eq(podcasts.id, podcast.id)).run();
    const api = await callRoute(
      campaignGenerateApi.action,
      makeRequest(`/api/campaigns/${campaign.id}/generate-podcast`, {
        method: "POST",
        cookie: owner.cookie,
        json: { reviewScript: true },
      }),
      { campaignId: campaign.id },
    );
    expect(api.status).toBe(201);
    expect(await runJobs()).toEqual([]);
    expect(db.select().from(podcasts).where(eq(podcasts.campaignId, campaign.id)).get()!.status).toBe("script_ready");
  });

  test("'Retry Generation' after a failed review job stops at the script again", async () => {
    const owner = await createTestUser({ podcastLimit: 100 });
    const podcastId = await reviewFirst(owner, "A story whose script job failed.");
    // As a script stage that failed for good leaves it.
    db.update(podcasts)
      .set({ status: "failed", script: null, transcript: null })
      .where(eq(podcasts.id, podcastId))
      .run();
    const res = await callRoute(
      wizardRoute.action,
      makeRequest("/create-podcast", { method: "POST", cookie: owner.cookie, form: { intent: "retry", podcastId } }),
    );
    expect(res.status).toBe(302);
    expect(await runJobs()).toEqual([]);
    expect(await stored(podcastId)).toMatchObject({ status: "script_ready" });
    expect((await segmentsOf(podcastId)).length).toBeGreaterThan(0);
  });

  test("bad lines get their message and a 4xx", async () => {
    const owner = await createTestUser({ podcastLimit: 100 });
    const podcastId = await reviewFirst(owner, "One short story.", 1);
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ intent: "save-script", "line-999": "Hello" }, 400, e.noSuchSegment],
      [{ intent: "move-segment:-1" }, 400, e.noSuchSegment],
      [{ intent: "move-segment:one" }, 400, e.noSuchSegment],
      [{ intent: "move-segment:0" }, 400, e.oneHost],
    ];
    for (const [form, status, error] of cases) {
      const res = await post(owner, podcastId, form);
      expect(res.status, JSON.stringify(form)).toBe(status);
      expect(await res.json()).toMatchObject({ error });
    }
    // A refused line gets its own message, and every line comes back as it was typed; nothing is saved.
    const before = await segmentsOf(podcastId);
    for (const [text, error] of [
      ["   ", e.textRequired],
      ["x".repeat(5001), e.textTooLong(5000)],
    ] as const) {
      const res = await post(owner, podcastId, { intent: "make-audio", "line-0": text });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ intent: "save-script", errors: { 0: error }, values: { 0: text } });
    }
    expect(await segmentsOf(podcastId)).toEqual(before);
    expect(await stored(podcastId)).toMatchObject({ status: "script_ready" });
    expect((await post(owner, podcastId, { intent: "nonsense" })).status).toBe(400);
  });
});

describe("the hosts' names on the review page", () => {
  test("each host is the chosen voice's name; one voice for both is told apart by role; an unknown voice is its role, never 'Host 2'", () => {
    expect(hostNames({ primaryVoice: "female-warm", secondaryVoice: "male-professional" })).toEqual({
      host1: "Grace",
      host2: "James",
    });
    expect(hostNames({ primaryVoice: "male-warm", secondaryVoice: "male-warm" })).toEqual({
      host1: "Henry (narrator)",
      host2: "Henry (host)",
    });
    expect(hostNames({ primaryVoice: "female-professional", secondaryVoice: null })).toEqual({
      host1: "Claire",
      host2: "Host",
    });
  });
});

describe("the family's pronunciation list", () => {
  const espeak = { espeak: { voice: "en-us" }, phoneme_id_map: {} };
  const phonemesOf = async (text: string) =>
    (await phonemize([normalizeForSpeech(text)], espeak))[0]!.flatMap((s) => s.phonemes).join("");

  test("an entry changes what the synthesizer is given, and so its phonemes; the transcript keeps the spelling", async () => {
    const owner = await createTestUser({ podcastLimit: 100 });
    const podcastId = await reviewFirst(owner, "Niamh rowed across the lake.");
    expect((await post(owner, podcastId, { intent: "add-pronunciation", term: "niamh", sayAs: "NEEV" })).status).toBe(
      302,
    );

    const duplicate = await post(owner, podcastId, { intent: "add-pronunciation", term: "NIAMH", sayAs: "x" });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toMatchObject({ errors: { term: p.duplicate } });
    const empty = await post(owner, podcastId, { intent: "add-pronunciation", term: " ", sayAs: "" });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ errors: { term: p.termRequired, sayAs: p.sayAsRequired } });

    expect((await post(owner, podcastId, { intent: "make-audio" })).status).toBe(302);
    const [input] = await runJobs();
    const spoken = input!.segments.find((s) => s.text.includes("rowed across"))!.text;
    expect(spoken).toContain("NEEV rowed across the lake.");
    expect(input!.segments.map((s) => s.text).join(" ")).not.toMatch(/niamh/i);
    expect((await stored(podcastId)).transcript).toContain("Niamh rowed across the lake.");

    // What the voice pronounces: espeak reads the spelling "Niamh" as /naɪəm/; the entry makes it /niːv/.
    const [asWritten, asEntered, line] = await Promise.all([
      phonemesOf("Niamh"),
      phonemesOf("NEEV"),
      phonemesOf(spoken),
    ]);
    expect(asWritten).toBe("nˈaɪəm");
    expect(asEntered).toBe("nˈiːv");
    expect(line).toContain(`${asEntered} ɹˈoʊd`);
    expect(line).not.toContain(asWritten);
  }, 30_000);

  test("entries are the owner's: another account cannot remove, hear or use them", async () => {
    const owner = await createTestUser({ podcastLimit: 100 });
    const other = await createTestUser({ podcastLimit: 100 });
    const podcastId = await reviewFirst(owner, "Niamh wrote to us.");
    await post(owner, podcastId, { intent: "add-pronunciation", term: "Niamh", sayAs: "NEEV" });
    const entry = db.select().from(pronunciations).where(eq(pronunciations.ownerId, owner.id)).get()!;

    const othersPodcast = await reviewFirst(other, "Niamh wrote to us.");
    expect(
      (await post(other, othersPodcast, { intent: "remove-pronunciation", pronunciationId: entry.id })).status,
    ).toBe(404);
    expect((await post(other, podcastId, { intent: "add-pronunciation", term: "Niamh", sayAs: "x" })).status).toBe(404);
    const listen = (user: TestUser, query = "") =>
      callRoute(
        listenRoute.loader,
        makeRequest(`/pronunciations/${entry.id}/listen${query}`, { cookie: user.cookie }),
        { id: entry.id },
      );
    expect((await listen(other)).status).toBe(404);
    expect((await listen(owner, "?voice=robot")).status).toBe(400);

    await post(other, othersPodcast, { intent: "make-audio" });
    const [input] = await runJobs();
    expect(input!.segments.map((s) => s.text).join(" ")).toContain("Niamh wrote to us.");

    expect((await post(owner, podcastId, { intent: "remove-pronunciation", pronunciationId: entry.id })).status).toBe(
      302,
    );
    expect(db.select().from(pronunciations).where(eq(pronunciations.ownerId, owner.id)).all()).toEqual([]);
    expect(db.select().from(podcasts).where(eq(podcasts.id, podcastId)).get()!.status).toBe("script_ready");
  }, 30_000);
});
