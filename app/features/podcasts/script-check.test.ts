// The check a language model's draft must pass (decision 0132): each way of inventing, dropping or
// moving the story's words is caught, and a faithful draft passes with any quote-mark style.
import { describe, expect, test } from "vitest";
import { checkDraft } from "./script-check";
import type { DraftSegment, ScriptRequest } from "./script";

const STORY = "Grandma Ada grew tomatoes on the roof. She sold them at the Saturday market.\n\nEvery jar had a “handwritten” label. We still have one.";
const [S1, S2, S3, S4] = ["Grandma Ada grew tomatoes on the roof.", "She sold them at the Saturday market.", "Every jar had a “handwritten” label.", "We still have one."];

const single: ScriptRequest = { podcastId: "p", title: "Roof Tomatoes", hostCount: 2, format: "dual_host", stories: [{ content: STORY }] };
const ask = (text: string, chapter?: string): DraftSegment => ({ speaker: "host2", kind: "host", text, ...(chapter ? { chapter } : {}) });
const tell = (text: string, chapter?: string): DraftSegment => ({ speaker: "host1", kind: "story", text, ...(chapter ? { chapter } : {}) });

const faithful = [ask("Welcome. This is “Roof Tomatoes”. How does it begin?"), tell(`${S1} ${S2}`), ask("Mm. And then?"), tell(`${S3} ${S4}`), ask("Thank you.")];

describe("a single story", () => {
  test("a faithful draft passes, whatever its quote marks and spacing", () => {
    expect(checkDraft(single, faithful)).toEqual([]);
    expect(checkDraft(single, [tell(`${S1}\n  ${S2} Every jar had a "handwritten" label.`), tell(S4)])).toEqual([]);
  });

  test.each([
    ["an invented quote", [tell(`${S1} ${S2} She was born in Paris.`), tell(`${S3} ${S4}`)], /quotes “She was born in Paris\.”, which is not in the story word for word/],
    ["a changed word", [tell(`${S1} She sold them at the Sunday market.`), tell(`${S3} ${S4}`)], /quotes “She sold them at the Sunday market\.”/],
    ["a repeated sentence", [tell(`${S1} ${S2}`), tell(`${S2} ${S3} ${S4}`)], /segment 2 repeats “She sold them/],
    ["sentences out of order", [tell(`${S2} ${S1} ${S3} ${S4}`)], /skips ahead to “She sold them.*leaving out “Grandma Ada/],
    ["a part cut mid-sentence", [tell(`${S1} She sold them`), ask("Go on."), tell(`at the Saturday market. ${S3} ${S4}`)], /stops in the middle of the sentence “She sold them at the Saturday market\.”/],
    ["a part left out", [tell(`${S1} ${S2} ${S3}`)], /the story must be read in full, but “We still have one\.” and the 0 sentences after it are missing/],
    ["the story in the interviewer's voice", [tell(`${S1} ${S2}`), { ...tell(`${S3} ${S4}`), speaker: "host2" }], /segment 2 reads the story in host2's voice/],
    // ("tomatoes" is in the title, which a host may name.)
    ["a host line retelling the story", [ask("So Ada sold tomatoes?"), tell(`${S1} ${S2} ${S3} ${S4}`)], /segment 1 is a host line but uses the story's words \(ada, sold\);/],
    ["a host line said twice", [ask("Mm. What happened next?"), tell(`${S1} ${S2}`), ask("Mm. What happened next?"), tell(`${S3} ${S4}`)], /segment 3 repeats the host line “Mm\. What happened next\?”; no line is said twice/],
    ["a question that tells", [ask("Did Ada sell them at the market?"), tell(`${S1} ${S2} ${S3} ${S4}`)], /segment 1 is a host line but uses the story's words \(ada, them, market\)/],
    ["a story sentence passed off as a host line", [{ ...tell(S1), kind: "host" }, tell(`${S2} ${S3} ${S4}`)], /segment 1 is a host line but uses the story's words/],
  ] as const)("%s is refused", (_, draft, problem) => {
    expect(checkDraft(single, [...draft]).join("\n")).toMatch(problem);
  });

  test("a question may name who, where and what the story names, as written", () => {
    expect(checkDraft(single, [ask("Who was Grandma Ada?"), tell(`${S1} ${S2}`), ask("Mm. What happened next?"), tell(`${S3} ${S4}`)])).toEqual([]);
  });

  test("host lines may name the title; one host means host1 only; a title line of a PDF is not the story", () => {
    expect(checkDraft(single, [ask("Roof tomatoes, then."), tell(STORY)])).toEqual([]);
    expect(checkDraft({ ...single, hostCount: 1 }, faithful)).toContain("segment 1 is spoken by host2, but this episode has one host, host1");
    expect(checkDraft({ ...single, stories: [{ content: `ROOF TOMATOES\n${STORY}` }] }, [tell(STORY)])).toEqual([]);
  });
});

describe("a collection", () => {
  const question = "What do you remember of the garden?";
  const collection: ScriptRequest = {
    podcastId: "p",
    title: "Garden Stories",
    hostCount: 2,
    format: "multi_contributor",
    stories: [
      { contributorName: "Aunt May", content: "The beans grew up the fence. We ate them raw.", question },
      { contributorName: null, content: "I only remember the bees.", question },
    ],
  };
  const asked = (name: string) => ask(`We asked ${name}: “${question}”`, name);

  test("each relative's question is asked before their words, and the words are theirs", () => {
    const draft = [ask("Welcome to “Garden Stories”."), asked("Aunt May"), tell("The beans grew up the fence. We ate them raw.", "Aunt May"), asked("a family member"), tell("I only remember the bees.", "A family member")];
    expect(checkDraft(collection, draft)).toEqual([]);
    // Question words are the relative's prompt, not the story's: "remember" may be asked.
    expect(checkDraft(collection, [draft[1]!, draft[2]!, tell("I only remember the bees.", "A family member")])).toEqual([
      "segment 3 reads a family member's words before the host asks a family member the question “What do you remember of the garden?” word for word",
    ]);
    expect(checkDraft(collection, [asked("Aunt May"), tell("I only remember the bees.", "Aunt May"), asked("a family member"), tell("The beans grew up the fence. We ate them raw.", "a family member")]).join("\n")).toMatch(
      /segment 2 quotes “I only remember the bees\.”, which is not in the story word for word/,
    );
    expect(checkDraft(collection, [asked("Aunt May"), tell("The beans grew up the fence. We ate them raw.", "Uncle Bo")]).join("\n")).toMatch(
      /segment 2 quotes words without naming whose they are: its chapter must be one of Aunt May, a family member/,
    );
  });
});
