import type { LoaderFunctionArgs } from "@remix-run/node";

import {
  ensureCollectionCover,
  ensureCover,
  familyFeedCoverText,
  serveCover,
} from "~/features/podcasts/covers/covers.server";
import { resolveFeed } from "~/features/podcasts/listening/feeds.server";
import { notFound } from "~/lib/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const feed = resolveFeed(params.token ?? "");
  if (!feed) throw notFound();
  const key = feed.campaignTitle
    ? await ensureCollectionCover({ title: feed.campaignTitle, ownerId: feed.ownerId })
    : await ensureCover(familyFeedCoverText(feed.familyName));
  return serveCover(request, key);
}
