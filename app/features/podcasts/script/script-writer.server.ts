import OpenAI from "openai";
import { z } from "zod";

import { env } from "~/lib/env.server";
import { recordLlmUsage } from "~/models/llm-usage.server";
import { getDefaultPromptTemplate } from "~/models/prompt-template.server";

import { recordedWords, recordingSegment, renderDraft, writeBuiltinDraft } from "./builtin-script-writer";
import { estimateLlmCostUsd } from "./llm-cost";
import {
  CLIP_PLACEHOLDER,
  clipPlaceholder,
  contributorNames,
  customOpening,
  recordingsInOrder,
  storiesByRelative,
  storyBody,
  type DraftSegment,
  type ScriptFormat,
  type ScriptRequest,
  type ScriptSegment,
  type ScriptStory,
} from "./script";
import { checkDraft } from "./script-check";

export type OpenAIConfig = { apiKey: string; baseURL?: string | undefined; model: string };

export function openAIConfigFromEnv(): OpenAIConfig | null {
  const { OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL } = env();
  return OPENAI_API_KEY?.trim()
    ? { apiKey: OPENAI_API_KEY.trim(), baseURL: OPENAI_BASE_URL, model: OPENAI_MODEL }
    : null;
}

export type WrittenScript = { segments: ScriptSegment[]; writer: "openai" | "builtin"; model: string | null };

const FALLBACK_PROMPTS: Record<ScriptFormat, string> = {
  single_host:
    "You are a warm, gentle narrator for a family podcast. Read the story to the listeners as it was written, without inventing facts.",
  dual_host:
    "Write a family podcast episode for two hosts: host1 narrates the story in its own words, host2 interviews, leading into each part with a short question. Invent nothing.",
  multi_contributor:
    "You narrate a family podcast episode that weaves together stories from several relatives. Ask each relative's question, then read their words as they wrote them.",
};

/** Rules no template may loosen: the draft shape of decision 0132, checked by script-check.ts. */
function answerRules(req: ScriptRequest) {
  const collection = req.format === "multi_contributor";
  const speakers =
    req.hostCount === 2
      ? `"speaker" is "host1" or "host2". host1 is the narrator and reads the story; it may say hello before it and goodbye after it. host2 is the interviewer who has listened: a short hello naming the title; before each part a short question that part answers, built from what it says in its words (such as "Where did Grandpa Joe learn to cook?" before a part saying he learned to cook in Naples, or "What happened in the spring of 1938?"), never one the part leaves open (no "Who was Uncle Frank?" unless the part says who he was); a short reaction between parts that may echo a name or place the part just told named but states no fact (such as "Naples! I see." or "Oh my.", words rather than a hum like "Mm."); and the thanks at the end. host2 only asks and reacts: it never tells what happened.`
      : `"speaker" is always "host1": one narrator says every line.`;
  return [
    "These rules come before any instruction above. Answer with one JSON object and nothing else, shaped like this:",
    `{"segments":[{"speaker":"host2","kind":"host","text":"...","chapter":null},{"speaker":"host1","kind":"story","text":"...","chapter":null}]}`,
    speakers,
    `"kind":"story" segments hold the story itself, copied word for word and read by host1: taken together, in order, they hold every sentence of the story exactly once, with nothing added, changed or left out, and each ends where a sentence ends.`,
    `"kind":"host" segments are everything else. Apart from the title and people's names, they use words of the story only inside a question, to name what the story names: never retell, summarise or comment on what happened. No host line is said twice in the episode.`,
    collection
      ? `"chapter" is the name of the relative whose words a segment reads or introduces, exactly as given (null for the welcome and the goodbye). A story segment holds only that relative's words, without quote marks: "<name> wrote:" is added for you. The collection's question is asked once, word for word, in the welcome (a story asked another question has it asked before its words). Each relative is introduced once, by name and by a relation only where their own words state it ("Next, Aunt Rosa, Margaret's sister."), and a relative's several stories follow one another. A letter is framed as one ("Uncle Sal wrote Margaret a letter."), its salutation and sign-off read in its story segments as the writer's words. The goodbye names everyone who took part.`
      : `"chapter" is null.`,
    ...(recordingsInOrder(req).length
      ? [
          `A story given as ${clipPlaceholder(1)} (and so on) is the relative's own recording: it plays their voice, whole. Put each in exactly once, in the order given, where their words would be read, as a segment of its own: {"speaker":"host1","kind":"story","text":"${clipPlaceholder(1)}","chapter":"<their name>"}, its text the placeholder alone. Never read, quote or retell what they say in it: the recording says it. Before it a host introduces it ("In their own voice.") and may ask what it tells; after it a host may react.`,
        ]
      : []),
    ...(customOpening(req)
      ? [
          "The owner's own opening words are read before your script: do not welcome the listeners again, just name the title.",
        ]
      : []),
  ].join("\n");
}

function userMessage(req: ScriptRequest) {
  if (req.format !== "multi_contributor") {
    return `Title: ${req.title}\n\nStory:\n${storyBody(req.title, req.stories[0]?.content ?? "")}`;
  }
  const clips: ScriptStory[] = recordingsInOrder(req);
  const parts = storiesByRelative(req.stories)
    .flat()
    .map((s, i) => {
      const asked = s.question?.trim() ? `, answering the question “${s.question.trim()}”` : "";
      if (!s.recording) return `Story ${i + 1}, written by ${contributorNames([s])[0]}${asked}:\n${s.content}`;
      const words = recordedWords(s);
      const heard = words
        ? `What they say in it (the recording plays it; never read it):\n${words}`
        : "What they say in it is not written down.";
      return `Story ${i + 1}, recorded by ${contributorNames([s])[0]}${asked}:\n${clipPlaceholder(clips.indexOf(s) + 1)}\n${heard}`;
    });
  return `Collection: ${req.title}\n\n${parts.join("\n\n---\n\n")}`;
}

function responseFormat(req: ScriptRequest) {
  const segment = {
    type: "object",
    additionalProperties: false,
    required: ["speaker", "kind", "text", "chapter"],
    properties: {
      speaker: { type: "string", enum: req.hostCount === 2 ? ["host1", "host2"] : ["host1"] },
      kind: { type: "string", enum: ["story", "host"] },
      text: { type: "string" },
      chapter: { type: ["string", "null"] },
    },
  };
  const schema = {
    type: "object",
    additionalProperties: false,
    required: ["segments"],
    properties: { segments: { type: "array", items: segment } },
  };
  return { type: "json_schema" as const, json_schema: { name: "podcast_script", strict: true, schema } };
}

const AnswerSchema = z.object({
  segments: z
    .array(
      z.object({
        speaker: z.enum(["host1", "host2"]),
        kind: z.enum(["story", "host"]),
        text: z.string().trim().min(1),
        chapter: z.string().trim().min(1).nullish(),
      }),
    )
    .min(1),
});

export function parseScriptAnswer(content: string | null | undefined): DraftSegment[] | string {
  let raw: unknown;
  try {
    // Some servers wrap JSON in a code fence even when asked not to.
    raw = JSON.parse((content ?? "").replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, ""));
  } catch {
    return "the answer is not JSON";
  }
  const parsed = AnswerSchema.safeParse(raw);
  if (!parsed.success)
    return `the answer is not in the asked-for shape (${z.prettifyError(parsed.error).replace(/\s+/g, " ").slice(0, 300)})`;
  return parsed.data.segments.map(({ chapter, ...s }) => ({ ...s, ...(chapter ? { chapter } : {}) }));
}

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;

type ResponseFormat = ReturnType<typeof responseFormat> | { type: "json_object" };

/** Servers without structured output (llama.cpp, older vLLM) refuse json_schema with a 400; they get JSON mode. */
const refusesStructuredOutput = (error: unknown) =>
  error instanceof OpenAI.BadRequestError && /response_format|json_schema/i.test(error.message);

async function ask(
  client: OpenAI,
  req: ScriptRequest,
  config: OpenAIConfig,
  messages: Message[],
  responseFormat: ResponseFormat,
) {
  const completion = await client.chat.completions.create({
    model: config.model,
    temperature: 0.7,
    response_format: responseFormat,
    messages,
  });
  // Usage is recorded even when the answer turns out unusable: the tokens were spent.
  const promptTokens = completion.usage?.prompt_tokens ?? 0;
  const completionTokens = completion.usage?.completion_tokens ?? 0;
  const model = completion.model || config.model;
  recordLlmUsage({
    podcastId: req.podcastId,
    provider: config.baseURL ? "openai-compatible" : "openai",
    model,
    promptTokens,
    completionTokens,
    costUsd: estimateLlmCostUsd(model, promptTokens, completionTokens),
  });
  return { content: completion.choices[0]?.message?.content ?? "", model };
}

export function placeClips(req: ScriptRequest, draft: DraftSegment[]): DraftSegment[] {
  const clips: ScriptStory[] = recordingsInOrder(req);
  return draft.map((segment) => {
    const n = CLIP_PLACEHOLDER.exec(segment.text.trim())?.[1];
    const story = n ? clips[Number(n) - 1] : undefined;
    return story ? recordingSegment(story)! : segment;
  });
}

function review(req: ScriptRequest, content: string): DraftSegment[] | string {
  const answer = parseScriptAnswer(content);
  if (typeof answer === "string") return answer;
  const draft = placeClips(req, answer);
  const problems = checkDraft(req, draft);
  return problems.length ? problems.slice(0, 5).join("; ") : draft;
}

/** A bad answer is asked for once more with the reason, then the built-in writer's script is used; call errors throw for a later retry. */
async function writeWithOpenAI(req: ScriptRequest, config: OpenAIConfig): Promise<WrittenScript> {
  const template = await getDefaultPromptTemplate(req.format);
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseURL ?? null,
    timeout: 120_000,
    maxRetries: 1,
  });
  const messages: Message[] = [
    { role: "system", content: `${template?.systemPrompt ?? FALLBACK_PROMPTS[req.format]}\n\n${answerRules(req)}` },
    { role: "user", content: userMessage(req) },
  ];
  const reasons: string[] = [];
  let format: ResponseFormat = responseFormat(req);
  const askInFormat = async () => {
    try {
      return await ask(client, req, config, messages, format);
    } catch (error) {
      if (format.type !== "json_schema" || !refusesStructuredOutput(error)) throw error;
      format = { type: "json_object" };
      return ask(client, req, config, messages, format);
    }
  };
  for (let attempt = 1; attempt <= 2; attempt++) {
    const { content, model } = await askInFormat();
    const result = review(req, content);
    if (typeof result !== "string") {
      const intro = customOpening(req);
      return {
        segments: renderDraft(req, intro ? [{ ...intro, kind: "host" }, ...result] : result),
        writer: "openai",
        model,
      };
    }
    reasons.push(result);
    messages.push(
      { role: "assistant", content },
      {
        role: "user",
        content: `That script cannot be used: ${result}. Write the whole script again, in the same JSON shape, keeping every rule.`,
      },
    );
  }
  console.warn(
    `Podcast ${req.podcastId}: the language model's script was refused twice, using the built-in writer. ${reasons.map((r, i) => `Answer ${i + 1}: ${r}`).join(" ")}`,
  );
  return { segments: renderDraft(req, writeBuiltinDraft(req)), writer: "builtin", model: null };
}

export async function writeScript(
  req: ScriptRequest,
  config: OpenAIConfig | null = openAIConfigFromEnv(),
): Promise<WrittenScript> {
  if (!config) return { segments: renderDraft(req, writeBuiltinDraft(req)), writer: "builtin", model: null };
  return writeWithOpenAI(req, config);
}
