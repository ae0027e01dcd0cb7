// A language model's script that invents nothing (decision 0132), through the real `openai` client
// and the fake OpenAI server on 127.0.0.1: structured output in the built-in writer's shape, checked
// word for word against the story; a refused answer is asked for again once, then the built-in writer's.
import { llmUsage } from "#db/schema";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";

import { writeBuiltinScript } from "~/features/podcasts/script/builtin-script-writer";
import type { ScriptRequest } from "~/features/podcasts/script/script";
import { writeScript, type OpenAIConfig } from "~/features/podcasts/script/script-writer.server";
import { db } from "~/lib/db.server";

import { builtinLikeAnswer } from "../mocks/builtin-like-answer";
import { startFakeOpenAI, type FakeOpenAI, type FakeOpenAIRequest } from "../mocks/openai-server";
import { createTestUser, type TestUser } from "../utils/auth";
import { createTestCampaign, createTestPodcast } from "../utils/stories-helpers";

let fake: FakeOpenAI;
let owner: TestUser;
let config: OpenAIConfig;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  owner = await createTestUser();
  config = { apiKey: fake.apiKey, baseURL: fake.url, model: "gpt-4o-mini" };
});
afterAll(() => fake.close());
afterEach(() => {
  fake.setContent(builtinLikeAnswer);
  vi.restoreAllMocks();
});

/** A podcast row for the usage records to point at. */
const newPodcastId = () => createTestPodcast(owner.id, createTestCampaign(owner.id).id).id;

const PART_1 = "Every summer we drove to the lake in Grandpa's blue truck. He let us steer on the gravel road.";
const PART_2 = "When I was twelve the cabin was sold. We never went back, but I kept the key.";
const title = "Summers at the Lake";
const interview = (): ScriptRequest => ({
  podcastId: newPodcastId(),
  title,
  hostCount: 2,
  format: "dual_host",
  stories: [{ content: `${PART_1}\n\n${PART_2}` }],
});

type Answer = { speaker: string; kind: string; text: string; chapter: string | null };
const answer = (...segments: Answer[]) => JSON.stringify({ segments });
const host = (speaker: "host1" | "host2", text: string, chapter: string | null = null): Answer => ({
  speaker,
  kind: "host",
  text,
  chapter,
});
const story = (text: string, chapter: string | null = null): Answer => ({
  speaker: "host1",
  kind: "story",
  text,
  chapter,
});

const GOOD = answer(
  host("host2", `Welcome. This is “${title}”. How does it begin?`),
  story(PART_1),
  host("host2", "Mm. And how does it end?"),
  story(PART_2),
  host("host2", "Thank you."),
);
const INVENTED = answer(
  host("host2", "Welcome. How does it begin?"),
  story(`${PART_1} Grandpa was born in Oslo.`),
  story(PART_2),
);

const usageOf = (podcastId: string) => db.select().from(llmUsage).where(eq(llmUsage.podcastId, podcastId)).all();
const sentSince = (before: number) => fake.requests.slice(before);
const retryMessage = (request: FakeOpenAIRequest) => request.body.messages!.at(-1)!.content;

describe("a language model's script", () => {
  test("a faithful structured answer is the episode's script", async () => {
    fake.setContent(GOOD);
    const req = interview();
    const before = fake.requests.length;
    const result = await writeScript(req, config);

    const [sent, ...more] = sentSince(before);
    expect(more).toEqual([]);
    expect(sent!.body.response_format).toMatchObject({
      type: "json_schema",
      json_schema: { name: "podcast_script", strict: true },
    });
    const segment = (
      sent!.body.response_format!.json_schema!.schema as {
        properties: { segments: { items: { properties: Record<string, unknown> } } };
      }
    ).properties.segments.items;
    expect(segment.properties).toMatchObject({
      speaker: { enum: ["host1", "host2"] },
      kind: { enum: ["story", "host"] },
    });
    expect(sent!.body.messages![0]!.content).toContain("copied word for word");
    expect(result).toEqual({
      writer: "openai",
      model: "gpt-4o-mini",
      segments: [
        { speaker: "host2", text: `Welcome. This is “${title}”. How does it begin?`, chapter: title },
        { speaker: "host1", text: PART_1, chapter: title },
        { speaker: "host2", text: "Mm. And how does it end?", chapter: title },
        { speaker: "host1", text: PART_2, chapter: title },
        { speaker: "host2", text: "Thank you.", chapter: title },
      ],
    });
    expect(usageOf(req.podcastId)).toHaveLength(1);
  });

  test("an interviewer who asks about what the story names, as the story writes it, is the episode's", async () => {
    const ASKS = answer(
      host("host2", `Hello. This is “${title}”. And the gravel road?`),
      host("host1", "Hello."),
      story(PART_1),
      host("host2", "Mm. What happened next?"),
      story(PART_2),
      host("host2", "Thank you."),
      host("host1", "Goodbye."),
    );
    fake.setContent(ASKS);
    const before = fake.requests.length;
    const result = await writeScript(interview(), config);
    expect(sentSince(before)).toHaveLength(1);
    expect(result.writer).toBe("openai");
    expect(result.segments.map((s) => s.text)).toEqual([
      `Hello. This is “${title}”. And the gravel road?`,
      `Hello. ${PART_1}`,
      "Mm. What happened next?",
      PART_2,
      "Thank you.",
      "Goodbye.",
    ]);
  });

  test("a script that breaks the interviewer's rules twice: asked again once with the reason, then the built-in writer's", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const TELLS = answer(
      host("host2", "So your grandpa let you steer the truck."),
      story(PART_1),
      host("host2", "Mm."),
      story(PART_2),
      host("host2", "Mm."),
    );
    fake.setContent(TELLS);
    const req = interview();
    const before = fake.requests.length;
    const result = await writeScript(req, config);
    const [, retry, ...more] = sentSince(before);
    expect(more).toEqual([]);
    expect(retryMessage(retry!)).toMatch(
      /segment 1 is a host line but uses the story's words \(grandpa, let, steer, truck\).*segment 5 repeats the host line “Mm\.”/,
    );
    expect(result).toEqual({ segments: writeBuiltinScript(req), writer: "builtin", model: null });
    expect(warn).toHaveBeenCalledOnce();
  });

  test("an answer that invents a quote is asked for again, with the reason, and the second answer is used", async () => {
    fake.setContent((request) => (request.body.messages!.length === 2 ? INVENTED : GOOD));
    const req = interview();
    const before = fake.requests.length;
    const result = await writeScript(req, config);

    const [first, retry, ...more] = sentSince(before);
    expect(more).toEqual([]);
    expect(retry!.body.messages!.slice(0, 2)).toEqual(first!.body.messages);
    expect(retry!.body.messages![2]).toEqual({ role: "assistant", content: INVENTED });
    expect(retryMessage(retry!)).toMatch(
      /^That script cannot be used: segment 2 quotes “Grandpa was born in Oslo\.”, which is not in the story word for word/,
    );
    expect(result.writer).toBe("openai");
    expect(result.segments.map((s) => s.text)).toEqual(JSON.parse(GOOD).segments.map((s: Answer) => s.text));
    // Both calls were paid for.
    expect(usageOf(req.podcastId)).toHaveLength(2);
  });

  test("a server without structured output (400 on json_schema) is asked again in JSON mode, and its script is used", async () => {
    fake.setContent(GOOD);
    fake.refuseStructuredOutput(true);
    try {
      const req = interview();
      const before = fake.requests.length;
      const result = await writeScript(req, config);

      const [refused, jsonMode, ...more] = sentSince(before);
      expect(more).toEqual([]);
      expect(refused!.status).toBe(400);
      expect(refused!.body.response_format).toMatchObject({ type: "json_schema" });
      expect(jsonMode!.body.response_format).toEqual({ type: "json_object" });
      // The same question: the rules in the prompt spell out the shape JSON mode must follow.
      expect(jsonMode!.body.messages).toEqual(refused!.body.messages);
      expect(result.writer).toBe("openai");
      expect(result.segments.map((s) => s.text)).toEqual(JSON.parse(GOOD).segments.map((s: Answer) => s.text));
    } finally {
      fake.refuseStructuredOutput(false);
    }
  });

  test("a 400 about something else is not mistaken for missing structured output: the job's error", async () => {
    fake.failNext(400);
    const before = fake.requests.length;
    await expect(writeScript(interview(), config)).rejects.toThrow(/400/);
    expect(sentSince(before)).toHaveLength(1);
  });

  test.each([
    ["invents twice", INVENTED, /segment 2 quotes “Grandpa was born in Oslo\.”/],
    [
      "leaves part of the story out",
      answer(host("host2", "Hello."), story(PART_1)),
      /the story must be read in full, but “When I was twelve the cabin was sold\.” and the 1 sentences after it are missing/,
    ],
    [
      "splits the story between the two voices",
      answer(story(PART_1), { ...story(PART_2), speaker: "host2" }),
      /segment 2 reads the story in host2's voice/,
    ],
    ["is not JSON", '{"segments": [{"speaker": "host1", "text": ', /the answer is not JSON/],
    // The interviewer asks and never tells, and never says a line twice.
    [
      "has the interviewer tell what happened",
      answer(host("host2", "Grandpa drove a blue truck."), story(PART_1), story(PART_2)),
      /segment 1 is a host line but uses the story's words \(grandpa, drove, blue, truck\)/,
    ],
    [
      "repeats a host line",
      answer(
        host("host2", "Mm. What happened next?"),
        story(PART_1),
        host("host2", "Mm. What happened next?"),
        story(PART_2),
      ),
      /segment 3 repeats the host line “Mm\. What happened next\?”; no line is said twice/,
    ],
    [
      "is JSON of another shape",
      JSON.stringify({ segments: [{ speaker: "HOST 1", text: PART_1 }] }),
      /the answer is not in the asked-for shape/,
    ],
  ])("a model that %s: the built-in writer's script, and the reason is logged", async (_, content, reason) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    fake.setContent(content);
    const req = interview();
    const before = fake.requests.length;
    const result = await writeScript(req, config);

    const [, retry, ...more] = sentSince(before);
    expect(more).toEqual([]);
    expect(retryMessage(retry!)).toMatch(reason);
    expect(result).toEqual({ segments: writeBuiltinScript(req), writer: "builtin", model: null });
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]![0]).toMatch(
      new RegExp(
        `^Podcast ${req.podcastId}: the language model's script was refused twice, using the built-in writer\\. Answer 1: .*${reason.source}`,
      ),
    );
  });
});

describe("a family collection", () => {
  const question = "What do you remember of summer?";
  const collection = (hostCount: 1 | 2): ScriptRequest => ({
    podcastId: newPodcastId(),
    title: "Our Summers",
    hostCount,
    format: "multi_contributor",
    stories: [
      { contributorName: "Aunt May", content: PART_1, question },
      { contributorName: null, content: PART_2, question },
    ],
  });

  test("the model is told each relative's question; it asks it once, and the narrator's quotes are attributed", async () => {
    fake.setContent(
      answer(
        host("host2", `Welcome to “Our Summers”. We asked: “${question}”`),
        host("host2", "First, Aunt May.", "Aunt May"),
        story(PART_1, "aunt may"),
        host("host2", "And a family member.", "A family member"),
        story(PART_2, "A family member"),
        host("host2", "Thank you, Aunt May."),
      ),
    );
    const req = collection(2);
    const before = fake.requests.length;
    const result = await writeScript(req, config);

    expect(sentSince(before)).toHaveLength(1);
    expect(sentSince(before)[0]!.body.messages![1]!.content).toBe(
      `Collection: Our Summers\n\nStory 1, written by Aunt May, answering the question “${question}”:\n${PART_1}\n\n---\n\nStory 2, written by a family member, answering the question “${question}”:\n${PART_2}`,
    );
    expect(result.writer).toBe("openai");
    expect(result.segments.filter((s) => s.speaker === "host1")).toEqual([
      { speaker: "host1", text: `Aunt May wrote: “${PART_1}”`, chapter: "Aunt May" },
      { speaker: "host1", text: `A family member wrote: “${PART_2}”`, chapter: "A family member" },
    ]);
  });

  test("a script that reads the question before every relative, or asks what the next part does not tell, is asked for again, then the built-in writer's is used", async () => {
    fake.setContent(
      answer(
        host("host2", `We asked Aunt May: “${question}”`, "Aunt May"),
        story(PART_1, "Aunt May"),
        host("host2", `We asked a family member: “${question}” Where was the cabin sold?`, "A family member"),
        story(PART_2, "A family member"),
      ),
    );
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const req = collection(2);
    const before = fake.requests.length;
    const result = await writeScript(req, config);
    expect(sentSince(before)).toHaveLength(2);
    expect(retryMessage(sentSince(before)[1]!)).toContain("is read 2 times; it is read once");
    expect(result).toEqual({ segments: writeBuiltinScript(req), writer: "builtin", model: null });
  });

  test.each([1, 2] as const)(
    "%i host(s): the end-to-end fake's answer (the built-in writer's draft) passes the check",
    async (hostCount) => {
      const req = collection(hostCount);
      const before = fake.requests.length;
      const result = await writeScript(req, config);
      expect(sentSince(before)).toHaveLength(1);
      expect(result).toEqual({ segments: writeBuiltinScript(req), writer: "openai", model: "gpt-4o-mini" });
      expect(result.segments[0]!.text).toContain(`“${question}”`);
      expect(result.segments[1]!.text).toMatch(/^First, Aunt May\./);
    },
  );
});

describe("a family collection with recordings", () => {
  const question = "What do you remember of summer?";
  const JOE_SAYS = "We kept bees behind the orchard wall.";
  const collection = (): ScriptRequest => ({
    podcastId: newPodcastId(),
    title: "Our Summers",
    hostCount: 2,
    format: "multi_contributor",
    stories: [
      { contributorName: "Aunt May", content: PART_1, question },
      {
        contributorName: "Joe",
        content: "",
        question,
        recording: { id: "rec-joe", seconds: 12, transcript: JOE_SAYS },
      },
      { contributorName: "Ivy", content: "", question, recording: { id: "rec-ivy", seconds: 7, transcript: null } },
    ],
  });
  const welcome = host(
    "host2",
    `Welcome to “Our Summers”, with Aunt May, Joe and Ivy. We asked each of them: “${question}”`,
  );
  const may = [host("host2", "First, Aunt May.", "Aunt May"), story(PART_1, "Aunt May")];
  const joe = [host("host2", "Next, Joe. In their own voice.", "Joe"), story("[[CLIP 1]]", "Joe")];
  const ivy = [host("host2", "Oh my. And last, Ivy. Here is the recording.", "Ivy"), story("[[CLIP 2]]", "Ivy")];
  const thanks = host("host2", "Thank you to Aunt May, Joe and Ivy.");

  test("goes to the model with each recording as its placeholder, and the clips play where the model kept them", async () => {
    fake.setContent(answer(welcome, ...may, ...joe, ...ivy, thanks));
    const req = collection();
    const before = fake.requests.length;
    const result = await writeScript(req, config);

    const [sent, ...more] = sentSince(before);
    expect(more).toEqual([]);
    expect(sent!.body.messages![0]!.content).toContain(`its text the placeholder alone`);
    expect(sent!.body.messages![1]!.content).toContain(
      `Story 2, recorded by Joe, answering the question “${question}”:\n[[CLIP 1]]\nWhat they say in it (the recording plays it; never read it):\n${JOE_SAYS}`,
    );
    expect(sent!.body.messages![1]!.content).toContain(
      `Story 3, recorded by Ivy, answering the question “${question}”:\n[[CLIP 2]]\nWhat they say in it is not written down.`,
    );
    expect(result.writer).toBe("openai");
    expect(result.segments.filter((s) => s.clip)).toEqual([
      { speaker: "host1", text: JOE_SAYS, chapter: "Joe", clip: { recordingId: "rec-joe", name: "Joe", seconds: 12 } },
      { speaker: "host1", text: "", chapter: "Ivy", clip: { recordingId: "rec-ivy", name: "Ivy", seconds: 7 } },
    ]);
    expect(result.segments.map((s) => s.text)).not.toContain("[[CLIP 1]]");
  });

  test("the end-to-end fake's answer (the built-in writer's draft, its clips as placeholders) passes the check", async () => {
    const req = collection();
    const result = await writeScript(req, config);
    expect(result).toEqual({ segments: writeBuiltinScript(req), writer: "openai", model: "gpt-4o-mini" });
  });

  test.each([
    [
      "drops a clip",
      [welcome, ...may, ...joe, ivy[0]!, thanks],
      /Ivy's recording \[\[CLIP 2\]\] is missing; every recording plays once/,
    ],
    [
      "moves a clip",
      [welcome, ...may, ...ivy, ...joe, thanks],
      /Ivy's recording \[\[CLIP 2\]\] plays before Joe's recording \[\[CLIP 1\]\]; the recordings play in the order they are given/,
    ],
    [
      "plays a clip twice",
      [welcome, ...may, ...joe, ...ivy, story("[[CLIP 1]]", "Joe"), thanks],
      /Joe's recording \[\[CLIP 1\]\] plays 2 times/,
    ],
    [
      "reads a recording's words aloud",
      [welcome, ...may, joe[0]!, story(JOE_SAYS, "Joe"), ...ivy, thanks],
      /segment 5 reads “We kept bees behind the orchard wall\.”, which Joe's recording says in their own voice/,
    ],
    [
      "hides a clip inside a line",
      [welcome, ...may, host("host2", "Next, Joe: [[CLIP 1]]", "Joe"), ...ivy, thanks],
      /segment 4 has \[\[CLIP 1\]\] among its words/,
    ],
  ])(
    "a script that %s is asked for again with the reason, then the built-in writer's is used",
    async (_, segments, reason) => {
      fake.setContent(answer(...segments));
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      const req = collection();
      const before = fake.requests.length;
      const result = await writeScript(req, config);
      const [, retry, ...more] = sentSince(before);
      expect(more).toEqual([]);
      expect(retryMessage(retry!)).toMatch(reason);
      expect(result).toEqual({ segments: writeBuiltinScript(req), writer: "builtin", model: null });
      expect(result.segments.filter((s) => s.clip).map((s) => s.clip!.recordingId)).toEqual(["rec-joe", "rec-ivy"]);
      expect(warn).toHaveBeenCalledOnce();
    },
  );
});
