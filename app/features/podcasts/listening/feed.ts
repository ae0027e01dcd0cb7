// RSS 2.0 with Apple's itunes and Podcast Index's podcast namespaces (decision 0133).

export type FeedChannel = {
  title: string;
  description: string;
  author: string;
  link: string;
  selfUrl: string;
  imageUrl: string;
  lastBuildDate: Date;
};

export type FeedItem = {
  guid: string;
  title: string;
  description: string;
  pubDate: Date;
  enclosureUrl: string;
  enclosureLength: number;
  durationSeconds: number | null;
  imageUrl: string;
  chaptersUrl: string | null;
};

// XML 1.0 forbids most control characters and lone surrogates even escaped: they are dropped.
const allowedInXml = (ch: string) => {
  const c = ch.codePointAt(0)!;
  return (
    c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || c >= 0x10000
  );
};
const xml = (text: string) =>
  Array.from(text)
    .filter(allowedInXml)
    .join("")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

const element = (name: string, text: string) => `<${name}>${xml(text)}</${name}>`;

const rfc2822 = (date: Date) => date.toUTCString().replace("GMT", "+0000");

function itemXml(item: FeedItem) {
  return [
    "<item>",
    element("title", item.title),
    element("description", item.description),
    element("itunes:summary", item.description),
    `<guid isPermaLink="false">${xml(item.guid)}</guid>`,
    element("pubDate", rfc2822(item.pubDate)),
    `<enclosure url="${xml(item.enclosureUrl)}" length="${Math.max(0, Math.round(item.enclosureLength))}" type="audio/mpeg"/>`,
    item.durationSeconds !== null ? element("itunes:duration", String(Math.round(item.durationSeconds))) : "",
    `<itunes:image href="${xml(item.imageUrl)}"/>`,
    "<itunes:episodeType>full</itunes:episodeType>",
    "<itunes:explicit>false</itunes:explicit>",
    item.chaptersUrl ? `<podcast:chapters url="${xml(item.chaptersUrl)}" type="application/json+chapters"/>` : "",
    "</item>",
  ]
    .filter(Boolean)
    .join("\n");
}

export function renderFeed(channel: FeedChannel, items: FeedItem[]) {
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom">`,
    "<channel>",
    element("title", channel.title),
    element("link", channel.link),
    element("description", channel.description),
    element("language", "en"),
    element("lastBuildDate", rfc2822(channel.lastBuildDate)),
    `<atom:link href="${xml(channel.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    element("itunes:author", channel.author),
    element("itunes:summary", channel.description),
    `<itunes:image href="${xml(channel.imageUrl)}"/>`,
    `<image>${element("url", channel.imageUrl)}${element("title", channel.title)}${element("link", channel.link)}</image>`,
    '<itunes:category text="Society &amp; Culture"><itunes:category text="Personal Journals"/></itunes:category>',
    "<itunes:explicit>false</itunes:explicit>",
    "<itunes:type>episodic</itunes:type>",
    // A family's feed is private: directories must not list it, and nobody may import it elsewhere.
    "<itunes:block>Yes</itunes:block>",
    "<podcast:locked>yes</podcast:locked>",
    ...items.map(itemXml),
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

export function chaptersJson(chapters: Array<{ title: string; start: number }>) {
  return {
    version: "1.2.0",
    chapters: chapters.map((c) => ({ startTime: Math.round(c.start * 1000) / 1000, title: c.title })),
  };
}
