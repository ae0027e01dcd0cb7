import { createHash } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";

import { renderFeed, type FeedItem } from "~/features/podcasts/listening/feed";
import { feedEpisodes, feedPaths, resolveFeed } from "~/features/podcasts/listening/feeds.server";
import { podcastMessages } from "~/features/podcasts/messages";
import { originFor } from "~/lib/env.server";
import { notFound } from "~/lib/http.server";

// Podcast apps poll feeds: ETag and Last-Modified let a refresh cost a 304.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const feed = resolveFeed(token);
  if (!feed) throw notFound();
  const origin = originFor(request);
  const paths = feedPaths(token);
  const episodes = feedEpisodes(feed);
  const family = feed.familyName?.trim() || null;
  const lastModified = new Date(
    Math.max(feed.createdAt.getTime(), ...episodes.map((e) => (e.completedAt ?? e.createdAt).getTime())),
  );
  const items: FeedItem[] = episodes.map((e) => ({
    guid: e.id,
    title: e.title,
    description: e.description?.trim() || podcastMessages.feed.episodeDescription,
    pubDate: e.completedAt ?? e.createdAt,
    enclosureUrl: `${origin}${paths.audio(e.id)}`,
    enclosureLength: e.fileSize ?? 0,
    durationSeconds: e.duration,
    imageUrl: `${origin}${paths.episodeCover(e.id)}`,
    chaptersUrl: `${origin}${paths.chapters(e.id)}`,
  }));
  const xml = renderFeed(
    {
      title: feed.campaignTitle ?? podcastMessages.cover.familyFeedTitle(family),
      description: feed.campaignDescription?.trim() || podcastMessages.feed.familyDescription(family),
      author: podcastMessages.feed.author(family),
      link: `${origin}/`,
      selfUrl: `${origin}${paths.feed}`,
      imageUrl: `${origin}${paths.cover}`,
      lastBuildDate: lastModified,
    },
    items,
  );
  const etag = `"${createHash("sha256").update(xml).digest("base64url").slice(0, 27)}"`;
  const headers = {
    ETag: etag,
    "Last-Modified": lastModified.toUTCString(),
    "Cache-Control": "private, max-age=300",
    "X-Robots-Tag": "noindex",
  };
  const since = Date.parse(request.headers.get("If-Modified-Since") ?? "");
  const ifNoneMatch = request.headers.get("If-None-Match");
  const fresh =
    ifNoneMatch !== null
      ? ifNoneMatch.split(",").some((t) => t.trim() === etag)
      : since >= Math.floor(lastModified.getTime() / 1000) * 1000;
  if (fresh) return new Response(null, { status: 304, headers });
  return new Response(xml, { headers: { ...headers, "Content-Type": "application/rss+xml; charset=utf-8" } });
}
