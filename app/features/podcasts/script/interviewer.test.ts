import { describe, expect, test } from "vitest";

import { anchorsOf, createInterviewer, namesSomething, questionsFrom, storyAnchors } from "./interviewer";

const STORY =
  "I was born in the winter of 1946 in a farmhouse near Owatonna. A neighbour, Mr. Dahlberg, carried baby me out across the frozen river to the doctor.\n\n" +
  "We moved to St. Paul in 1952, and Mrs. Kowalski gave us bread every Friday. In the '60s we bought a red Ford truck for $300.";

describe("what a story names", () => {
  test("people, places, times and things, copied as written, in order", () => {
    const anchors = anchorsOf(STORY.replace(/\n\n/g, " "));
    const texts = anchors.map((a) => a.text);
    expect(texts).toEqual(expect.arrayContaining(["Mr. Dahlberg", "Mrs. Kowalski", "the winter of 1946", "1952"]));
    for (const text of texts) expect(STORY.replace(/\s+/g, " ")).toContain(text);
    expect(anchors.find((a) => a.text === "Mr. Dahlberg")?.kind).toBe("person");
    expect(texts.some((t) => /^(?:I|me|my|we)\b/.test(t))).toBe(false);
  });

  test("a question is one the part answers, built from what it says, and never the same line twice", () => {
    const ask = createInterviewer(["Mm.", "I see."], STORY);
    const [first, second] = STORY.split("\n\n") as [string, string];
    // Not "Who was Mr. Dahlberg?": the part says what he did, not who he was.
    expect(ask.first(first, "How does it begin?")).toBe("What happened in the winter of 1946?");
    const next = ask.between(second, null, first);
    expect(next).toBe("Mr. Dahlberg! Mm. What happened in 1952?");
    const again = ask.between(first);
    expect(again).not.toBe(next);
    expect(again).toMatch(/\?$/);
  });

  test.each([
    ["Grandpa Joe learned to cook in Naples.", null, "Where did Grandpa Joe learn to cook?"],
    ["Grandpa Joe built the cabin in 1952.", null, "When did Grandpa Joe build the cabin?"],
    ["Uncle Frank was my mother's older brother.", null, "Who was Uncle Frank?"],
    ["Aunt Rosa baked bread every Sunday.", null, "What did Aunt Rosa bake?"],
    ["I grew up in Palermo.", "Aunt Rosa", "Where did Aunt Rosa grow up?"],
    ["I was born in Palermo.", "Aunt Rosa", "Where was Aunt Rosa born?"],
    ["In 1952 we moved to Duluth.", null, "What happened in 1952?"],
  ])("“%s” (told by %s) is asked as “%s”", (sentence, self, question) => {
    expect(questionsFrom(sentence, self)[0]).toBe(question);
  });

  test("a negated sentence, or one about nobody named, asks nothing of its own", () => {
    expect(questionsFrom("Uncle Frank never came back.")).toEqual([]);
    expect(questionsFrom("We laughed a lot.")).toEqual([]);
  });

  test("a line names something when one of its questions does", () => {
    const anchors = storyAnchors(STORY);
    expect(namesSomething("Mm. Who was Mr. Dahlberg?", anchors)).toBe(true);
    expect(namesSomething("Mm. What happened next?", anchors)).toBe(false);
  });
});
