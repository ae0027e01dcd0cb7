import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";

import { chaptersJson, renderFeed, type FeedChannel, type FeedItem } from "./feed";

const channel: FeedChannel = {
  title: "The Okafor family <stories> & more",
  description: "Stories from our family",
  author: "The Okafor family",
  link: "https://family.test/",
  selfUrl: "https://family.test/feed/abc",
  imageUrl: "https://family.test/feed/abc/cover.jpg",
  lastBuildDate: new Date("2026-11-20T10:00:00Z"),
};
const item = (n: number): FeedItem => ({
  guid: `podcast-${n}`,
  title: `Episode ${n} "quoted" \u0007`,
  description: "Grandpa's letters",
  pubDate: new Date(Date.UTC(2026, 10, n)),
  enclosureUrl: `https://family.test/feed/abc/episodes/${n}.mp3?x=1&y=2`,
  enclosureLength: 123456,
  durationSeconds: 754.4,
  imageUrl: `https://family.test/feed/abc/episodes/${n}/cover.jpg`,
  chaptersUrl: n === 1 ? `https://family.test/feed/abc/episodes/${n}/chapters.json` : null,
});

const parse = (xml: string) => new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" }).parse(xml);

describe("renderFeed", () => {
  it("is well-formed RSS 2.0 with the itunes and podcast namespaces, private and not explicit", () => {
    const xml = renderFeed(channel, [item(1), item(2)]);
    expect(XMLValidator.validate(xml)).toBe(true);
    const rss = parse(xml).rss;
    expect(rss["@version"]).toBe("2.0");
    expect(rss["@xmlns:itunes"]).toBe("http://www.itunes.com/dtds/podcast-1.0.dtd");
    expect(rss["@xmlns:podcast"]).toBe("https://podcastindex.org/namespace/1.0");
    const c = rss.channel;
    expect(c.title).toBe(channel.title);
    expect(c["itunes:author"]).toBe(channel.author);
    expect(c["itunes:image"]["@href"]).toBe(channel.imageUrl);
    expect(c["itunes:explicit"]).toBe(false);
    expect(c["itunes:block"]).toBe("Yes");
    expect(c["atom:link"]["@href"]).toBe(channel.selfUrl);
    expect(c.lastBuildDate).toBe("Fri, 20 Nov 2026 10:00:00 +0000");
  });

  it("gives each episode an enclosure with length and type, a duration in seconds, a GUID, a date and chapters", () => {
    const xml = renderFeed(channel, [item(1), item(2)]);
    const c = parse(xml).rss.channel;
    expect(c.item).toHaveLength(2);
    const [first, second] = c.item;
    expect(first.enclosure).toEqual({ "@url": item(1).enclosureUrl, "@length": "123456", "@type": "audio/mpeg" });
    expect(first["itunes:duration"]).toBe(754);
    expect(first.guid["#text"]).toBe("podcast-1");
    expect(first.guid["@isPermaLink"]).toBe("false");
    expect(first.pubDate).toBe("Sun, 01 Nov 2026 00:00:00 +0000");
    expect(first["podcast:chapters"]["@type"]).toBe("application/json+chapters");
    expect(second["podcast:chapters"]).toBeUndefined();
    expect(xml).not.toContain("\u0007");
    expect(first.title).toBe('Episode 1 "quoted"');
  });

  it("an empty feed is still valid", () => {
    expect(XMLValidator.validate(renderFeed(channel, []))).toBe(true);
  });
});

describe("chaptersJson", () => {
  it("writes Podcasting 2.0 chapters", () => {
    expect(chaptersJson([{ title: "Aunt May", start: 12.3456 }])).toEqual({
      version: "1.2.0",
      chapters: [{ startTime: 12.346, title: "Aunt May" }],
    });
  });
});
