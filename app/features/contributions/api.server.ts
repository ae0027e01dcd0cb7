import { getOwnedCampaign } from "~/models/campaign.server";
import { apiError } from "~/lib/http.server";
import { requireApiUser } from "~/features/account/auth.server";
import { storyMessages } from "./messages";

export async function requireApiCampaign(request: Request, campaignId: string | undefined) {
  const user = await requireApiUser(request);
  const campaign = await getOwnedCampaign(user.id, campaignId ?? "");
  if (!campaign) apiError(404, storyMessages.api.notFound);
  return { user, campaign };
}
