// The family programme's rules (decision 0203) on collections as families send them.
import { describe, expect, test } from "vitest";

import { benchFamilyCollection } from "../../../../bench/fixtures/episodes/index";
import { familyScriptFigures } from "../../../../bench/lib/family-figures";
import { renderDraft, writeBuiltinDraft } from "./builtin-script-writer";
import { letterOf, relationOf } from "./letters";
import type { ScriptRequest, ScriptStory } from "./script";
import { checkDraft } from "./script-check";

const QUESTION = "What do you remember about Sunday dinners?";
const LETTER =
  "Dear Margaret,\n\nGrandpa Joe learned to cook in Naples. He made the sauce every Sunday.\n\nLove,\nUncle Sal";
const ROSA_1 = "I'm Margaret's sister. Grandma baked bread every Friday in Duluth.";
const ROSA_2 = "Uncle Frank was our mother's older brother. He drove a truck for the railroad.";
const voice = (id: string, transcript: string | null = null, content = ""): Partial<ScriptStory> => ({
  content,
  recording: { id, seconds: 30, transcript },
});

type Case = [
  string,
  Array<[string | null, Partial<ScriptStory> | string]>,
  { says?: string[]; never?: string[]; hostCount?: 1 | 2; question?: string | null }?,
];

const CASES: Case[] = [
  [
    "a letter",
    [["Uncle Sal", LETTER]],
    { says: ["Uncle Sal wrote Margaret a letter.", "It reads: “Dear Margaret,", "It is signed: “Love, Uncle Sal”"] },
  ],
  [
    "a letter, one voice",
    [["Uncle Sal", LETTER]],
    { hostCount: 1, says: ["Uncle Sal wrote Margaret a letter.", "“Dear Margaret,"] },
  ],
  [
    "a letter with the salutation inline",
    [["Aunt May", "Dear Margaret, the garden was full of beans that year. Love, May"]],
    { says: ["Aunt May wrote Margaret a letter."] },
  ],
  [
    "a letter signed as a sister",
    [["Rosa", "Dear Margaret,\n\nGrandma baked bread every Friday.\n\nYour loving sister,\nRosa"]],
    { says: ["Rosa, Margaret's sister"] },
  ],
  ["a one-word answer", [["Cousin Ann", "Pie."]], { says: ["Cousin Ann wrote: “Pie.”"] }],
  [
    "one-word answers from three relatives",
    [
      ["Ann", "Pie."],
      ["Bo", "Gravy."],
      ["Cy", "Noise!"],
    ],
    { says: ["And last, Cy.", "Thank you to Ann, Bo and Cy"] },
  ],
  [
    "a voice answer only, transcribed",
    [["Grandpa Joe", voice("r1", "I learned to cook in Naples.")]],
    { says: ["In their own voice.", "Where did Grandpa Joe learn to cook?"] },
  ],
  [
    "a voice answer not transcribed",
    [["Grandpa Joe", voice("r1")]],
    { says: ["First, Grandpa Joe. In their own voice."], never: ["recorded answer"] },
  ],
  [
    "voice answers only, two relatives",
    [
      ["Joe", voice("r1", "We ate at noon.")],
      ["Ida", voice("r2", "I set the table.")],
    ],
    { says: ["First, Joe.", "And last, Ida."] },
  ],
  ["a voice answer with typed words", [["Ida", voice("r1", null, "Ida typed this. It was a long table.")]], {}],
  [
    "two stories by one aunt",
    [
      ["Aunt Rosa", ROSA_1],
      ["Aunt Rosa", ROSA_2],
    ],
    { says: ["Aunt Rosa, Margaret's sister.", "And another story."], never: ["We asked Aunt Rosa"] },
  ],
  [
    "three stories by one person, apart",
    [
      ["Aunt Rosa", ROSA_1],
      ["Uncle Sal", "We ate at two."],
      ["Aunt Rosa", ROSA_2],
      ["Aunt Rosa", "Pie."],
    ],
    { says: ["There is one more."] },
  ],
  [
    "many stories by one person, one voice",
    [
      ["Nell", "We ate at two."],
      ["Nell", "Dad carved."],
      ["Nell", "I washed up."],
      ["Nell", "We sang."],
    ],
    { hostCount: 1 },
  ],
  [
    "names with titles",
    [
      ["Mr. Dahlberg", "Mr. Dahlberg ran the store on Main Street."],
      ["Dr. J. R. Olson", "Dr. Olson came on Sundays."],
    ],
    { says: ["First, Mr. Dahlberg.", "And last, Dr. J. R. Olson."] },
  ],
  [
    "a title and a first name",
    [["Grandma Ada", "Grandma Ada grew tomatoes on the roof. She sold them at the Saturday market."]],
    { says: ["What did Grandma Ada grow?"] },
  ],
  ["a relative without a name", [[null, "We rowed across the lake at dawn."]], { says: ["First, a family member."] }],
  [
    "no question asked",
    [
      ["Aunt May", "We ate at two."],
      ["Bo", "Dad carved."],
    ],
    { question: null, never: ["We asked"] },
  ],
  [
    "a story asked another question",
    [
      ["Aunt May", { content: "We ate at two.", question: "When did you eat?" }],
      ["Bo", "Dad carved."],
      ["Cy", "We sang."],
    ],
    { says: ["We asked Aunt May: “When did you eat?”"] },
  ],
  [
    "a long answer told in parts",
    [
      [
        "Aunt May",
        "Grandpa Joe built the cabin in 1952. We went every July.\n\nUncle Frank drove the truck for the railroad. He brought oranges.\n\nIn 1961 we sold the cabin.",
      ],
    ],
    { says: ["When did Grandpa Joe build the cabin?"] },
  ],
  [
    "an answer that says who someone was",
    [["Aunt Rosa", `${ROSA_1}\n\n${ROSA_2}`]],
    { says: ["Who was Uncle Frank?"] },
  ],
  [
    "a negated sentence is not asked about",
    [["Bo", "Uncle Frank never came back. We waited.\n\nDad carved the roast."]],
    { never: ["Uncle Frank come"] },
  ],
  [
    "a letter, a voice answer, two by one aunt and a short answer",
    [
      ["Uncle Sal", LETTER],
      ["Grandpa Joe", voice("r1", "I learned to cook in Naples.")],
      ["Aunt Rosa", ROSA_1],
      ["Aunt Rosa", ROSA_2],
      ["Cousin Ann", "The cannoli."],
    ],
    { says: ["Thank you to Uncle Sal, Grandpa Joe, Aunt Rosa and Cousin Ann"] },
  ],
];

function requestOf(stories: Case[1], options: Case[2] = {}): ScriptRequest {
  const question = options.question === undefined ? QUESTION : options.question;
  return {
    podcastId: "p",
    title: "Sunday Dinners",
    hostCount: options.hostCount ?? 2,
    format: "multi_contributor",
    stories: stories.map(([contributorName, story]) => ({
      contributorName,
      question,
      ...(typeof story === "string" ? { content: story } : { content: "", ...story }),
    })),
  };
}

describe("a family programme", () => {
  test.each(CASES)("%s", (_, stories, options = {}) => {
    const req = requestOf(stories, options);
    const draft = writeBuiltinDraft(req);
    const segments = renderDraft(req, draft);
    expect(checkDraft(req, draft)).toEqual([]);
    const figures = familyScriptFigures(req, draft, segments);
    expect(figures.questionReads).toBe(req.stories.some((s) => s.question === QUESTION) ? 1 : 0);
    expect(figures.introducedTwice).toBe(0);
    expect(figures.answered).toBe(figures.questions);
    expect(figures.salutationsAsNarration).toBe(0);
    const all = segments.map((s) => s.text).join("\n");
    for (const said of options.says ?? []) expect(all).toContain(said);
    for (const unsaid of options.never ?? []) expect(all).not.toContain(unsaid);
    expect(all).not.toMatch(/(First|To begin|Next|Now|And last|Finally), (A|An|The) /);
    expect(new Set(segments.filter((s) => !s.clip).map((s) => s.text)).size).toBe(
      segments.filter((s) => !s.clip).length,
    );
    if (req.hostCount === 1) expect(segments.every((s) => s.speaker === "host1")).toBe(true);
    const chapters = segments.map((s) => s.chapter).filter(Boolean);
    expect(chapters.filter((c, i) => c !== chapters[i - 1])).toEqual([...new Set(chapters)]);
  });
});

test("the bench's collection: a lead word runs on into the letter's introduction", () => {
  const req = benchFamilyCollection();
  const all = renderDraft(req, writeBuiltinDraft(req))
    .map((s) => s.text)
    .join("\n");
  expect(all).toContain("First, a letter from Uncle Sal to Margaret.");
});

describe("what a relative's words say of them", () => {
  test("a letter: its salutation, whom it is to and its sign-off", () => {
    expect(letterOf(LETTER)).toEqual({
      recipient: "Margaret",
      salutation: "Dear Margaret,",
      signOff: "Love, Uncle Sal",
    });
    expect(letterOf("Dear Margaret, the beans grew. Love, May")?.recipient).toBe("Margaret");
    expect(letterOf("We ate at two. Love was in the air.")).toBeNull();
    expect(letterOf("Hi Margaret,\n\nWe ate at two.")?.signOff).toBeNull();
  });

  test("a relation only as the relative states it", () => {
    expect(relationOf(ROSA_1)).toBe("Margaret's sister");
    expect(relationOf("Dear Margaret,\n\nWe ate.\n\nYour loving sister,\nRosa")).toBe("Margaret's sister");
    expect(relationOf("My sister Margaret baked.")).toBeNull();
  });
});
