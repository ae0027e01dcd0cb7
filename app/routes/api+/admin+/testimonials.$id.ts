import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { requireApiAdmin } from "~/features/account/auth.server";
import { campaignJson, deleteCampaignAndVideos } from "~/features/testimonials/admin.server";
import { requireTestimonialCampaign, updateTestimonialCampaign } from "~/features/testimonials/campaigns.server";
import { testimonialMessages } from "~/features/testimonials/messages";
import { ApiUpdateCampaignSchema, type CampaignInput } from "~/features/testimonials/schemas";
import { readBody, requireMethod } from "~/lib/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json(campaignJson(requireTestimonialCampaign(params.id)));
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "PUT", "DELETE");
  await requireApiAdmin(request);
  const campaign = requireTestimonialCampaign(params.id);
  if (request.method === "DELETE") {
    await deleteCampaignAndVideos(campaign.id);
    return Response.json({ message: testimonialMessages.admin.deleted.title });
  }
  const body = await readBody(request, ApiUpdateCampaignSchema);
  const patch: Partial<CampaignInput> = {};
  if (body.title !== undefined) patch.title = body.title;
  if (body.description !== undefined) patch.description = body.description?.trim() || null;
  if (body.questions !== undefined) patch.questions = body.questions;
  if (body.isActive !== undefined) patch.isActive = body.isActive;
  if (body.allowTextResponses !== undefined) patch.allowTextResponses = body.allowTextResponses;
  return Response.json(campaignJson(updateTestimonialCampaign(campaign.id, patch)!));
}
