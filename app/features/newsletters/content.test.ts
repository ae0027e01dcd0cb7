import { describe, expect, it } from "vitest";
import {
  contributorCountLabel,
  countContributors,
  familyBadge,
  formatPublishDate,
  MAX_STORY_TITLE,
  newsletterPaths,
  storyParagraphs,
  storyTitleAndBody,
  textSizeFromParam,
  totalReadingMinutes,
} from "./content";

describe("storyTitleAndBody", () => {
  it("takes a short first line without closing punctuation as the heading", () => {
    expect(storyTitleAndBody("The Summer of '62\n\nWe drove to the lake.")).toEqual({ title: "The Summer of '62", content: "We drove to the lake." });
  });

  it("otherwise uses the first sentence, without its full stop, and keeps the whole story", () => {
    const story = "We drove to the lake. It rained all week.\nNobody minded.";
    expect(storyTitleAndBody(story)).toEqual({ title: "We drove to the lake", content: story });
  });

  it("keeps a question or exclamation mark", () => {
    expect(storyTitleAndBody("Guess who came home? It was Dad.").title).toBe("Guess who came home?");
  });

  it("cuts a long first sentence at a word boundary with an ellipsis", () => {
    const title = storyTitleAndBody(`${"word ".repeat(40)}end.`).title;
    expect(title.length).toBeLessThanOrEqual(MAX_STORY_TITLE);
    expect(title.endsWith("…")).toBe(true);
    expect(title).not.toMatch(/\s…$/);
  });

  it("a single line without punctuation is both title and story", () => {
    expect(storyTitleAndBody("  Grandma's garden  ")).toEqual({ title: "Grandma's garden", content: "Grandma's garden" });
  });

  it("is empty for blank text", () => {
    expect(storyTitleAndBody(" \n ")).toEqual({ title: "", content: "" });
  });
});

describe("storyParagraphs", () => {
  it("splits on line breaks and drops empty lines", () => {
    expect(storyParagraphs("One.\r\n\r\n  Two.  \n\n\nThree.\rFour.")).toEqual(["One.", "Two.", "Three.", "Four."]);
  });
});

describe("labels", () => {
  it("family badge with and without a family name", () => {
    expect(familyBadge("Smith")).toBe("Smith Family Stories");
    expect(familyBadge("  ")).toBe("Family Stories");
    expect(familyBadge(null)).toBe("Family Stories");
  });

  it("contributor count is singular or plural", () => {
    expect(contributorCountLabel(1)).toBe("1 contributor");
    expect(contributorCountLabel(0)).toBe("0 contributors");
    expect(contributorCountLabel(3)).toBe("3 contributors");
  });

  it("publish date in the long US format, by the UTC day", () => {
    expect(formatPublishDate(new Date("2026-11-22T23:30:00Z"))).toBe("November 22, 2026");
  });

  it("text size: only ?text=large is large", () => {
    expect(textSizeFromParam("large")).toBe("large");
    expect(textSizeFromParam("huge")).toBe("normal");
    expect(textSizeFromParam(null)).toBe("normal");
  });

  it("public paths use the public id", () => {
    expect(newsletterPaths("abc").pdf).toBe("/newsletter/abc/pdf");
    expect(newsletterPaths("abc").image("img1")).toBe("/newsletter/abc/images/img1");
  });
});

describe("totals", () => {
  it("reading time is the sum of the stories' reading times", () => {
    expect(totalReadingMinutes([{ readingTime: 2 }, { readingTime: 3 }, { readingTime: 1 }])).toBe(6);
    expect(totalReadingMinutes([])).toBe(0);
  });

  it("contributors are distinct names (ignoring case); unnamed stories count one each", () => {
    const stories = [
      { author: "Aunt May", contributedBy: "Aunt May" },
      { author: "aunt may", contributedBy: "aunt may" },
      { author: "Joe", contributedBy: "Joe" },
      { author: null, contributedBy: null },
      { author: null, contributedBy: null },
    ];
    expect(countContributors(stories)).toBe(4);
  });
});
