// Guards shared by the stories JSON calls: signed in (401 JSON), then the caller's own campaign
// (a foreign or missing id answers 404 JSON, alike).
import { getOwnedCampaign } from "~/models/campaign.server";
import { apiError } from "./api.server";
import { requireApiUser } from "./auth.server";
import { storyMessages } from "./story-messages";

export async function requireApiCampaign(request: Request, campaignId: string | undefined) {
  const user = await requireApiUser(request);
  const campaign = await getOwnedCampaign(user.id, campaignId ?? "");
  if (!campaign) apiError(404, storyMessages.api.notFound);
  return { user, campaign };
}
