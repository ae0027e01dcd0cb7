// The fake OpenAI's answer for end-to-end tests: the draft the built-in writer would write for the
// story in the request, in the structured shape the app asks for (decision 0132), so it passes the check. So every episode the end-to-end server generates goes through the real
// OpenAI client and its usage records, and still reads as the specs expect ('6 speaker segments',
// each relative's words and name). It reads the request as script-writer.server.ts writes it.
import { writeBuiltinDraft } from "~/features/podcasts/script/builtin-script-writer";
import type { ScriptRequest, ScriptStory } from "~/features/podcasts/script/script";

import type { FakeOpenAIRequest } from "./openai-server";

const messageOf = (request: FakeOpenAIRequest, role: string) =>
  request.body.messages?.find((m) => m.role === role)?.content ?? "";

function scriptRequestOf(request: FakeOpenAIRequest): ScriptRequest | undefined {
  const hostCount = messageOf(request, "system").includes('"host1" or "host2"') ? 2 : 1;
  const user = messageOf(request, "user");
  const collection = /^Collection: (.*)\n\n([\s\S]*)$/.exec(user);
  if (collection) {
    const stories: ScriptStory[] = [];
    for (const part of collection[2]!.split("\n\n---\n\n")) {
      const story = /^Story \d+, (written|recorded) by (.*?)(?:, answering the question “(.*)”)?:\n([\s\S]*)$/.exec(
        part,
      );
      if (!story) return undefined;
      const told = { contributorName: story[2] === "a family member" ? null : story[2], question: story[3] ?? null };
      // A recording is its placeholder, then what it says: the fake keeps the placeholder, as a model must.
      const clip =
        story[1] === "recorded"
          ? /^(\[\[CLIP \d+\]\])\n(?:What they say in it \(the recording plays it; never read it\):\n([\s\S]*)|.*)$/.exec(
              story[4]!,
            )
          : null;
      if (story[1] === "recorded" && !clip) return undefined;
      stories.push(
        clip
          ? { ...told, content: "", recording: { id: clip[1]!, seconds: 0, transcript: clip[2] ?? null } }
          : { ...told, content: story[4]! },
      );
    }
    return { podcastId: "", title: collection[1]!, hostCount, format: "multi_contributor", stories };
  }
  const single = /^Title: (.*)\n\nStory:\n([\s\S]*)$/.exec(user);
  if (!single) return undefined;
  return {
    podcastId: "",
    title: single[1]!,
    hostCount,
    format: hostCount === 2 ? "dual_host" : "single_host",
    stories: [{ content: single[2]! }],
  };
}

/** The assistant's content: the JSON segments, or (for a request it cannot read) text the app refuses. */
export function builtinLikeAnswer(request: FakeOpenAIRequest) {
  const script = scriptRequestOf(request);
  if (!script) return "The fake could not read the story in this request.";
  // The model's shape: a recording is a story segment whose text is its placeholder (its id here), nothing more.
  const segments = writeBuiltinDraft(script).map(({ clip, ...segment }) =>
    clip ? { speaker: "host1", kind: "story", text: clip.recordingId, chapter: segment.chapter ?? null } : segment,
  );
  return JSON.stringify({ segments });
}
