import type { ActionFunctionArgs } from "@remix-run/node";

import { requireApiCampaign } from "~/features/contributions/api.server";
import { answerPodcastErrors } from "~/features/podcasts/api.server";
import { describeGenerationStatus } from "~/features/podcasts/generation-status";
import { requestFamilyPodcast } from "~/features/podcasts/generation/requests.server";
import { GenerateFamilyPodcastSchema } from "~/features/podcasts/schemas";
import { offeredVoicesOnly } from "~/features/podcasts/voice-offer.server";
import { readBody, requireMethod } from "~/lib/http.server";

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { user, campaign } = await requireApiCampaign(request, params.campaignId);
  const body = await readBody(request, offeredVoicesOnly(GenerateFamilyPodcastSchema, ["voiceConfig"]));
  const podcast = await answerPodcastErrors(() => requestFamilyPodcast(user.id, campaign, body));
  const generation = describeGenerationStatus(podcast.status);
  return Response.json(
    { podcastId: podcast.id, status: generation.status, statusLabel: generation.label, progress: generation.progress },
    { status: 201 },
  );
}
