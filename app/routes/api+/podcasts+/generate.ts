import type { ActionFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/features/account/auth.server";
import { answerPodcastErrors } from "~/features/podcasts/api.server";
import { describeGenerationStatus } from "~/features/podcasts/generation-status";
import { requestPodcast } from "~/features/podcasts/generation/requests.server";
import { GeneratePodcastSchema } from "~/features/podcasts/schemas";
import { offeredVoicesOnly } from "~/features/podcasts/voice-offer.server";
import { readBody, requireMethod } from "~/lib/http.server";

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const body = await readBody(request, offeredVoicesOnly(GeneratePodcastSchema, ["voiceConfig"]));
  const podcast = await answerPodcastErrors(() => requestPodcast(user.id, body));
  const generation = describeGenerationStatus(podcast.status);
  return Response.json(
    {
      podcastId: podcast.id,
      status: generation.status,
      statusLabel: generation.label,
      progress: generation.progress,
      // Where the owner reviews the script once it is written (status "script_ready").
      ...(body.reviewScript ? { scriptUrl: `/podcast/${podcast.id}/script` } : {}),
    },
    { status: 201 },
  );
}
