import { describe, expect, it } from "vitest";

import { truncateAtWord } from "./truncate";

describe("truncateAtWord", () => {
  it("leaves text that fits alone (trimmed)", () => {
    expect(truncateAtWord("  Summers at the lake  ", 20)).toBe("Summers at the lake");
    expect(truncateAtWord("exactly ten", 11)).toBe("exactly ten");
  });

  it("cuts at the last word boundary and adds an ellipsis, within max", () => {
    const out = truncateAtWord("Every summer we drove to the lake in Grandpa's blue truck.", 30);
    expect(out).toBe("Every summer we drove to the…");
    expect(out.length).toBeLessThanOrEqual(30);
  });

  it("keeps a word that ends exactly at the cut", () => {
    expect(truncateAtWord("one two three four", 8)).toBe("one two…");
  });

  it("drops dangling punctuation before the ellipsis", () => {
    expect(truncateAtWord("Grandma, Grandpa, and the dog went too", 19)).toBe("Grandma, Grandpa…");
  });

  it("cuts inside one very long word rather than returning almost nothing", () => {
    expect(truncateAtWord("a supercalifragilisticexpialidocious day", 20)).toBe("a supercalifragilis…");
  });

  it("never cuts a word in a long story (the 200-character preview)", () => {
    const story = "Every summer we drove north to the lake in Grandpa's old blue truck. ".repeat(5);
    const preview = truncateAtWord(story, 200);
    expect(preview.length).toBeLessThanOrEqual(200);
    expect(preview.endsWith("…")).toBe(true);
    const kept = preview.slice(0, -1);
    expect(story.startsWith(kept)).toBe(true);
    expect(story[kept.length]).toMatch(/\s/);
  });
});
