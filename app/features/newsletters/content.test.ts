import { describe, expect, it } from "vitest";

import {
  contributorCountLabel,
  countContributors,
  familyBadge,
  formatPublishDate,
  newsletterPaths,
  storyParagraphs,
  textSizeFromParam,
  totalReadingMinutes,
} from "./content";

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
