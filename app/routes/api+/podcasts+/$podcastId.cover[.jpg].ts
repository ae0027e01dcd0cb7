import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/features/account/auth.server";
import { ensurePodcastCover, serveCover } from "~/features/podcasts/covers/covers.server";
import { podcastMessages } from "~/features/podcasts/messages";
import { getOwnedPodcast } from "~/features/podcasts/podcasts.server";
import { apiError } from "~/lib/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const podcast = await getOwnedPodcast(user.id, params.podcastId ?? "");
  if (!podcast) apiError(404, podcastMessages.generation.notFound);
  return serveCover(request, await ensurePodcastCover(podcast));
}
