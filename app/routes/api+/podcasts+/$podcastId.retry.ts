import type { ActionFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/features/account/auth.server";
import { answerPodcastErrors } from "~/features/podcasts/api.server";
import { describeGenerationStatus } from "~/features/podcasts/generation-status";
import { retryPodcast } from "~/features/podcasts/generation/requests.server";
import { requireMethod } from "~/lib/http.server";

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const podcast = await answerPodcastErrors(() => retryPodcast(user.id, params.podcastId ?? ""));
  const generation = describeGenerationStatus(podcast.status);
  return Response.json({
    podcastId: podcast.id,
    status: generation.status,
    statusLabel: generation.label,
    progress: generation.progress,
  });
}
