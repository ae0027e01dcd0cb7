import type { LoaderFunctionArgs } from "@remix-run/node";
import { ensureCollectionCover, ensureCover, serveCover } from "~/features/podcasts/covers.server";
import { resolveFeed } from "~/features/podcasts/feeds.server";
import { podcastMessages } from "~/features/podcasts/messages";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const feed = resolveFeed(params.token ?? "");
  if (!feed) throw new Response("Not Found", { status: 404 });
  const family = feed.familyName?.trim() || null;
  const key = feed.campaignTitle
    ? await ensureCollectionCover({ title: feed.campaignTitle, ownerId: feed.ownerId })
    : await ensureCover({ title: podcastMessages.cover.familyFeedTitle(family), kicker: podcastMessages.cover.kicker });
  return serveCover(request, key);
}
