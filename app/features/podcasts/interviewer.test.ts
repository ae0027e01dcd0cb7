import { describe, expect, test } from "vitest";
import { anchorsOf, createInterviewer, namesSomething, storyAnchors } from "./interviewer";

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
    // Never the narrator's own words in the interviewer's mouth.
    expect(texts.some((t) => /^(?:I|me|my|we)\b/.test(t))).toBe(false);
  });

  test("a question asks about the next part's person first, and never the same thing twice", () => {
    const ask = createInterviewer(["Mm.", "I see."], STORY);
    const [first, second] = STORY.split("\n\n") as [string, string];
    expect(ask.first(first, "How does it begin?")).toBe("Who was Mr. Dahlberg?");
    const next = ask.between(second);
    expect(next).toBe("Mm. And Mrs. Kowalski, who was that?");
    // Asked about everything already: a question that names nothing, and still a different line.
    const again = ask.between(first);
    expect(again).not.toBe(next);
    expect(again).toMatch(/\?$/);
  });

  test("a line names something when one of its questions does", () => {
    const anchors = storyAnchors(STORY);
    expect(namesSomething("Mm. Who was Mr. Dahlberg?", anchors)).toBe(true);
    expect(namesSomething("Mm. What happened next?", anchors)).toBe(false);
  });
});
