import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireApiCampaign } from "~/features/contributions/api.server";
import { getCampaignPodcast } from "~/features/podcasts/generation/campaign-podcast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { campaign } = await requireApiCampaign(request, params.campaignId);
  return Response.json((await getCampaignPodcast(campaign.id)) ?? null);
}
