import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { StoryCard, type StoryCardData } from "./newsletter-parts";

const card = (over: Partial<StoryCardData>): HTMLElement => {
  const story: StoryCardData = {
    id: "s1",
    category: "memory",
    title: "In Rose's own voice",
    author: "Rose",
    contributedBy: "Rose",
    readingTime: 0,
    images: [],
    content: "",
    ...over,
  };
  const root = document.createElement("div");
  root.innerHTML = renderToStaticMarkup(<StoryCard story={story} />);
  return root;
};

describe("a newsletter story told by voice alone", () => {
  it("is its recording: a player and a listen time, no placeholder text and no drop cap", () => {
    const root = card({ listenSeconds: 7, recordingUrl: "/newsletter/x/recordings/s1.mp3" });
    expect(root.querySelector("audio")?.getAttribute("src")).toBe("/newsletter/x/recordings/s1.mp3");
    expect(root.textContent).toContain("7 sec listen");
    expect(root.textContent).not.toMatch(/min read|recorded answer/);
    expect(root.innerHTML).not.toContain("first-letter");
  });

  it("shows its transcript as what was said, still without a drop cap", () => {
    const root = card({ listenSeconds: 101, content: "We skated on the pond until dark.", recordingUrl: "/r.mp3" });
    expect(root.textContent).toContain("2 min listen");
    expect(root.textContent).toContain("What they said");
    expect(root.textContent).toContain("We skated on the pond until dark.");
    expect(root.innerHTML).not.toContain("first-letter");
  });

  it("says so when its recording is no longer shared", () => {
    const root = card({ listenSeconds: 7, recordingUrl: null });
    expect(root.querySelector("audio")).toBeNull();
    expect(root.textContent).toContain("This story was told in a recording that is no longer shared.");
  });

  it("a written story keeps its reading time and drop cap, names its teller, and reserves its photo's box", () => {
    const root = card({
      title: "The Farm",
      readingTime: 2,
      content: "We had cows.",
      images: ["/newsletter/x/images/p1"],
    });
    expect(root.textContent).toContain("2 min read");
    expect(root.textContent).toContain("Rose");
    expect(root.textContent).not.toContain("Family Memory Keeper");
    expect(root.innerHTML).toContain("first-letter");
    const img = root.querySelector("img")!;
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["800", "600"]);
  });
});
