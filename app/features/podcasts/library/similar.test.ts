import { describe, expect, it } from "vitest";

import { rankSimilar, titleWords } from "./similar";

const p = (id: string, title: string, campaignId: string | null = null, status = "complete", day = 1) => ({
  id,
  title,
  campaignId,
  status,
  createdAt: new Date(Date.UTC(2026, 0, day)),
});

describe("similar podcasts", () => {
  it("drops short and common words", () => {
    expect([...titleWords("The Story of Grandpa's Lake House")]).toEqual(["grandpa", "lake", "house"]);
  });

  it("ranks the same collection first, then shared title words; never itself or unfinished ones", () => {
    const target = p("t", "Summer at the Lake", "c1");
    const ranked = rankSimilar(target, [
      target,
      p("same", "Christmas Morning", "c1"),
      p("two", "Summer Lake Nights", null),
      p("one", "The Lake in Winter", null, "complete", 5),
      p("busy", "Summer Lake", null, "voice_processing"),
      p("none", "Unrelated Tale"),
    ]);
    expect(ranked.map((r) => r.id)).toEqual(["same", "two", "one"]);
  });
});
