// One narrator tells every sentence of the story whole, once, in order; the interviewer states nothing of it.
import { describe, expect, test } from "vitest";

import {
  renderDraft,
  splitIntoParts,
  WORDS_PER_PART,
  writeBuiltinDraft,
  writeBuiltinScript,
} from "./builtin-script-writer";
import { storyBody, type ScriptRequest, type ScriptSegment } from "./script";
import { checkDraft } from "./script-check";

// This test's own sentence splitter and stopwords, independent of the writer's.
const sentencesOf = (content: string) =>
  content
    .split(/\n\s*\n/)
    .flatMap((p) =>
      p
        .replace(/\s+/g, " ")
        .trim()
        .split(/(?<=[.!?]["”’)]*)\s+(?=\S)/),
    )
    .filter(Boolean);
const STOP = new Set(
  "a an the and or but so then now this that it is was do did what how we you us our i me my of to in on at for with re s t ll ve d m".split(
    " ",
  ),
);
const words = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP.has(w));

function expectFaithful(req: ScriptRequest, segments: ScriptSegment[]) {
  const sentences = req.stories.flatMap((s) =>
    sentencesOf(req.format === "multi_contributor" ? s.content : storyBody(req.title, s.content)),
  );
  const residue = segments.map((s) => s.text);
  let last: [number, number] = [-1, -1];
  for (const sentence of sentences) {
    const found = segments.flatMap((seg, i) =>
      [...seg.text.matchAll(new RegExp(sentence.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "g"))].map(
        (m) => [i, m.index] as [number, number],
      ),
    );
    expect(found, `“${sentence}” is spoken once`).toHaveLength(1);
    const [i, at] = found[0]!;
    expect(segments[i]!.speaker, `“${sentence}” is the narrator's`).toBe("host1");
    expect(i > last[0] || (i === last[0] && at > last[1]), `“${sentence}” comes in order`).toBe(true);
    last = [i, at];
    residue[i] = residue[i]!.replace(sentence, " ");
  }
  const allowed = new Set(
    [req.title, ...req.stories.flatMap((s) => [s.contributorName ?? "a family member", s.question ?? ""])].flatMap(
      words,
    ),
  );
  const storyWords = new Set(sentences.flatMap(words).filter((w) => !allowed.has(w)));
  residue.forEach((text, i) => {
    const statements = text
      .split(/(?<=(?<!\b(?:Mr|Mrs|Ms|Dr|St|Mt|Jr|[A-Z]))[.!?]["”’)]*)\s+/)
      .filter((sentence) => !/[?!]["”’)]*$/.test(sentence.trim()));
    expect(
      statements.flatMap(words).filter((w) => storyWords.has(w)),
      `segment ${i}'s own words: ${text}`,
    ).toEqual([]);
  });
  const hostLines = residue
    .map((text, i) => (text.trim() === segments[i]!.text.trim() ? text.trim() : ""))
    .filter(Boolean);
  expect(new Set(hostLines).size, hostLines.join(" / ")).toBe(hostLines.length);
  return segments;
}

const story = (content: string, hostCount: 1 | 2 = 2, title = "Roof Tomatoes"): ScriptRequest => ({
  podcastId: "p",
  title,
  hostCount,
  format: hostCount === 2 ? "dual_host" : "single_host",
  stories: [{ content }],
});

const FIRST_PERSON =
  "Every summer we drove to the lake in Grandpa's blue truck. He let us steer on the gravel road.\n\n" +
  "At night Grandma read to us by the fire. I still remember the smell of pine smoke.\n\n" +
  "When I was twelve the cabin was sold. We never went back, but I kept the key.";

const THIRD_PERSON =
  "Ada Moreno grew tomatoes on the roof of a bakery in Turin. She sold them at the Saturday market. " +
  "Every jar of her sauce had a handwritten label. Her grandson Luca still has one of those labels, pinned above his desk.";

// Uses the words of the interviewer's preferred lines, so the writer must fall back to others.
const ADVERSARIAL =
  "Welcome to the show, today we are hearing a story called hello. Our picture of how things begin, start and end was really different. " +
  "Tell it, please, go ahead, over and over. What happened next and after that was sharing, thank you and thanks. " +
  "We kept listening to family stories, a podcast made of memories. The question we asked was in her words: she wrote, went on and continued.";

const LONG = Array.from({ length: 10 }, (_, p) =>
  Array.from(
    { length: 6 },
    (_, s) =>
      `In year ${p * 6 + s + 1950} our household planted ${s + 2} rows of beans behind the old mill, and by autumn the neighbours came along to help carry baskets.`,
  ).join(" "),
).join("\n\n");

const FIVE_KINDS: Array<[string, (hostCount: 1 | 2) => ScriptRequest]> = [
  ["a first-person story", (n) => story(FIRST_PERSON, n)],
  ["a third-person story", (n) => story(THIRD_PERSON, n)],
  ["a single paragraph", (n) => story("Mum kept a diary. She wrote in it every night. Nobody read it until 1998.", n)],
  ["a very long story", (n) => story(LONG, n)],
  [
    "a collection",
    (n) => ({
      podcastId: "p",
      title: "Kitchen Stories",
      hostCount: n,
      format: "multi_contributor",
      stories: [
        { contributorName: "Aunt May", content: FIRST_PERSON, question: "What do you remember of summer?" },
        { contributorName: null, content: LONG, question: "What do you remember of summer?" },
        { contributorName: "Uncle Bo", content: THIRD_PERSON, question: null },
      ],
    }),
  ],
];

describe.each([1, 2] as const)("every kind of story, %i host(s)", (hostCount) => {
  test.each(FIVE_KINDS)(
    "%s: no sentence split across voices, each once and in order, no borrowed words; the check a model's script must pass agrees",
    (_, make) => {
      const req = make(hostCount);
      const draft = writeBuiltinDraft(req);
      expectFaithful(req, renderDraft(req, draft));
      // The built-in writer is the fallback for a refused model script: it always passes.
      expect(checkDraft(req, draft)).toEqual([]);
    },
  );
});

describe("two hosts: an interview with one narrator", () => {
  test.each([
    ["a first-person story", FIRST_PERSON],
    ["a third-person story", THIRD_PERSON],
    ["a single paragraph of one sentence", "Dad loved jazz."],
    ["a single paragraph", "Mum kept a diary. She wrote in it every night. Nobody read it until 1998."],
    ["a very long story", LONG],
    ["a story using the interviewer's own words", ADVERSARIAL],
  ])("%s: every sentence whole, once, in order, by the narrator; the interviewer adds no word of it", (_, content) => {
    const segments = expectFaithful(story(content), writeBuiltinScript(story(content)));
    expect(segments[0]!.speaker).toBe("host2");
    segments.forEach((segment, i) => {
      if (segment.speaker === "host1" && i < segments.length - 1)
        expect(segments[i - 1]!.speaker, `before segment ${i}`).toBe("host2");
    });
    expect(segments.filter((s) => s.speaker === "host2").length).toBeGreaterThanOrEqual(2);
  });

  test("a short story is the spec's 6 speaker segments: hello and a question the first part answers, the narrator's hello and two parts, a reaction to what was told and a question, thanks, goodbye", () => {
    const segments = writeBuiltinScript(
      story(
        "Grandma Ada grew tomatoes on the roof. She sold them at the Saturday market. Every jar had a label. We still have one.",
      ),
    );
    expect(segments).toEqual([
      {
        speaker: "host2",
        text: "Hello. Today's family story is “Roof Tomatoes”. What did Grandma Ada grow?",
        chapter: "Roof Tomatoes",
      },
      {
        speaker: "host1",
        text: "Hello. I'm glad to tell it. Grandma Ada grew tomatoes on the roof. She sold them at the Saturday market.",
        chapter: "Roof Tomatoes",
      },
      { speaker: "host2", text: "Grandma Ada! I see. What about the label?", chapter: "Roof Tomatoes" },
      { speaker: "host1", text: "Every jar had a label. We still have one.", chapter: "Roof Tomatoes" },
      { speaker: "host2", text: "Thank you for telling “Roof Tomatoes”.", chapter: "Roof Tomatoes" },
      { speaker: "host1", text: "Thank you for listening. Goodbye.", chapter: "Roof Tomatoes" },
    ]);
  });

  test("when the story uses a line's words the interviewer says another", () => {
    const texts = writeBuiltinScript(story(ADVERSARIAL)).map((s) => s.text);
    expect(texts[0]).toMatch(/^This is “Roof Tomatoes”\. /);
    expect(texts).toContain("That was “Roof Tomatoes”.");
  });

  test("a long story: parts of about a minute, cut between paragraphs", () => {
    const parts = splitIntoParts(LONG);
    expect(LONG.split(/\s+/)).toHaveLength(1500);
    expect(parts).toHaveLength(1500 / WORDS_PER_PART);
    expect(parts).toEqual(LONG.split("\n\n"));
    expect(splitIntoParts("One two three. Four five six seven.\n\nEight nine ten. Eleven.", 2)).toEqual([
      "One two three. Four five six seven.",
      "Eight nine ten. Eleven.",
    ]);
    expect(splitIntoParts("Just one sentence here.", 2)).toEqual(["Just one sentence here."]);
  });

  test("the owner's own intro comes first, then the title without a second welcome", () => {
    const segments = writeBuiltinScript({ ...story(FIRST_PERSON), intro: " From the Baker kitchen. " });
    expect(segments.slice(0, 2)).toEqual([
      { speaker: "host1", text: "From the Baker kitchen.", chapter: "Roof Tomatoes" },
      {
        speaker: "host2",
        text: "Today's story is called “Roof Tomatoes”. What about the gravel road?",
        chapter: "Roof Tomatoes",
      },
    ]);
  });
});

describe("one host", () => {
  test.each([FIRST_PERSON, THIRD_PERSON, LONG, ADVERSARIAL])(
    "the narrator reads everything, paragraph by paragraph",
    (content) => {
      const segments = writeBuiltinScript(story(content, 1));
      expect(segments.every((s) => s.speaker === "host1")).toBe(true);
      expect(segments.slice(1, -1).map((s) => s.text)).toEqual(content.split("\n\n"));
    },
  );
});

describe("a family collection", () => {
  const collection = (hostCount: 1 | 2, question: string | null): ScriptRequest => ({
    podcastId: "p",
    title: "Kitchen Stories",
    hostCount,
    format: "multi_contributor",
    stories: [
      { contributorName: "Aunt May", content: 'Mum said "never waste bread" and we never did.\nNot once.', question },
      { contributorName: "Uncle Bo", content: FIRST_PERSON, question },
      { contributorName: null, content: LONG, question },
    ],
  });

  test("two hosts: the question read once, each relative introduced once, the narrator answers with their words, quoted and attributed", () => {
    const req = collection(2, "What is your favourite kitchen memory?");
    const segments = expectFaithful(req, writeBuiltinScript(req));
    expect(checkDraft(req, writeBuiltinDraft(req))).toEqual([]);
    expect(segments[0]).toEqual({
      speaker: "host2",
      text: "Hello. These are the stories of Aunt May, Uncle Bo and a family member, gathered for “Kitchen Stories”. We asked each of them: “What is your favourite kitchen memory?”",
    });
    expect(segments.filter((s) => s.text.includes("What is your favourite kitchen memory?"))).toHaveLength(1);
    expect(segments[1]).toMatchObject({ speaker: "host2", chapter: "Aunt May" });
    expect(segments[1]!.text).toMatch(/^First, Aunt May\./);
    expect(segments[2]).toEqual({
      speaker: "host1",
      text: 'Hello. I\'m glad to tell it. Aunt May wrote: “Mum said "never waste bread" and we never did. Not once.”',
      chapter: "Aunt May",
    });
    expect(segments[3]!.text).toMatch(/^Thank you, Aunt May\. Next, Uncle Bo\./);
    expect(segments[4]).toEqual({
      speaker: "host1",
      text: `Uncle Bo wrote: “${FIRST_PERSON.split("\n\n")[0]}”`,
      chapter: "Uncle Bo",
    });
    expect(segments[5]!.speaker).toBe("host2");
    expect(segments[5]!.text).toMatch(/\?$/);
    const unnamed = segments.filter((s) => s.chapter === "A family member" && s.speaker === "host1");
    expect(unnamed.length).toBeGreaterThan(5);
    expect(unnamed[0]!.text).toMatch(/^A family member wrote: “In year 1950/);
    expect(unnamed.slice(1).every((s) => /^A family member continued: “.*”$/.test(s.text))).toBe(true);
    expect(segments.slice(-2)).toEqual([
      { speaker: "host2", text: "Thank you to Aunt May, Uncle Bo and a family member for sharing these memories." },
      { speaker: "host1", text: "Thank you for listening. Goodbye." },
    ]);
  });

  test("without a question nobody is asked one; one voice introduces and reads every line", () => {
    const asked = expectFaithful(collection(2, null), writeBuiltinScript(collection(2, null)));
    expect(asked[0]!.text).toBe(
      "Hello. These are the stories of Aunt May, Uncle Bo and a family member, gathered for “Kitchen Stories”.",
    );
    const alone = expectFaithful(collection(1, "Why?"), writeBuiltinScript(collection(1, "Why?")));
    expect(alone.every((s) => s.speaker === "host1")).toBe(true);
    expect(alone.map((s) => s.chapter)).toEqual([
      undefined,
      "Aunt May",
      "Aunt May",
      "Uncle Bo",
      "Uncle Bo",
      "A family member",
      "A family member",
      undefined,
    ]);
    expect(alone[3]!.text).toBe("Thank you, Aunt May. Next, Uncle Bo.");
    expect(alone[5]!.text).toBe("Thank you, Uncle Bo. And last, a family member.");
  });
});

describe("a relative's own recording (decision 0139)", () => {
  test.each([1, 2] as const)(
    "%i host(s): introduced by name, then played whole where the words would be read",
    (hostCount) => {
      const req: ScriptRequest = {
        podcastId: "p",
        title: "Kitchen Stories",
        hostCount,
        format: "multi_contributor",
        stories: [
          { contributorName: "Rose Smith", content: LONG, question: "Why?", recording: { id: "rec-1", seconds: 102 } },
          {
            contributorName: "Ivy",
            content: "",
            question: "Why?",
            recording: { id: "rec-2", seconds: 7, transcript: null },
          },
          {
            contributorName: "Nell",
            content: "",
            question: "Why?",
            recording: { id: "rec-3", seconds: 9, transcript: "We kept bees." },
          },
        ],
      };
      const interviewer = hostCount === 2 ? "host2" : "host1";
      const rose = writeBuiltinScript(req).filter((s) => s.chapter === "Rose Smith");
      expect(rose.map((s) => [s.speaker, s.text.slice(0, 40), s.clip ?? null])).toEqual([
        [interviewer, expect.stringMatching(/^First, Rose Smith\. In their own voice\./), null],
        ["host1", LONG.replace(/\s+/g, " ").slice(0, 40), { recordingId: "rec-1", name: "Rose Smith", seconds: 102 }],
      ]);
      const clips = writeBuiltinScript(req).filter((s) => s.clip);
      expect(clips.map((s) => s.text)).toEqual([expect.any(String), "", "We kept bees."]);
    },
  );
});

describe("a PDF's title is spoken once", () => {
  const pdfText = "The Cabin by the Pines\nGrandpa Joe built the cabin in 1952.\nHe always said: measure twice.";

  test.each([1, 2] as const)(
    "%i host(s): a first line that repeats the title is not read after the welcome",
    (hostCount) => {
      const segments = expectFaithful(
        story(pdfText, hostCount, "The cabin by the pines!"),
        writeBuiltinScript(story(pdfText, hostCount, "The cabin by the pines!")),
      );
      const opening = segments
        .slice(0, segments.findIndex((s) => s.text.includes("Grandpa Joe")) + 1)
        .map((s) => s.text)
        .join(" ");
      expect(opening.match(/cabin by the pines/gi)).toHaveLength(1);
      expect(segments.some((s) => s.text.includes("in 1952. He always said"))).toBe(hostCount === 1);
    },
  );

  test("the title line goes only when it is the title, and never leaves nothing to read", () => {
    expect(storyBody("The Cabin", "THE CABIN.\n\nWe built it.")).toBe("We built it.");
    expect(storyBody("The Cabin", "The Cabin was small.\nWe built it.")).toBe("The Cabin was small.\nWe built it.");
    expect(storyBody("The Cabin", "The Cabin")).toBe("The Cabin");
  });
});

describe("an interviewer who listens", () => {
  const DAHLBERG =
    "I was born in the winter of 1946 in a farmhouse near Owatonna. The river had frozen solid. A neighbour, Mr. Dahlberg, carried baby me out across the ice to the doctor. " +
    "My mother always said he saved my life.\n\nWe moved to St. Paul in 1952. Dad rented a room above Mr. Kowalski's store on Rice St. and worked nights at the rail yard. " +
    "Mrs. Kowalski gave us bread every Friday.\n\nIn the '60s we bought a red Ford truck for $300. Dr. J. R. Olson said it would never make it to Duluth. It did, twice.";

  test("parts end only where sentences end, never inside “Mr.”, “St.” or an initial", () => {
    const parts = splitIntoParts(DAHLBERG, 5);
    expect(parts.length).toBeGreaterThan(3);
    for (const part of parts) expect(part, part).toMatch(/[.!?]$/);
    expect(parts.some((p) => /\b(?:Mr|Mrs|Dr|St|J|R)\.$/.test(p))).toBe(false);
    expect(parts.join(" ")).toBe(DAHLBERG.replace(/\s+/g, " "));
  });

  test("its questions are ones the next part answers, in its words; no line is said twice", () => {
    const req = story(DAHLBERG);
    const segments = expectFaithful(req, writeBuiltinScript(req));
    const asked = segments.filter((s) => s.speaker === "host2").map((s) => s.text);
    expect(asked.join(" ")).not.toMatch(/Who was Mr\. Dahlberg\?/);
    for (const line of asked.slice(0, -1)) expect(line, line).toMatch(/\?$/);
    expect(new Set(asked).size).toBe(asked.length);
    expect(checkDraft(req, writeBuiltinDraft(req))).toEqual([]);
  });

  test("a long story: ten questions, none the same, most naming something from the story", () => {
    const req = story(LONG);
    const asked = writeBuiltinScript(req)
      .filter((s) => s.speaker === "host2")
      .map((s) => s.text);
    expect(asked.length).toBeGreaterThanOrEqual(10);
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked.some((line) => /\bAnd then\?$/.test(line))).toBe(false);
  });
});
