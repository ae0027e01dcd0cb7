import type { LoaderFunctionArgs } from "@remix-run/node";
import { getCampaignPodcast } from "~/features/podcasts/campaign-podcast.server";
import { requireApiCampaign } from "~/features/contributions/api.server";

/** GET /api/campaigns/{id}/podcast: the campaign's podcast, or null when there is none yet. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { campaign } = await requireApiCampaign(request, params.campaignId);
  return Response.json((await getCampaignPodcast(campaign.id)) ?? null);
}
