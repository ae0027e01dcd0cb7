import { describe, expect, it } from "vitest";

import { SOCIAL_NETWORKS, socialShareUrls } from "./share-urls";

describe("share addresses", () => {
  it("carry the encoded link and the spec's texts", () => {
    const link = "https://storyhearth.example/s/abc_DEF-123?x=1&y=2";
    const urls = socialShareUrls(link, "Summer & the Lake");
    expect(urls.email).toBe(
      `mailto:?subject=${encodeURIComponent("Listen to this podcast: Summer & the Lake")}&body=${encodeURIComponent(`Check out this podcast: ${link}`)}`,
    );
    expect(urls.sms).toBe(`sms:?&body=${encodeURIComponent(`Listen to this podcast: Summer & the Lake ${link}`)}`);
    expect(new URL(urls.whatsapp).searchParams.get("text")).toBe(`Listen to this podcast: Summer & the Lake ${link}`);
  });

  it("send the link to a person, never to a public network", () => {
    expect(SOCIAL_NETWORKS).toEqual(["email", "sms", "whatsapp"]);
  });
});
