import type { LoaderFunctionArgs } from "@remix-run/node";
import { ensurePodcastCover, serveCover } from "~/features/podcasts/covers.server";
import { feedEpisode, resolveFeed } from "~/features/podcasts/feeds.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const feed = resolveFeed(params.token ?? "");
  const episode = feed ? feedEpisode(feed, params.podcastId ?? "") : null;
  if (!episode) throw new Response("Not Found", { status: 404 });
  return serveCover(request, await ensurePodcastCover(episode));
}
