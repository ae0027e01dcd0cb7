// Each way of inventing, dropping or moving the story's words is caught.
import { describe, expect, test } from "vitest";

import type { DraftSegment, ScriptRequest } from "./script";
import { checkDraft } from "./script-check";

const STORY =
  "Grandma Ada grew tomatoes on the roof. She sold them at the Saturday market.\n\nEvery jar had a “handwritten” label. We still have one.";
const [S1, S2, S3, S4] = [
  "Grandma Ada grew tomatoes on the roof.",
  "She sold them at the Saturday market.",
  "Every jar had a “handwritten” label.",
  "We still have one.",
];

const single: ScriptRequest = {
  podcastId: "p",
  title: "Roof Tomatoes",
  hostCount: 2,
  format: "dual_host",
  stories: [{ content: STORY }],
};
const ask = (text: string, chapter?: string): DraftSegment => ({
  speaker: "host2",
  kind: "host",
  text,
  ...(chapter ? { chapter } : {}),
});
const tell = (text: string, chapter?: string): DraftSegment => ({
  speaker: "host1",
  kind: "story",
  text,
  ...(chapter ? { chapter } : {}),
});

const faithful = [
  ask("Welcome. This is “Roof Tomatoes”. How does it begin?"),
  tell(`${S1} ${S2}`),
  ask("Mm. And then?"),
  tell(`${S3} ${S4}`),
  ask("Thank you."),
];

describe("a single story", () => {
  test("a faithful draft passes, whatever its quote marks and spacing", () => {
    expect(checkDraft(single, faithful)).toEqual([]);
    expect(checkDraft(single, [tell(`${S1}\n  ${S2} Every jar had a "handwritten" label.`), tell(S4)])).toEqual([]);
  });

  test.each([
    [
      "an invented quote",
      [tell(`${S1} ${S2} She was born in Paris.`), tell(`${S3} ${S4}`)],
      /quotes “She was born in Paris\.”, which is not in the story word for word/,
    ],
    [
      "a changed word",
      [tell(`${S1} She sold them at the Sunday market.`), tell(`${S3} ${S4}`)],
      /quotes “She sold them at the Sunday market\.”/,
    ],
    ["a repeated sentence", [tell(`${S1} ${S2}`), tell(`${S2} ${S3} ${S4}`)], /segment 2 repeats “She sold them/],
    [
      "sentences out of order",
      [tell(`${S2} ${S1} ${S3} ${S4}`)],
      /skips ahead to “She sold them.*leaving out “Grandma Ada/,
    ],
    [
      "a part cut mid-sentence",
      [tell(`${S1} She sold them`), ask("Go on."), tell(`at the Saturday market. ${S3} ${S4}`)],
      /stops in the middle of the sentence “She sold them at the Saturday market\.”/,
    ],
    [
      "a part left out",
      [tell(`${S1} ${S2} ${S3}`)],
      /the story must be read in full, but “We still have one\.” and the 0 sentences after it are missing/,
    ],
    [
      "the story in the interviewer's voice",
      [tell(`${S1} ${S2}`), { ...tell(`${S3} ${S4}`), speaker: "host2" }],
      /segment 2 reads the story in host2's voice/,
    ],
    [
      "a host line retelling the story",
      [ask("So Ada sold tomatoes?"), tell(`${S1} ${S2} ${S3} ${S4}`)],
      /segment 1 asks “So Ada sold tomatoes\?”, which tells what happened/,
    ],
    [
      "a statement retelling the story",
      [ask("Ada sold them at the market."), tell(`${S1} ${S2} ${S3} ${S4}`)],
      /segment 1 is a host line but uses the story's words \(ada, sold, them, market\);/,
    ],
    [
      "a question the next part leaves open",
      [ask("Where was the Saturday market?"), tell(S1), tell(`${S2} ${S3} ${S4}`)],
      /segment 1 asks “Where was the Saturday market\?”, but the part after it does not tell that \(saturday, market\)/,
    ],
    [
      "a question about a later part",
      [ask("And the handwritten label?"), tell(`${S1} ${S2}`), tell(`${S3} ${S4}`)],
      /segment 1 asks “And the handwritten label\?”, but the part after it does not tell that \(handwritten, label\)/,
    ],
    [
      "a host line said twice",
      [ask("Mm. What happened next?"), tell(`${S1} ${S2}`), ask("Mm. What happened next?"), tell(`${S3} ${S4}`)],
      /segment 3 repeats the host line “Mm\. What happened next\?”; no line is said twice/,
    ],
    [
      "a question that tells",
      [ask("Did Ada sell them at the market?"), tell(`${S1} ${S2} ${S3} ${S4}`)],
      /segment 1 asks “Did Ada sell them at the market\?”, which tells what happened/,
    ],
    [
      "a story sentence passed off as a host line",
      [{ ...tell(S1), kind: "host" }, tell(`${S2} ${S3} ${S4}`)],
      /segment 1 is a host line but uses the story's words/,
    ],
  ] as const)("%s is refused", (_, draft, problem) => {
    expect(checkDraft(single, [...draft]).join("\n")).toMatch(problem);
  });

  test("a question may ask what the next part tells, in its words (a verb in its plain form), and a reaction may echo what was just told", () => {
    expect(
      checkDraft(single, [
        ask("What did Grandma Ada grow?"),
        tell(`${S1} ${S2}`),
        ask("Mm. What happened next?"),
        tell(`${S3} ${S4}`),
      ]),
    ).toEqual([]);
    expect(
      checkDraft(single, [
        ask("Where did Grandma Ada sell them?"),
        tell(`${S1} ${S2}`),
        ask("Grandma Ada! I see."),
        tell(`${S3} ${S4}`),
      ]),
    ).toEqual([]);
  });

  test("host lines may name the title; one host means host1 only; a title line of a PDF is not the story", () => {
    expect(checkDraft(single, [ask("Roof tomatoes, then."), tell(STORY)])).toEqual([]);
    expect(checkDraft({ ...single, hostCount: 1 }, faithful)).toContain(
      "segment 1 is spoken by host2, but this episode has one host, host1",
    );
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
  const asked = ask(`Welcome to “Garden Stories”. We asked: “${question}”`);

  test("the collection's question is asked once, before the first words, and the words are theirs", () => {
    const draft = [
      asked,
      ask("First, Aunt May.", "Aunt May"),
      tell("The beans grew up the fence. We ate them raw.", "Aunt May"),
      ask("Next, a family member.", "A family member"),
      tell("I only remember the bees.", "A family member"),
    ];
    expect(checkDraft(collection, draft)).toEqual([]);
    expect(
      checkDraft(collection, [asked, draft[2]!, ask(`We asked a family member: “${question}”`), draft[4]!]),
    ).toEqual([
      "the question “What do you remember of the garden?” is read 2 times; it is read once, before the first answer",
    ]);
    expect(checkDraft(collection, [draft[1]!, draft[2]!, asked, draft[4]!])).toEqual([
      "segment 2 reads Aunt May's words before the host asks the question “What do you remember of the garden?” word for word",
    ]);
    expect(
      checkDraft(collection, [
        asked,
        tell("I only remember the bees.", "Aunt May"),
        tell("The beans grew up the fence. We ate them raw.", "a family member"),
      ]).join("\n"),
    ).toMatch(/segment 2 quotes “I only remember the bees\.”, which is not in the story word for word/);
    expect(
      checkDraft(collection, [asked, tell("The beans grew up the fence. We ate them raw.", "Uncle Bo")]).join("\n"),
    ).toMatch(
      /segment 2 quotes words without naming whose they are: its chapter must be one of Aunt May, a family member/,
    );
  });
});
