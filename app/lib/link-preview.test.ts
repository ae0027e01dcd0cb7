import { describe, expect, it } from "vitest";

import { linkPreviewMeta, productIcon } from "./link-preview";

describe("linkPreviewMeta", () => {
  it("writes Open Graph properties and Twitter names, leaving out what is absent", () => {
    const tags = linkPreviewMeta({
      title: "Grandma's kitchen",
      description: "A family podcast",
      image: "https://x.test/c.jpg",
      url: "https://x.test/s/a",
    });
    expect(tags).toContainEqual({ property: "og:title", content: "Grandma's kitchen" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://x.test/c.jpg" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary" });
    expect(tags).toContainEqual({ name: "description", content: "A family podcast" });
    expect(tags.some((t) => "property" in t && t.property === "og:audio")).toBe(false);
  });

  it("names the audio's type with the audio", () => {
    const tags = linkPreviewMeta({ title: "t", description: "d", audio: "https://x.test/a.mp3" });
    expect(tags).toContainEqual({ property: "og:audio:type", content: "audio/mpeg" });
  });

  it("points the product icon at the given origin", () => {
    expect(productIcon("https://family.example")).toMatch(/^https:\/\/family\.example\/icons\/.+\.png$/);
  });
});
