import type { LoaderFunctionArgs } from "@remix-run/node";

import { feedEpisode, resolveFeed } from "~/features/podcasts/listening/feeds.server";
import { notFound } from "~/lib/http.server";
import { serveStoredFile } from "~/lib/serve-file.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const feed = resolveFeed(params.token ?? "");
  const episode = feed ? feedEpisode(feed, params.podcastId ?? "") : null;
  if (!episode) throw notFound();
  return serveStoredFile(request, episode.audioKey, {
    contentType: "audio/mpeg",
    cacheControl: "private, max-age=86400",
  });
}
