// The fake OpenAI's answer for end-to-end tests: the draft the built-in writer would write for the
// story in the request, in the structured shape the app asks for (decision 0132), so it passes the check. So every episode the end-to-end server generates goes through the real
// OpenAI client and its usage records, and still reads as the specs expect ('6 speaker segments',
// each relative's words and name). It reads the request as script-writer.server.ts writes it.
import { writeBuiltinDraft } from "~/features/podcasts/builtin-script-writer";
import type { ScriptRequest, ScriptStory } from "~/features/podcasts/script";
import type { FakeOpenAIRequest } from "./openai-server";

const messageOf = (request: FakeOpenAIRequest, role: string) => request.body.messages?.find((m) => m.role === role)?.content ?? "";

function scriptRequestOf(request: FakeOpenAIRequest): ScriptRequest | undefined {
  const hostCount = messageOf(request, "system").includes('"host1" or "host2"') ? 2 : 1;
  const user = messageOf(request, "user");
  const collection = /^Collection: (.*)\n\n([\s\S]*)$/.exec(user);
  if (collection) {
    const stories: ScriptStory[] = [];
    for (const part of collection[2]!.split("\n\n---\n\n")) {
      const story = /^Story \d+, written by (.*?)(?:, answering the question “(.*)”)?:\n([\s\S]*)$/.exec(part);
      if (!story) return undefined;
      stories.push({ contributorName: story[1] === "a family member" ? null : story[1], question: story[2] ?? null, content: story[3]! });
    }
    return { podcastId: "", title: collection[1]!, hostCount, format: "multi_contributor", stories };
  }
  const single = /^Title: (.*)\n\nStory:\n([\s\S]*)$/.exec(user);
  if (!single) return undefined;
  return { podcastId: "", title: single[1]!, hostCount, format: hostCount === 2 ? "dual_host" : "single_host", stories: [{ content: single[2]! }] };
}

/** The assistant's content: the JSON segments, or (for a request it cannot read) text the app refuses. */
export function builtinLikeAnswer(request: FakeOpenAIRequest) {
  const script = scriptRequestOf(request);
  return script ? JSON.stringify({ segments: writeBuiltinDraft(script) }) : "The fake could not read the story in this request.";
}
