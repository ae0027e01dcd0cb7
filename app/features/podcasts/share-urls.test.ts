import { describe, expect, it } from "vitest";
import { socialShareUrls } from "./share-urls";

describe("social share addresses", () => {
  it("carry the encoded link and the spec's texts", () => {
    const link = "https://storyhearth.example/s/abc_DEF-123?x=1&y=2";
    const urls = socialShareUrls(link, "Summer & the Lake");
    expect(urls.facebook).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`);
    expect(new URL(urls.twitter).searchParams.get("url")).toBe(link);
    expect(new URL(urls.twitter).searchParams.get("text")).toBe("Listen to this podcast: Summer & the Lake");
    expect(new URL(urls.linkedin).searchParams.get("url")).toBe(link);
    expect(urls.email).toBe(
      `mailto:?subject=${encodeURIComponent("Listen to this podcast: Summer & the Lake")}&body=${encodeURIComponent(`Check out this podcast: ${link}`)}`,
    );
  });
});
