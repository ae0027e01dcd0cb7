import { describe, expect, it } from "vitest";

import { categoryBadgeClass, categoryLabel, DEFAULT_CATEGORY, detectCategory, NEWSLETTER_CATEGORIES } from "./category";

describe("detectCategory", () => {
  it.each([
    ["When I was little we walked to school; the children raced home.", "childhood"],
    ["Every Christmas we sang carols. The holidays smelled of cinnamon.", "holiday"],
    ["Your grandparents' wedding was the happiest day; they married in June.", "milestone"],
    ["The recipe was passed down, a tradition every year.", "tradition"],
    ["Our road trip across the mountains was a real adventure.", "adventure"],
  ])("%s → %s", (text, category) => {
    expect(detectCategory(text)).toBe(category);
  });

  it("is 'memory' when no keyword occurs", () => {
    expect(detectCategory("Aunt Rose kept a jar of buttons on the windowsill.")).toBe(DEFAULT_CATEGORY);
  });

  it("matches whole words only, ignoring case", () => {
    expect(detectCategory("Her kidney operation went well.")).toBe("memory");
    expect(detectCategory("THANKSGIVING at the farm")).toBe("holiday");
  });

  it("the most frequent category wins; a tie goes to the one listed first", () => {
    expect(detectCategory("A trip, a journey, a voyage, and one Christmas.")).toBe("adventure");
    expect(detectCategory("A school trip.")).toBe("childhood");
  });
});

describe("badge colours", () => {
  it("each category has its own colours; others get the default", () => {
    const classes = NEWSLETTER_CATEGORIES.map(categoryBadgeClass);
    expect(new Set(classes).size).toBe(NEWSLETTER_CATEGORIES.length);
    expect(categoryBadgeClass("memory")).toBe(categoryBadgeClass("anything-else"));
    expect(classes).not.toContain(categoryBadgeClass("memory"));
  });

  it("labels are capitalised", () => {
    expect(categoryLabel("childhood")).toBe("Childhood");
    expect(categoryLabel("memory")).toBe("Memory");
  });
});
