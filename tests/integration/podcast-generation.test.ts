import fs from "node:fs";
import path from "node:path";
import { campaigns, jobs, llmUsage, podcasts, stories, users } from "#db/schema";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { probe } from "~/audio/ffmpeg.server";
import { describeGenerationStatus } from "~/features/podcasts/generation-status";
import { deleteCampaignPodcasts } from "~/features/podcasts/generation/campaign-podcast.server";
import { createGeneratePodcastHandler, type GenerationDeps } from "~/features/podcasts/generation/generate.server";
import { podcastMessages } from "~/features/podcasts/messages";
import { GENERATION_MAX_ATTEMPTS, getPodcast } from "~/features/podcasts/podcasts.server";
import { writeBuiltinScript } from "~/features/podcasts/script/builtin-script-writer";
import { estimateLlmCostUsd } from "~/features/podcasts/script/llm-cost";
import { formatTranscript, type ScriptRequest } from "~/features/podcasts/script/script";
import { parseScriptAnswer, writeScript } from "~/features/podcasts/script/script-writer.server";
import { advanceClock, setClock } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { claimNextJob, getJob } from "~/lib/queue/queue.server";
import { JobRunner } from "~/lib/queue/runner.server";
import { getStorage } from "~/lib/storage/storage.server";
import * as campaignGenerateApi from "~/routes/api+/campaigns+/$campaignId.generate-podcast";
import * as campaignPodcastApi from "~/routes/api+/campaigns+/$campaignId.podcast";
import * as podcastApi from "~/routes/api+/podcasts+/$podcastId";
import * as audioApi from "~/routes/api+/podcasts+/$podcastId.audio";
import * as retryApi from "~/routes/api+/podcasts+/$podcastId.retry";
import * as generateApi from "~/routes/api+/podcasts+/generate";
import * as uploadApi from "~/routes/api+/stories.upload";

import { runPodcastCrash } from "../crash/podcast";
import { builtinLikeAnswer } from "../mocks/builtin-like-answer";
import { DEFAULT_USAGE, startFakeOpenAI, type FakeOpenAI } from "../mocks/openai-server";
import { callRoute, createTestUser, makeRequest, type TestUser } from "../utils/auth";
import { createDefaultTemplate, fakeRenderer, makePdf } from "../utils/podcast-helpers";
import { createTestCampaign, insertTestContribution } from "../utils/stories-helpers";

const u = podcastMessages.upload;
const g = podcastMessages.generation;
type Json = Record<string, unknown>;
const json = async (res: Response) => (await res.json()) as Json;

let alice: TestUser;
let bob: TestUser;
let fake: FakeOpenAI;

beforeAll(async () => {
  alice = await createTestUser({ podcastLimit: 1000 });
  bob = await createTestUser({ podcastLimit: 1000 });
  fake = await startFakeOpenAI();
  // Every status write of every podcast, in order: the job's stages as the database saw them.
  db.$client.exec(`
    create table podcast_status_log (seq integer primary key autoincrement, podcast_id text, status text);
    create trigger podcast_status_insert after insert on podcasts begin
      insert into podcast_status_log (podcast_id, status) values (new.id, new.status); end;
    create trigger podcast_status_update after update of status on podcasts when new.status is not old.status begin
      insert into podcast_status_log (podcast_id, status) values (new.id, new.status); end;
  `);
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => setClock(null));
// Each test runs only its own generation jobs: whatever earlier tests left queued is set aside.
beforeEach(() => {
  db.update(jobs)
    .set({ status: "done" })
    .where(inArray(jobs.status, ["queued", "running"]))
    .run();
});

const statusLog = (podcastId: string) =>
  (
    db.$client.prepare("select status from podcast_status_log where podcast_id = ? order by seq").all(podcastId) as {
      status: string;
    }[]
  ).map((r) => r.status);

// ── requests ─────────────────────────────────────────────────────────────

function uploadRequest(user: TestUser, fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return makeRequest("/api/stories/upload", { method: "POST", cookie: user.cookie, body: form });
}
const upload = (user: TestUser, fields: Record<string, string | File>) =>
  callRoute(uploadApi.action, uploadRequest(user, fields));
const pdfFile = (bytes: Uint8Array, name = "story.pdf", type = "application/pdf") =>
  new File([Buffer.from(bytes)], name, { type });

async function textStory(
  user: TestUser,
  storyTitle = "The Lake House",
  storyContent = "We spent every summer at the lake. Grandpa rowed us across at dawn.",
) {
  const res = await upload(user, { storyTitle, storyContent });
  expect(res.status).toBe(201);
  return (await json(res)) as { storyId: string; storyTitle: string };
}

const generate = (user: TestUser, body: unknown) =>
  callRoute(
    generateApi.action,
    makeRequest("/api/podcasts/generate", { method: "POST", cookie: user.cookie, json: body }),
  );
const detail = (user: TestUser, id: string) =>
  callRoute(podcastApi.loader, makeRequest(`/api/podcasts/${id}`, { cookie: user.cookie }), { podcastId: id });
const remove = (user: TestUser, id: string) =>
  callRoute(podcastApi.action, makeRequest(`/api/podcasts/${id}`, { method: "DELETE", cookie: user.cookie }), {
    podcastId: id,
  });
const retry = (user: TestUser, id: string) =>
  callRoute(retryApi.action, makeRequest(`/api/podcasts/${id}/retry`, { method: "POST", cookie: user.cookie }), {
    podcastId: id,
  });
const generateFamily = (user: TestUser, campaignId: string, body: unknown = {}) =>
  callRoute(
    campaignGenerateApi.action,
    makeRequest(`/api/campaigns/${campaignId}/generate-podcast`, { method: "POST", cookie: user.cookie, json: body }),
    { campaignId },
  );

async function requestPodcast(user: TestUser, voiceConfig: Json = {}, options: Json = {}) {
  const { storyId } = await textStory(user);
  const res = await generate(user, { storyId, voiceConfig, options });
  expect(res.status).toBe(201);
  return (await json(res)).podcastId as string;
}

/** A runner with the real handler, the given renderer and the built-in writer (or the fake language model). */
function runnerWith(deps: Partial<GenerationDeps>) {
  return new JobRunner({ handlers: { "generate-podcast": createGeneratePodcastHandler({ openAI: null, ...deps }) } });
}
const asRenderer = (render: unknown) => render as GenerationDeps["render"];

// ── stories ──────────────────────────────────────────────────────────────

describe("POST /api/stories/upload", () => {
  test("a typed story is saved and answers { storyId, storyTitle }", async () => {
    const { storyId, storyTitle } = await textStory(alice, "  Sunday Bread  ", "We baked bread every Sunday.");
    expect(storyTitle).toBe("Sunday Bread");
    const row = db.select().from(stories).where(eq(stories.id, storyId)).get()!;
    expect(row).toMatchObject({
      ownerId: alice.id,
      title: "Sunday Bread",
      content: "We baked bread every Sunday.",
      source: "text",
      pdfKey: null,
    });
  });

  test("a real PDF: its text is extracted, its title read from the metadata, the file kept", async () => {
    const pdf = makePdf(
      ["Grandpa Joe built the cabin in 1952.", 'He always said: "Measure twice (and then once more)."'],
      "The Cabin by the Pines",
    );
    const res = await upload(alice, { pdfFile: pdfFile(pdf, "cabin.pdf") });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.storyTitle).toBe("The Cabin by the Pines");
    const row = db
      .select()
      .from(stories)
      .where(eq(stories.id, body.storyId as string))
      .get()!;
    expect(row.source).toBe("pdf");
    expect(row.content).toBe(
      'Grandpa Joe built the cabin in 1952.\nHe always said: "Measure twice (and then once more)."',
    );
    expect(await getStorage().size(row.pdfKey!)).toBe(pdf.byteLength);
  });

  test("a PDF whose text starts with its title: the episode speaks the title once before the story", async () => {
    const pdf = makePdf(
      ["The Cabin by the Pines", "Grandpa Joe built the cabin in 1952.", "He always said: measure twice."],
      "The Cabin by the Pines",
    );
    const { storyId } = await json(await upload(alice, { pdfFile: pdfFile(pdf, "cabin.pdf") }));
    const res = await generate(alice, { storyId, voiceConfig: {}, options: {} });
    expect(res.status).toBe(201);
    await runnerWith({ render: asRenderer(fakeRenderer().render) }).runUntilIdle();
    const transcript = (await getPodcast((await json(res)).podcastId as string))!.transcript!;
    const opening = transcript.slice(0, transcript.indexOf("Grandpa Joe"));
    expect(opening).toBe("Grace: Hello. This is “The Cabin by the Pines”, one of our family's stories.\n\nGrace: ");
    expect(transcript).toContain("Grace: Grandpa Joe built the cabin in 1952. He always said: measure twice.");
  });

  test("without a PDF title the file name is the title; a typed title wins over both", async () => {
    const pdf = makePdf(["Aunt Rose kept bees."]);
    const byName = await json(await upload(alice, { pdfFile: pdfFile(pdf, "aunt_rose-bees.pdf") }));
    expect(byName.storyTitle).toBe("aunt rose bees");
    const typed = await json(
      await upload(alice, { storyTitle: "Rose's Bees", pdfFile: pdfFile(makePdf(["x"], "Meta title")) }),
    );
    expect(typed.storyTitle).toBe("Rose's Bees");
  });

  test("the type is decided by the content: a .pdf that is not a PDF is refused, a PDF with another name is accepted", async () => {
    const fakePdf = await upload(alice, {
      pdfFile: pdfFile(Buffer.from("just some text, not a pdf"), "story.pdf", "application/pdf"),
    });
    expect(fakePdf.status).toBe(415);
    expect(await json(fakePdf)).toMatchObject({ title: u.invalidType.title, message: u.invalidType.description });

    const realPdf = await upload(alice, { pdfFile: pdfFile(makePdf(["Real words."]), "notes.txt", "text/plain") });
    expect(realPdf.status).toBe(201);
  });

  test("a PDF over 20 MB is 'File too large' / 'Maximum file size is 20MB'", async () => {
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 0x20);
    big.write("%PDF-1.4\n", 0, "latin1");
    const res = await upload(alice, { pdfFile: pdfFile(big) });
    expect(res.status).toBe(413);
    expect(await json(res)).toMatchObject({ title: "File too large", message: "Maximum file size is 20MB" });
  });

  test("nothing chosen is 'No file selected'; an empty file input counts as nothing", async () => {
    for (const fields of [{}, { pdfFile: pdfFile(new Uint8Array(0), "") }] as Record<string, File>[]) {
      const res = await upload(alice, fields);
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({
        title: "No file selected",
        message: "Please select a PDF file to upload",
      });
    }
  });

  test("typed stories need a title and content", async () => {
    const noTitle = await upload(alice, { storyTitle: "  ", storyContent: "Some story" });
    expect(noTitle.status).toBe(400);
    expect(await json(noTitle)).toMatchObject({
      title: "Missing title",
      message: "Please enter a title for the story",
    });
    const noContent = await upload(alice, { storyTitle: "A title" });
    expect(noContent.status).toBe(400);
    expect(await json(noContent)).toMatchObject({
      title: "Missing content",
      message: "Please enter the story content",
    });
  });

  test("a PDF without readable text, or a broken one, is refused with a message", async () => {
    const empty = await upload(alice, { pdfFile: pdfFile(makePdf([])) });
    expect(empty.status).toBe(422);
    expect(await json(empty)).toMatchObject({ title: "Upload failed", message: u.noTextInPdf.description });
    const broken = await upload(alice, { pdfFile: pdfFile(Buffer.from("%PDF-1.4\nthis is not really a pdf")) });
    expect(broken.status).toBe(422);
    expect(await json(broken)).toMatchObject({ title: "Upload failed" });
  });

  test("malformed bodies answer 4xx, never 500; signed out is 401", async () => {
    const badMultipart = makeRequest("/api/stories/upload", {
      method: "POST",
      cookie: alice.cookie,
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="storyTitle"\r\n\r\nunterminated',
    });
    const res = await callRoute(uploadApi.action, badMultipart);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const wrongType = makeRequest("/api/stories/upload", {
      method: "POST",
      cookie: alice.cookie,
      headers: { "Content-Type": "text/plain" },
      body: "hi",
    });
    expect((await callRoute(uploadApi.action, wrongType)).status).toBe(415);
    expect(
      (
        await callRoute(
          uploadApi.action,
          makeRequest("/api/stories/upload", { method: "POST", form: { storyTitle: "x" } }),
        )
      ).status,
    ).toBe(401);
  });
});

// ── generation requests ──────────────────────────────────────────────────

describe("POST /api/podcasts/generate", () => {
  test("stores the request as 'queued' with its options, counts it, and enqueues one job", async () => {
    const before = db.select({ n: users.podcastsGenerated }).from(users).where(eq(users.id, alice.id)).get()!.n;
    const { storyId } = await textStory(alice);
    const res = await generate(alice, {
      storyId,
      voiceConfig: {
        hostCount: 2,
        primaryVoice: "male-professional",
        primaryAccent: "british",
        primarySpeed: 1.2,
        secondaryAccent: "british",
      },
      options: { backgroundMusic: "soft-jazz", introOutro: "minimal", processingQuality: "premium" },
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body).toMatchObject({ status: "queued", statusLabel: "In queue", progress: 5 });
    const podcast = (await getPodcast(body.podcastId as string))!;
    expect(podcast).toMatchObject({
      ownerId: alice.id,
      storyId,
      status: "queued",
      hostCount: 2,
      primaryVoice: "male-professional",
      primaryAccent: "british",
      primarySpeed: 1.2,
      // The second host's missing values are the spec's defaults.
      secondaryVoice: "male-warm",
      secondaryAccent: "british",
      secondarySpeed: 1,
      backgroundMusic: "soft-jazz",
      introOutro: "minimal",
      processingQuality: "premium",
    });
    const job = db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `podcast:${podcast.id}:1`))
      .get()!;
    expect(job).toMatchObject({ type: "generate-podcast", status: "queued", maxAttempts: GENERATION_MAX_ATTEMPTS });
    expect(job.payload).toMatchObject({ podcastId: podcast.id, attempt: 1 });
    expect(db.select({ n: users.podcastsGenerated }).from(users).where(eq(users.id, alice.id)).get()!.n).toBe(
      before + 1,
    );
  });

  test("defaults: one host, female-warm, american, speed 1, no music, standard; a secondary voice is dropped with one host", async () => {
    const { storyId } = await textStory(alice);
    const res = await generate(alice, { storyId, voiceConfig: { secondaryVoice: "male-warm", secondarySpeed: 1.4 } });
    const podcast = (await getPodcast((await json(res)).podcastId as string))!;
    expect(podcast).toMatchObject({
      hostCount: 1,
      primaryVoice: "female-warm",
      primaryAccent: "american",
      primarySpeed: 1,
      secondaryVoice: null,
      secondaryAccent: null,
      secondarySpeed: null,
      backgroundMusic: "none",
      introOutro: "standard",
      processingQuality: "standard",
    });
  });

  test("invalid voice settings are refused with a message", async () => {
    const { storyId } = await textStory(alice);
    const cases: [Json, string][] = [
      [{ voiceConfig: { hostCount: 3 } }, podcastMessages.validation.hostCount],
      [{ voiceConfig: { primarySpeed: 1.6 } }, podcastMessages.validation.speed(0.5, 1.5)],
      [{ voiceConfig: { primarySpeed: 0.55 } }, podcastMessages.validation.speed(0.5, 1.5)],
      [{ voiceConfig: { primaryAccent: "scottish" } }, podcastMessages.validation.accent],
      [{ voiceConfig: { primaryVoice: "robot" } }, podcastMessages.validation.voice],
      [{ options: { backgroundMusic: "warm" } }, podcastMessages.validation.backgroundMusic],
      [{ options: { introOutro: "family" } }, podcastMessages.validation.introOutro],
      [{ options: { processingQuality: "ultra" } }, podcastMessages.validation.processingQuality],
    ];
    for (const [body, message] of cases) {
      const res = await generate(alice, { storyId, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).message).toBe(message);
    }
  });

  test("'Story data is missing' when the story id is missing or not the caller's", async () => {
    const missing = await generate(alice, { voiceConfig: {} });
    expect(missing.status).toBe(400);
    expect((await json(missing)).message).toBe(g.storyMissing);
    const { storyId } = await textStory(alice);
    const foreign = await generate(bob, { storyId });
    expect(foreign.status).toBe(404);
    expect((await json(foreign)).message).toBe("Story data is missing. Please go back and try again.");
  });

  test("the podcast limit is enforced on the server", async () => {
    const carol = await createTestUser({ podcastLimit: 2 });
    const { storyId } = await textStory(carol);
    expect((await generate(carol, { storyId })).status).toBe(201);
    expect((await generate(carol, { storyId })).status).toBe(201);
    const refused = await generate(carol, { storyId });
    expect(refused.status).toBe(403);
    const { message } = await json(refused);
    expect(message).toBe(g.limitReached(2));
    expect(message).toMatch(/^You have reached your podcast limit \(2\)\. /);
    const row = db.select().from(users).where(eq(users.id, carol.id)).get()!;
    expect(row.podcastsGenerated).toBe(2);
    expect(db.select().from(podcasts).where(eq(podcasts.ownerId, carol.id)).all()).toHaveLength(2);
  });

  test("malformed bodies answer 4xx, never 500", async () => {
    const broken = makeRequest("/api/podcasts/generate", {
      method: "POST",
      cookie: alice.cookie,
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect((await callRoute(generateApi.action, broken)).status).toBe(400);
    const xml = makeRequest("/api/podcasts/generate", {
      method: "POST",
      cookie: alice.cookie,
      headers: { "Content-Type": "application/xml" },
      body: "<a/>",
    });
    expect((await callRoute(generateApi.action, xml)).status).toBe(415);
    for (const body of [
      [],
      "text",
      { storyId: 5 },
      { storyId: "x", voiceConfig: "loud" },
      { storyId: "x", options: [1] },
    ]) {
      const res = await generate(alice, body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const wrongMethod = makeRequest("/api/podcasts/generate", { method: "PUT", cookie: alice.cookie, json: {} });
    expect((await callRoute(generateApi.action, wrongMethod)).status).toBe(405);
  });
});

// ── script writing ───────────────────────────────────────────────────────

const story =
  "Grandma Ada grew tomatoes on the roof. She sold them at the Saturday market. Every jar of sauce had a handwritten label. We still have one of those labels.";

describe("script writer", () => {
  test("through the openai client: the admin's template is the system prompt, the story is sent, usage is recorded", async () => {
    createDefaultTemplate("dual_host", "TEMPLATE-DUAL: two cheerful hosts talk about a family memory.");
    const podcastId = await requestPodcast(alice, { hostCount: 2 });
    fake.setContent(
      JSON.stringify({
        segments: [
          { speaker: "host2", kind: "host", text: "Welcome. How does it begin?", chapter: null },
          { speaker: "host1", kind: "story", text: story, chapter: null },
          { speaker: "host2", kind: "host", text: "Thank you for “Roof Tomatoes”.", chapter: null },
        ],
      }),
    );
    const request: ScriptRequest = {
      podcastId,
      title: "Roof Tomatoes",
      hostCount: 2,
      format: "dual_host",
      stories: [{ content: story }],
    };
    const result = await writeScript(request, { apiKey: fake.apiKey, baseURL: fake.url, model: "gpt-4o-mini" });

    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe("/v1/chat/completions");
    expect(sent.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(sent.body.model).toBe("gpt-4o-mini");
    expect(sent.body.response_format).toMatchObject({ type: "json_schema", json_schema: { strict: true } });
    const [system, user] = sent.body.messages!;
    expect(system!.role).toBe("system");
    expect(system!.content.startsWith("TEMPLATE-DUAL: two cheerful hosts talk about a family memory.")).toBe(true);
    expect(system!.content).toContain('"segments"');
    expect(user!.content).toContain(story);
    expect(user!.content).toContain("Roof Tomatoes");

    expect(result).toMatchObject({ writer: "openai", model: "gpt-4o-mini" });
    expect(result.segments.map((s) => s.speaker)).toEqual(["host2", "host1", "host2"]);

    const usage = db.select().from(llmUsage).where(eq(llmUsage.podcastId, podcastId)).all();
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({
      provider: "openai-compatible",
      model: "gpt-4o-mini",
      promptTokens: DEFAULT_USAGE.prompt_tokens,
      completionTokens: DEFAULT_USAGE.completion_tokens,
    });
    expect(usage[0]!.costUsd).toBeCloseTo(
      estimateLlmCostUsd("gpt-4o-mini", DEFAULT_USAGE.prompt_tokens, DEFAULT_USAGE.completion_tokens),
      9,
    );
    expect(usage[0]!.costUsd).toBeGreaterThan(0);
  });

  test("the single-host and multi-contributor formats use their own templates", async () => {
    createDefaultTemplate("single_host", "TEMPLATE-SINGLE narrator prompt.");
    createDefaultTemplate("multi_contributor", "TEMPLATE-MULTI family voices prompt.");
    fake.setContent(builtinLikeAnswer);
    const config = { apiKey: fake.apiKey, baseURL: fake.url, model: "local-llama" };
    const single = await writeScript(
      {
        podcastId: await requestPodcast(alice),
        title: "T",
        hostCount: 1,
        format: "single_host",
        stories: [{ content: story }],
      },
      config,
    );
    expect(fake.requests.at(-1)!.body.messages![0]!.content).toMatch(/^TEMPLATE-SINGLE narrator prompt\./);
    expect(single.writer).toBe("openai");
    expect(single.segments.every((s) => s.speaker === "host1")).toBe(true);

    await writeScript(
      {
        podcastId: await requestPodcast(alice),
        title: "Summers",
        hostCount: 1,
        format: "multi_contributor",
        stories: [
          { contributorName: "Uncle Bo", content: "We fished off the dock." },
          { contributorName: null, content: "I remember the storm." },
        ],
      },
      config,
    );
    const sent = fake.requests.at(-1)!.body.messages!;
    expect(sent[0]!.content).toMatch(/^TEMPLATE-MULTI family voices prompt\./);
    expect(sent[1]!.content).toContain("written by Uncle Bo:\nWe fished off the dock.");
    expect(sent[1]!.content).toContain("written by a family member:\nI remember the storm.");
    // An unknown (local) model costs nothing.
    expect(
      db
        .select()
        .from(llmUsage)
        .where(eq(llmUsage.model, "local-llama"))
        .all()
        .every((r) => r.costUsd === 0),
    ).toBe(true);
  });

  // Refused answers are tested in tests/integration/llm-script.test.ts.
  test("a wrong key is an error; an unusable answer gives the built-in writer's script", async () => {
    const request: ScriptRequest = {
      podcastId: await requestPodcast(alice),
      title: "T",
      hostCount: 1,
      format: "single_host",
      stories: [{ content: story }],
    };
    await expect(writeScript(request, { apiKey: "sk-wrong", baseURL: fake.url, model: "gpt-4o-mini" })).rejects.toThrow(
      /401/,
    );
    fake.setContent("Sure! Here is your script: ...");
    await expect(
      writeScript(request, { apiKey: fake.apiKey, baseURL: fake.url, model: "gpt-4o-mini" }),
    ).resolves.toEqual({ segments: writeBuiltinScript(request), writer: "builtin", model: null });
    expect(parseScriptAnswer('{"segments":[]}')).toMatch(/not in the asked-for shape/);
    expect(
      parseScriptAnswer('```json\n{"segments":[{"speaker":"host1","kind":"host","text":"Hi","chapter":null}]}\n```'),
    ).toEqual([{ speaker: "host1", kind: "host", text: "Hi" }]);
  });

  test("built-in, one host: a warm narrator tells the story as written", () => {
    const segments = writeBuiltinScript({
      podcastId: "p",
      title: "Roof Tomatoes",
      hostCount: 1,
      format: "single_host",
      stories: [{ content: `${story}\n\nThe end of summer came.` }],
    });
    expect(segments.every((s) => s.speaker === "host1")).toBe(true);
    expect(segments.map((s) => s.text)).toEqual([
      "Hello. This is “Roof Tomatoes”.",
      story,
      "The end of summer came.",
      "That was “Roof Tomatoes”. Thank you for listening, and goodbye.",
    ]);
  });

  // The full property tests of the conversation are in app/features/podcasts/builtin-script-writer.test.ts.
  test("built-in, two hosts: 6 speaker segments, an interviewer asking and one narrator telling the story in order", () => {
    const segments = writeBuiltinScript({
      podcastId: "p",
      title: "Roof Tomatoes",
      hostCount: 2,
      format: "dual_host",
      stories: [{ content: story }],
    });
    expect(segments).toHaveLength(6);
    expect(segments.map((s) => s.speaker)).toEqual(["host2", "host1", "host2", "host1", "host2", "host1"]);
    const narrated = segments.filter((s) => s.speaker === "host1").map((s) => s.text);
    // The narrator says hello before the first words of the story.
    expect(narrated.slice(0, 2).join(" ")).toBe(`Hello. I'm glad to tell it. ${story}`);
    // The interviewer may ask about what the story names; what it states names none of it.
    const statements = (text: string) =>
      text
        .split(/(?<=[.!])\s+/)
        .filter((sentence) => !sentence.endsWith("?"))
        .join(" ");
    expect(
      segments
        .filter((s) => s.speaker === "host2")
        .every((s) => !/tomatoes on|market|jar|label/i.test(statements(s.text))),
    ).toBe(true);
    // A one-sentence story: one question, the sentence, the thanks and the goodbye.
    const short = writeBuiltinScript({
      podcastId: "p",
      title: "Short",
      hostCount: 2,
      format: "dual_host",
      stories: [{ content: "Dad loved jazz." }],
    });
    expect(short.map((s) => [s.speaker, s.text])).toEqual([
      ["host2", "Hello. Today's family story is “Short”. What did Dad love?"],
      ["host1", "Hello. I'm glad to tell it. Dad loved jazz."],
      ["host2", "Thank you for telling “Short”."],
      ["host1", "Thank you for listening. Goodbye."],
    ]);
  });

  test("built-in, a collection: relatives' words quoted as written (a line break is a space) and attributed by name, one chapter each", () => {
    const words = 'Mum said "never waste bread" — and we never did. Not once.';
    const segments = writeBuiltinScript({
      podcastId: "p",
      title: "Kitchen Stories",
      hostCount: 1,
      format: "multi_contributor",
      stories: [
        { contributorName: "Aunt May", content: words.replace(" Not", "\nNot") },
        { contributorName: "Uncle Bo", content: "We fished off the dock at dawn." },
        { contributorName: null, content: "The storm of '78 took the barn roof." },
      ],
    });
    expect(segments[0]!.text).toBe(
      "Hello. These are the stories of Aunt May, Uncle Bo and a family member, gathered for “Kitchen Stories”.",
    );
    // Introduced once each (these stories carry no question), then quoted and attributed.
    expect(segments.slice(1, 7)).toEqual([
      { speaker: "host1", text: "First, Aunt May.", chapter: "Aunt May" },
      { speaker: "host1", text: `Aunt May wrote: “${words}”`, chapter: "Aunt May" },
      { speaker: "host1", text: "Thank you, Aunt May. Next, Uncle Bo.", chapter: "Uncle Bo" },
      { speaker: "host1", text: "Uncle Bo wrote: “We fished off the dock at dawn.”", chapter: "Uncle Bo" },
      { speaker: "host1", text: "Thank you, Uncle Bo. And last, a family member.", chapter: "A family member" },
      {
        speaker: "host1",
        text: "A family member wrote: “The storm of '78 took the barn roof.”",
        chapter: "A family member",
      },
    ]);
    expect(segments.at(-1)!.text).toBe(
      "Thank you to Aunt May, Uncle Bo and a family member for sharing these memories.",
    );
    expect(formatTranscript(segments.slice(1, 3), { host1: "Grace", host2: "Henry" })).toBe(
      `Grace: First, Aunt May.\n\nGrace: Aunt May wrote: “${words}”`,
    );
  });
});

// ── the job ──────────────────────────────────────────────────────────────

describe("the generate-podcast job", () => {
  test("writes each status at its moment, in order, and stores the finished episode", async () => {
    const podcastId = await requestPodcast(alice, {
      hostCount: 2,
      primaryVoice: "male-warm",
      primaryAccent: "british",
      secondaryVoice: "female-professional",
      secondarySpeed: 0.9,
    });
    const seenByRenderer: string[] = [];
    const statusOf = (id: string) => db.select().from(podcasts).where(eq(podcasts.id, id)).get()!.status;
    const { render, calls } = fakeRenderer({
      onCall: (input) => seenByRenderer.push(statusOf(input.podcastId)),
      afterSpeech: (input) => seenByRenderer.push(statusOf(input.podcastId)),
    });
    setClock(new Date("2027-03-01T10:00:00Z"));
    await runnerWith({ render: asRenderer(render) }).runUntilIdle();

    expect(statusLog(podcastId)).toEqual([
      "queued",
      "script_generation",
      "voice_processing",
      "audio_processing",
      "complete",
    ]);
    // Speech while 'voice_processing'; mixing and encoding once the voices are done.
    expect(seenByRenderer).toEqual(["voice_processing", "audio_processing"]);
    const podcast = (await getPodcast(podcastId))!;
    expect(podcast).toMatchObject({
      status: "complete",
      audioKey: `podcasts/${podcastId}/episode.mp3`,
      duration: 12,
      errorMessage: null,
      completedAt: new Date("2027-03-01T10:00:00Z"),
    });
    expect(podcast.fileSize).toBe(await getStorage().size(podcast.audioKey!));
    // The script and a transcript with speaker names are stored with the podcast.
    expect(podcast.script).toHaveLength(6);
    // The second voice interviews, the first tells the story (decision 0127); each is named by its voice.
    expect(podcast.transcript!.split("\n\n").map((l) => l.split(":")[0])).toEqual([
      "Claire",
      "Henry",
      "Claire",
      "Henry",
      "Claire",
      "Henry",
    ]);
    expect(calls[0]).toMatchObject({
      podcastId,
      title: "The Lake House",
      hosts: {
        host1: { voice: "male-warm", accent: "british", speed: 1 },
        host2: { voice: "female-professional", accent: "american", speed: 0.9 },
      },
      backgroundMusic: "none",
      introOutro: "standard",
      quality: "standard",
    });
    expect(calls[0]!.segments).toEqual(podcast.script);

    const res = await detail(alice, podcastId);
    expect(await json(res)).toMatchObject({
      status: "complete",
      statusLabel: "Complete",
      progress: 100,
      audioUrl: `/api/podcasts/${podcastId}/audio`,
      hostLabel: "Two voices",
      scriptSummary: "6 speaker segments",
      story: { title: "The Lake House", source: "text", sourceLabel: "Text Entry" },
    });
    const audio = await callRoute(
      audioApi.loader,
      makeRequest(`/api/podcasts/${podcastId}/audio`, { cookie: alice.cookie, headers: { Range: "bytes=0-2" } }),
      { podcastId },
    );
    expect(audio.status).toBe(206);
    expect(await audio.text()).toBe("ID3");
  });

  test("'custom' reads the owner's own intro where 'standard' reads the welcome; the scripts differ", async () => {
    const intro = "Hello from the Baker family kitchen, where every story starts with tea.";
    const standardId = await requestPodcast(alice, {}, { introOutro: "standard" });
    const customId = await requestPodcast(alice, {}, { introOutro: "custom", customIntro: `  ${intro}  ` });
    const twoHostId = await requestPodcast(alice, { hostCount: 2 }, { introOutro: "custom", customIntro: intro });
    expect((await getPodcast(customId))!.customIntro).toBe(intro);
    const { render, calls } = fakeRenderer();
    await runnerWith({ render: asRenderer(render) }).runUntilIdle();
    const script = async (id: string) => (await getPodcast(id))!.script!;
    const standard = await script(standardId);
    const custom = await script(customId);
    expect(standard[0]!.text).toBe("Hello. This is “The Lake House”, one of our family's stories.");
    expect(custom[0]).toMatchObject({ speaker: "host1", text: intro });
    expect(custom.slice(1)).toEqual(standard.slice(1));
    expect((await script(twoHostId))[0]).toMatchObject({ speaker: "host1", text: intro });
    expect((await getPodcast(customId))!.transcript).toMatch(new RegExp(`^Grace: ${intro}`));
    expect(calls.find((c) => c.podcastId === customId)!.segments[0]!.text).toBe(intro);

    // With the language model the intro is read first, as written.
    const llmId = await requestPodcast(alice, {}, { introOutro: "custom", customIntro: intro });
    const told = "We spent every summer at the lake. Grandpa rowed us across at dawn.";
    fake.setContent(JSON.stringify({ segments: [{ speaker: "host1", kind: "story", text: told, chapter: null }] }));
    await runnerWith({
      render: asRenderer(fakeRenderer().render),
      openAI: { apiKey: fake.apiKey, baseURL: fake.url, model: "gpt-4o-mini" },
    }).runUntilIdle();
    expect((await getPodcast(llmId))!.transcript).toBe(`Grace: ${intro}\n\nGrace: ${told}`);
  });

  test("'custom' needs its intro; other choices ignore a posted one", async () => {
    const { storyId } = await textStory(alice);
    const refused = await generate(alice, { storyId, options: { introOutro: "custom", customIntro: "   " } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await json(refused))).toContain(podcastMessages.validation.customIntroRequired);
    const tooLong = await generate(alice, { storyId, options: { introOutro: "custom", customIntro: "a".repeat(501) } });
    expect(tooLong.status).toBe(400);
    const ignored = await generate(alice, { storyId, options: { introOutro: "minimal", customIntro: "Not read" } });
    expect(ignored.status).toBe(201);
    expect((await getPodcast((await json(ignored)).podcastId as string))!.customIntro).toBeNull();
  });

  test("uses the language model when configured, and the script survives into the podcast", async () => {
    const podcastId = await requestPodcast(alice);
    const told = "We spent every summer at the lake. Grandpa rowed us across at dawn.";
    fake.setContent(JSON.stringify({ segments: [{ speaker: "host1", kind: "story", text: told, chapter: null }] }));
    const before = fake.requests.length;
    const { render } = fakeRenderer();
    await runnerWith({
      render: asRenderer(render),
      openAI: { apiKey: fake.apiKey, baseURL: fake.url, model: "gpt-4o-mini" },
    }).runUntilIdle();
    expect(fake.requests.length).toBe(before + 1);
    expect((await getPodcast(podcastId))!).toMatchObject({ status: "complete", transcript: `Grace: ${told}` });
    expect(db.select().from(llmUsage).where(eq(llmUsage.podcastId, podcastId)).all()).toHaveLength(1);
  });

  test("a failing render is tried again, then the podcast is 'failed' with a message; 'Retry Generation' completes it", async () => {
    setClock(new Date("2027-04-01T00:00:00Z"));
    const podcastId = await requestPodcast(alice, {}, { backgroundMusic: "nostalgic" });
    let broken = true;
    const { render, calls } = fakeRenderer({ fail: () => (broken ? new Error("ffmpeg exited with code 1") : null) });
    const runner = runnerWith({ render: asRenderer(render) });
    for (let attempt = 1; attempt <= GENERATION_MAX_ATTEMPTS; attempt++) {
      await runner.runUntilIdle();
      const podcast = (await getPodcast(podcastId))!;
      // Between tries the podcast waits in the queue; after the last it is failed.
      expect(podcast.status).toBe(attempt < GENERATION_MAX_ATTEMPTS ? "queued" : "failed");
      advanceClock(60_000);
    }
    expect(calls).toHaveLength(GENERATION_MAX_ATTEMPTS);
    const failed = await json(await detail(alice, podcastId));
    expect(failed).toMatchObject({
      status: "failed",
      statusLabel: "Failed",
      progress: 100,
      errorMessage: "Audio generation failed: ffmpeg exited with code 1",
    });
    expect(
      getJob(
        db
          .select()
          .from(jobs)
          .where(eq(jobs.dedupeKey, `podcast:${podcastId}:1`))
          .get()!.id,
      )!.status,
    ).toBe("failed");

    broken = false;
    const retried = await retry(alice, podcastId);
    expect(retried.status).toBe(200);
    expect(await json(retried)).toMatchObject({ podcastId, status: "queued", statusLabel: "In queue", progress: 5 });
    expect(
      db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `podcast:${podcastId}:2`))
        .get(),
    ).toBeDefined();
    await runner.runUntilIdle();
    const done = (await getPodcast(podcastId))!;
    expect(done).toMatchObject({ status: "complete", errorMessage: null, backgroundMusic: "nostalgic" });
    // The same options went to the renderer on the retry.
    expect(calls.at(-1)).toMatchObject({ backgroundMusic: "nostalgic", segments: calls[0]!.segments });
    // Only a failed podcast can be retried.
    const again = await retry(alice, podcastId);
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe(g.onlyFailedCanRetry);
  });

  test("a story deleted before the job runs fails at once with the spec's message", async () => {
    const podcastId = await requestPodcast(alice);
    const podcast = (await getPodcast(podcastId))!;
    db.delete(stories).where(eq(stories.id, podcast.storyId!)).run();
    await runnerWith({ render: asRenderer(fakeRenderer().render) }).runUntilIdle();
    expect((await getPodcast(podcastId))!).toMatchObject({ status: "failed", errorMessage: g.storyMissing });
  });

  test("kill -9 mid-render: the job left 'running' is requeued at restart and the podcast completes", async () => {
    const podcastId = await requestPodcast(alice, { hostCount: 2 });
    // A worker took the job, reached the speech stage, and died.
    const taken = claimNextJob("dead-worker");
    expect(taken?.payload).toMatchObject({ podcastId });
    db.update(podcasts).set({ status: "voice_processing" }).where(eq(podcasts.id, podcastId)).run();
    expect(getJob(taken!.id)!.status).toBe("running");

    // Restart: the new sole runner puts back whatever the dead process held.
    const runner = runnerWith({ render: asRenderer(fakeRenderer().render) });
    expect(runner.takeBackOthersJobs().requeued).toBeGreaterThanOrEqual(1);
    await runner.runUntilIdle();
    expect((await getPodcast(podcastId))!.status).toBe("complete");
    expect(getJob(taken!.id)!.status).toBe("done");
    expect(statusLog(podcastId).slice(-4)).toEqual([
      "script_generation",
      "voice_processing",
      "audio_processing",
      "complete",
    ]);
  });

  test("a podcast shown in progress whose job is gone is reported failed (never stuck) and can be retried", async () => {
    const podcastId = await requestPodcast(alice);
    db.update(podcasts).set({ status: "audio_processing" }).where(eq(podcasts.id, podcastId)).run();
    db.update(jobs)
      .set({ status: "failed" })
      .where(eq(jobs.dedupeKey, `podcast:${podcastId}:1`))
      .run();
    const res = await json(await detail(alice, podcastId));
    expect(res).toMatchObject({ status: "failed", errorMessage: podcastMessages.failure.interrupted });
    expect((await getPodcast(podcastId))!.status).toBe("failed");
    expect((await retry(alice, podcastId)).status).toBe(200);
    await runnerWith({ render: asRenderer(fakeRenderer().render) }).runUntilIdle();
    expect((await getPodcast(podcastId))!.status).toBe("complete");
  });

  test("GET /api/podcasts/{id} reads the live status with the spec's label and progress", async () => {
    const podcastId = await requestPodcast(alice);
    for (const [status, label, progress] of [
      ["queued", "In queue", 5],
      ["script_generation", "Creating script", 20],
      ["voice_processing", "Converting to speech", 50],
      ["audio_processing", "Finalizing audio", 80],
    ] as const) {
      db.update(podcasts).set({ status }).where(eq(podcasts.id, podcastId)).run();
      expect(await json(await detail(alice, podcastId))).toMatchObject({
        status,
        statusLabel: label,
        progress,
        audioUrl: null,
        hostLabel: "One voice",
      });
    }
    expect(describeGenerationStatus("pending")).toEqual({
      status: "not_started",
      label: "Waiting to start",
      progress: null,
    });
  });
});

// ── family podcasts ──────────────────────────────────────────────────────

describe("the family podcast of a collection", () => {
  test("narrator defaults, 'Generating Podcast' while it runs, the previous status after, one chapter per relative", async () => {
    const campaign = createTestCampaign(alice.id, { status: "collecting" });
    insertTestContribution(campaign.id, {
      contributorName: "Aunt May",
      storyContent: "We baked bread every Sunday.",
      submittedAt: new Date("2026-01-01"),
    });
    insertTestContribution(campaign.id, {
      contributorName: "Uncle Bo",
      storyContent:
        "The dock was our stage.\n\nOn Mon, Jan 5, 2026 at 9:14 AM Ann <ann@example.com> wrote:\n> What do you remember?",
      submissionMethod: "email",
      submittedAt: new Date("2026-01-02"),
    });
    const res = await generateFamily(alice, campaign.id, {
      voiceConfig: {
        hostCount: 1,
        primaryVoice: "male-warm",
        primaryAccent: "british",
        primarySpeed: 0.8,
        secondaryVoice: null,
        secondaryAccent: null,
        secondarySpeed: null,
      },
      options: { introOutro: "family" },
    });
    expect(res.status).toBe(201);
    const podcastId = (await json(res)).podcastId as string;
    expect(db.select().from(campaigns).where(eq(campaigns.id, campaign.id)).get()!.status).toBe("generating_podcast");
    const podcast = (await getPodcast(podcastId))!;
    expect(podcast).toMatchObject({
      campaignId: campaign.id,
      storyId: null,
      title: campaign.title,
      hostCount: 1,
      primaryVoice: "male-warm",
      primaryAccent: "british",
      primarySpeed: 0.8,
      // Not given: document 1's narrator defaults.
      backgroundMusic: "warm",
      introOutro: "family",
      processingQuality: "standard",
    });
    // The narrator settings are kept with the collection.
    expect(db.select().from(campaigns).where(eq(campaigns.id, campaign.id)).get()!.podcastSettings).toMatchObject({
      voiceConfig: { primaryVoice: "male-warm", primaryAccent: "british", primarySpeed: 0.8 },
      options: { backgroundMusic: "warm", introOutro: "family" },
    });
    // Busy: a second request waits for this one.
    expect((await generateFamily(alice, campaign.id)).status).toBe(409);

    let campaignStatusDuringRender = "";
    const { render, calls } = fakeRenderer({
      onCall: () =>
        (campaignStatusDuringRender = db.select().from(campaigns).where(eq(campaigns.id, campaign.id)).get()!.status),
    });
    await runnerWith({ render: asRenderer(render) }).runUntilIdle();
    expect(campaignStatusDuringRender).toBe("generating_podcast");
    expect(db.select().from(campaigns).where(eq(campaigns.id, campaign.id)).get()!.status).toBe("collecting");
    expect((await getPodcast(podcastId))!.status).toBe("complete");
    // Oldest story first; the e-mail's quoted thread is not part of Uncle Bo's words.
    expect(calls[0]!.segments.filter((s) => s.chapter).map((s) => [s.chapter, s.text])).toEqual([
      ["Aunt May", "First, Aunt May."],
      ["Aunt May", "Aunt May wrote: “We baked bread every Sunday.”"],
      ["Uncle Bo", "Thank you, Aunt May. And last, Uncle Bo."],
      ["Uncle Bo", "Uncle Bo wrote: “The dock was our stage.”"],
    ]);
    expect(calls[0]!.familyName).toBe("Tester");

    // GET /api/campaigns/{id}/podcast keeps answering with it.
    const campaignPodcast = await callRoute(
      campaignPodcastApi.loader,
      makeRequest(`/api/campaigns/${campaign.id}/podcast`, { cookie: alice.cookie }),
      { campaignId: campaign.id },
    );
    expect(await json(campaignPodcast)).toMatchObject({ id: podcastId, status: "complete" });
  });

  test("the collection's prompt is read once, each relative introduced once; with two voices the host asks and the narrator reads, each named by their voice", async () => {
    const prompt = "What dish reminds you of a family gathering?";
    const campaign = createTestCampaign(alice.id, { status: "collecting", prompt });
    insertTestContribution(campaign.id, {
      contributorName: "Aunt May",
      storyContent: "We baked bread every Sunday.",
      submittedAt: new Date("2026-01-01"),
    });
    insertTestContribution(campaign.id, {
      contributorName: "Uncle Bo",
      storyContent: "The dock was our stage.",
      submittedAt: new Date("2026-01-02"),
    });
    expect((await generateFamily(alice, campaign.id)).status).toBe(201);
    const { render, calls } = fakeRenderer();
    await runnerWith({ render: asRenderer(render) }).runUntilIdle();
    // One voice: the narrator introduces as well as reads.
    expect(calls[0]!.segments.map((s) => [s.speaker, s.text])).toEqual([
      [
        "host1",
        `Hello. These are the stories of Aunt May and Uncle Bo, gathered for “${campaign.title}”. We asked each of them: “${prompt}”`,
      ],
      ["host1", "First, Aunt May."],
      ["host1", "Aunt May wrote: “We baked bread every Sunday.”"],
      ["host1", "Thank you, Aunt May. And last, Uncle Bo."],
      ["host1", "Uncle Bo wrote: “The dock was our stage.”"],
      ["host1", "Thank you to Aunt May and Uncle Bo for sharing these memories."],
    ]);

    await deleteCampaignPodcasts(alice.id, campaign.id);
    const two = await generateFamily(alice, campaign.id, {
      voiceConfig: { hostCount: 2, primaryVoice: "female-warm", secondaryVoice: "male-professional" },
    });
    expect(two.status).toBe(201);
    await runnerWith({ render: asRenderer(render) }).runUntilIdle();
    const input = calls[1]!;
    expect(input.hosts).toMatchObject({ host1: { voice: "female-warm" }, host2: { voice: "male-professional" } });
    expect(input.segments.filter((s) => s.text.includes(prompt))).toHaveLength(1);
    expect(input.segments.filter((s) => s.speaker === "host1" && s.text.includes("wrote: “"))).toHaveLength(2);
    const transcript = (await getPodcast((await json(two)).podcastId as string))!.transcript!;
    expect(transcript).toMatch(/^James: Hello\./);
    expect(transcript).toContain("Grace: Hello. I'm glad to tell it. Aunt May wrote: “We baked bread every Sunday.”");
    expect(transcript).not.toMatch(/Host [12]:/);
  });

  test("a final failure fails the podcast and gives the collection its status back", async () => {
    setClock(new Date("2027-05-01T00:00:00Z"));
    const campaign = createTestCampaign(alice.id, { status: "active" });
    insertTestContribution(campaign.id);
    const podcastId = (await json(await generateFamily(alice, campaign.id))).podcastId as string;
    const runner = runnerWith({ render: asRenderer(fakeRenderer({ fail: () => new Error("no voice") }).render) });
    for (let i = 0; i < GENERATION_MAX_ATTEMPTS; i++) {
      await runner.runUntilIdle();
      advanceClock(60_000);
    }
    expect((await getPodcast(podcastId))!.status).toBe("failed");
    expect(db.select().from(campaigns).where(eq(campaigns.id, campaign.id)).get()!.status).toBe("active");
  });

  test("family rules: one voice or two, the family lists, at least one story", async () => {
    const campaign = createTestCampaign(alice.id);
    const empty = await generateFamily(alice, campaign.id);
    expect(empty.status).toBe(400);
    expect((await json(empty)).message).toBe(g.noCampaignStories);
    insertTestContribution(campaign.id);
    for (const body of [
      { voiceConfig: { hostCount: 3 } },
      { voiceConfig: { hostCount: 2, secondaryVoice: "robot" } },
      { voiceConfig: { primarySpeed: 1.4 } },
      { voiceConfig: { primaryAccent: "indian" } },
      { options: { backgroundMusic: "soft-jazz" } },
      { options: { introOutro: "standard" } },
      { voiceConfig: "x" },
    ]) {
      const res = await generateFamily(alice, campaign.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(db.select().from(podcasts).where(eq(podcasts.campaignId, campaign.id)).all()).toHaveLength(0);
  });
});

// ── delete and ownership ─────────────────────────────────────────────────

describe("delete and ownership", () => {
  test("DELETE removes the podcast and its audio file", async () => {
    const podcastId = await requestPodcast(alice);
    await runnerWith({ render: asRenderer(fakeRenderer().render) }).runUntilIdle();
    const { audioKey } = (await getPodcast(podcastId))!;
    expect(await getStorage().size(audioKey!)).not.toBeNull();
    const res = await remove(alice, podcastId);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ deleted: true, podcastId });
    expect(await getPodcast(podcastId)).toBeUndefined();
    expect(await getStorage().size(audioKey!)).toBeNull();
    expect((await remove(alice, podcastId)).status).toBe(404);
  });

  test("deleting a podcast gives its place under the limit back (never below zero)", async () => {
    const dave = await createTestUser({ podcastLimit: 1 });
    const generated = () => db.select().from(users).where(eq(users.id, dave.id)).get()!.podcastsGenerated;
    const { storyId } = await textStory(dave);
    const first = (await json(await generate(dave, { storyId }))).podcastId as string;
    expect(generated()).toBe(1);
    expect((await generate(dave, { storyId })).status).toBe(403);
    expect((await remove(dave, first)).status).toBe(200);
    expect(generated()).toBe(0);
    // 'Delete & Regenerate' at the limit: the new request fits again.
    const second = (await json(await generate(dave, { storyId }))).podcastId as string;
    expect(generated()).toBe(1);
    // A foreign or repeated delete changes nothing; a counter already at 0 stays there.
    expect((await remove(alice, second)).status).toBe(404);
    expect((await remove(dave, first)).status).toBe(404);
    expect(generated()).toBe(1);
    db.update(users).set({ podcastsGenerated: 0 }).where(eq(users.id, dave.id)).run();
    expect((await remove(dave, second)).status).toBe(200);
    expect(generated()).toBe(0);
  });

  test("deleting a family podcast while it is made gives the collection its status back; its job then stops quietly", async () => {
    const campaign = createTestCampaign(alice.id, { status: "sent" });
    insertTestContribution(campaign.id);
    const podcastId = (await json(await generateFamily(alice, campaign.id))).podcastId as string;
    expect((await remove(alice, podcastId)).status).toBe(200);
    expect(db.select().from(campaigns).where(eq(campaigns.id, campaign.id)).get()!.status).toBe("sent");
    const { render, calls } = fakeRenderer();
    await runnerWith({ render: asRenderer(render) }).runUntilIdle();
    expect(calls).toHaveLength(0);
    // Ended without a trace: its row, which names the podcast, goes (not failed, not retried).
    expect(
      db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `podcast:${podcastId}:1`))
        .get(),
    ).toBeUndefined();
  });

  test("user B gets 404 on every call with user A's ids", async () => {
    const podcastId = await requestPodcast(alice);
    db.update(podcasts).set({ status: "failed" }).where(eq(podcasts.id, podcastId)).run();
    const { storyId } = await textStory(alice);
    const campaign = createTestCampaign(alice.id);
    insertTestContribution(campaign.id);

    expect((await detail(bob, podcastId)).status).toBe(404);
    expect((await remove(bob, podcastId)).status).toBe(404);
    expect((await retry(bob, podcastId)).status).toBe(404);
    expect(
      (
        await callRoute(audioApi.loader, makeRequest(`/api/podcasts/${podcastId}/audio`, { cookie: bob.cookie }), {
          podcastId,
        })
      ).status,
    ).toBe(404);
    expect((await generate(bob, { storyId })).status).toBe(404);
    expect((await generateFamily(bob, campaign.id)).status).toBe(404);
    expect(
      (
        await callRoute(
          campaignPodcastApi.loader,
          makeRequest(`/api/campaigns/${campaign.id}/podcast`, { cookie: bob.cookie }),
          { campaignId: campaign.id },
        )
      ).status,
    ).toBe(404);
    // Nothing of Alice's changed.
    expect((await getPodcast(podcastId))!.status).toBe("failed");
    expect(
      db
        .select()
        .from(podcasts)
        .where(and(eq(podcasts.ownerId, bob.id)))
        .all(),
    ).toHaveLength(0);
    // Signed out: 401.
    expect((await callRoute(podcastApi.loader, makeRequest(`/api/podcasts/${podcastId}`), { podcastId })).status).toBe(
      401,
    );
  });
});

// ── end to end, with the real audio engine ───────────────────────────────

describe("with the real audio engine (worker process, espeak-ng or Piper, ffmpeg)", () => {
  test("a family collection becomes a tagged MP3 with one chapter per relative", async () => {
    const campaign = createTestCampaign(alice.id, { status: "active", title: "Lake Summers" });
    insertTestContribution(campaign.id, {
      contributorName: "Aunt May",
      storyContent: "We swam before breakfast.",
      submittedAt: new Date("2026-02-01"),
    });
    insertTestContribution(campaign.id, {
      contributorName: "Uncle Bo",
      storyContent: "I caught a pike once.",
      submittedAt: new Date("2026-02-02"),
    });
    const res = await generateFamily(alice, campaign.id, { options: { backgroundMusic: "gentle" } });
    expect(res.status).toBe(201);
    const podcastId = (await json(res)).podcastId as string;

    // The app's own handler: real script writer (built-in) and the real renderer in its worker.
    await new JobRunner({
      handlers: { "generate-podcast": createGeneratePodcastHandler({ openAI: null }) },
    }).runUntilIdle();

    const podcast = (await getPodcast(podcastId))!;
    expect(podcast.errorMessage).toBeNull();
    expect(podcast.status).toBe("complete");
    expect(statusLog(podcastId)).toEqual([
      "queued",
      "script_generation",
      "voice_processing",
      "audio_processing",
      "complete",
    ]);
    expect(db.select().from(campaigns).where(eq(campaigns.id, campaign.id)).get()!.status).toBe("active");

    const file = path.resolve(process.env.DATA_DIR!, podcast.audioKey!);
    const probed = await probe(file);
    expect(probed.streams[0]?.codec_name).toBe("mp3");
    expect(Math.abs(Number(probed.format.duration) - podcast.duration!)).toBeLessThanOrEqual(1);
    expect(podcast.fileSize).toBe(fs.statSync(file).size);
    expect(probed.format.tags?.title).toBe("Lake Summers");
    expect(probed.chapters.map((c) => c.tags?.title)).toEqual(expect.arrayContaining(["Aunt May", "Uncle Bo"]));

    const audio = await callRoute(
      audioApi.loader,
      makeRequest(`/api/podcasts/${podcastId}/audio`, { cookie: alice.cookie }),
      { podcastId },
    );
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/mpeg");
    expect(Number(audio.headers.get("content-length"))).toBe(podcast.fileSize);
  }, 180_000);
});

describe("kill -9 of the server process during generation", () => {
  // The scenario (tests/crash/podcast.ts) is shared with `npm run crash`.
  test("killed while the voices render, started again: the podcast completes, nothing is left stuck", async () => {
    const podcastId = await requestPodcast(alice, { hostCount: 2 });
    const { outcome, statusAtKill, jobStatusAtKill } = await runPodcastCrash({
      podcastId,
      killPoint: { stage: "voice_processing", afterMs: 0 },
    });
    // The dead process left the podcast mid-stage and its job 'running'.
    expect(statusAtKill).toBe("voice_processing");
    expect(jobStatusAtKill).toBe("running");
    // After the restart: complete, its one audio file stored, the job done, no render process left.
    expect(outcome.problems).toEqual([]);
    expect(outcome).toMatchObject({ expected: 1, delivered: 1, duplicates: 0, stuck: 0 });
    const podcast = (await getPodcast(podcastId))!;
    expect(podcast).toMatchObject({ status: "complete", errorMessage: null });
    expect(await getStorage().size(podcast.audioKey!)).toBe(podcast.fileSize);
    expect(
      db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `podcast:${podcastId}:1`))
        .get()!.status,
    ).toBe("done");
    // Started over after the restart: the stages ran again, in order, to the end.
    expect(statusLog(podcastId).slice(-4)).toEqual([
      "script_generation",
      "voice_processing",
      "audio_processing",
      "complete",
    ]);
  }, 180_000);
});
