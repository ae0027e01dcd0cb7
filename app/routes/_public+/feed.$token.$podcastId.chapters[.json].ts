import type { LoaderFunctionArgs } from "@remix-run/node";

import { episodeChapters } from "~/features/podcasts/listening/chapters.server";
import { chaptersJson } from "~/features/podcasts/listening/feed";
import { feedEpisode, resolveFeed } from "~/features/podcasts/listening/feeds.server";
import { notFound } from "~/lib/http.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const feed = resolveFeed(params.token ?? "");
  const episode = feed ? feedEpisode(feed, params.podcastId ?? "") : null;
  if (!episode) throw notFound();
  return Response.json(chaptersJson(await episodeChapters(episode.audioKey)), {
    headers: { "Content-Type": "application/json+chapters", "Cache-Control": "private, max-age=86400" },
  });
}
