import OpenAI from "openai";
import { z } from "zod";
import { recordLlmUsage } from "~/models/llm-usage.server";
import { getDefaultPromptTemplate } from "~/models/prompt-template.server";
import { env } from "~/lib/env.server";
import { writeBuiltinScript } from "./builtin-script-writer";
import { estimateLlmCostUsd } from "./llm-cost";
import { contributorNames, customOpening, storyBody, type ScriptFormat, type ScriptRequest, type ScriptSegment } from "./script";

export type OpenAIConfig = { apiKey: string; baseURL?: string | undefined; model: string };

export function openAIConfigFromEnv(): OpenAIConfig | null {
  const { OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL } = env();
  return OPENAI_API_KEY?.trim() ? { apiKey: OPENAI_API_KEY.trim(), baseURL: OPENAI_BASE_URL, model: OPENAI_MODEL } : null;
}

export type WrittenScript = { segments: ScriptSegment[]; writer: "openai" | "builtin"; model: string | null };

const FALLBACK_PROMPTS: Record<ScriptFormat, string> = {
  single_host:
    "You are a warm, gentle narrator for a family podcast. Retell the story faithfully in short spoken sentences, without inventing facts.",
  dual_host:
    "Write a friendly conversation between two podcast hosts, HOST 1 and HOST 2, who share and reflect on a family story. Keep every fact from the story; invent none.",
  multi_contributor:
    "You narrate a family podcast episode that weaves together stories from several relatives. Introduce each contributor by name and keep their words and facts.",
};

/** Rules no template may loosen. */
function answerRules(req: ScriptRequest) {
  const speakers = req.hostCount === 2 ? `"host1" or "host2" (the two hosts take turns)` : `always "host1" (one narrator)`;
  return [
    "Answer with one JSON object and nothing else, shaped like this:",
    `{"segments":[{"speaker":"host1","text":"...","chapter":"..."}]}`,
    `"speaker" is ${speakers}. "text" is what that host says, as plain spoken text.`,
    req.format === "multi_contributor"
      ? `"chapter" is the name of the relative whose story the segment tells (omit it for the welcome and the goodbye).`
      : `"chapter" may be omitted.`,
    "Rules: when you use a relative's words, quote them exactly as written and say who wrote them, by name. Do not invent any names, places, dates, events or feelings that the story does not contain.",
  ].join("\n");
}

function userMessage(req: ScriptRequest) {
  if (req.format !== "multi_contributor") {
    return `Title: ${req.title}\n\nStory:\n${storyBody(req.title, req.stories[0]?.content ?? "")}`;
  }
  const parts = req.stories.map((s, i) => `Story ${i + 1}, written by ${contributorNames([s])[0]}:\n${s.content}`);
  return `Collection: ${req.title}\n\n${parts.join("\n\n---\n\n")}`;
}

const AnswerSchema = z.object({
  segments: z
    .array(
      z.object({
        speaker: z.string(),
        text: z.string().trim().min(1),
        chapter: z.string().trim().min(1).nullish(),
      }),
    )
    .min(1),
});

function normalizeSpeaker(speaker: string, hostCount: 1 | 2): ScriptSegment["speaker"] {
  return hostCount === 2 && /2\s*$/.test(speaker.trim()) ? "host2" : "host1";
}

/** Not the asked-for JSON is an error: the job retries. */
export function parseScriptAnswer(content: string | null | undefined, hostCount: 1 | 2): ScriptSegment[] {
  let raw: unknown;
  try {
    // Some servers wrap JSON in a code fence even when asked not to.
    raw = JSON.parse((content ?? "").replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, ""));
  } catch {
    throw new Error("the language model did not answer with JSON");
  }
  const parsed = AnswerSchema.safeParse(Array.isArray(raw) ? { segments: raw } : raw);
  if (!parsed.success) throw new Error("the language model's answer has no usable speaker segments");
  return parsed.data.segments.map((s) => ({
    speaker: normalizeSpeaker(s.speaker, hostCount),
    text: s.text,
    ...(s.chapter ? { chapter: s.chapter } : {}),
  }));
}

async function writeWithOpenAI(req: ScriptRequest, config: OpenAIConfig): Promise<WrittenScript> {
  const template = await getDefaultPromptTemplate(req.format);
  const systemPrompt = `${template?.systemPrompt ?? FALLBACK_PROMPTS[req.format]}\n\n${answerRules(req)}`;
  const client = new OpenAI({ apiKey: config.apiKey, baseURL: config.baseURL ?? null, timeout: 120_000, maxRetries: 1 });
  const completion = await client.chat.completions.create({
    model: config.model,
    temperature: 0.7,
    response_format: { type: "json_object" },
    messages: [
      { role: "system", content: systemPrompt },
      { role: "user", content: userMessage(req) },
    ],
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
  // The owner's custom intro is read as written, ahead of whatever the model wrote.
  const segments = parseScriptAnswer(completion.choices[0]?.message?.content, req.hostCount);
  const intro = customOpening(req);
  return { segments: intro ? [intro, ...segments] : segments, writer: "openai", model };
}

export async function writeScript(req: ScriptRequest, config: OpenAIConfig | null = openAIConfigFromEnv()): Promise<WrittenScript> {
  if (!config) return { segments: writeBuiltinScript(req), writer: "builtin", model: null };
  return writeWithOpenAI(req, config);
}
