import type { LoaderFunctionArgs } from "@remix-run/node";

import { ensurePodcastCover, serveCover } from "~/features/podcasts/covers/covers.server";
import { feedEpisode, resolveFeed } from "~/features/podcasts/listening/feeds.server";
import { notFound } from "~/lib/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const feed = resolveFeed(params.token ?? "");
  const episode = feed ? feedEpisode(feed, params.podcastId ?? "") : null;
  if (!episode) throw notFound();
  return serveCover(request, await ensurePodcastCover(episode));
}
