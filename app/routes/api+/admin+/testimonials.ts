import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { requireApiAdmin } from "~/features/account/auth.server";
import { campaignJson } from "~/features/testimonials/admin.server";
import { createTestimonialCampaign, listTestimonialCampaigns } from "~/features/testimonials/campaigns.server";
import { ApiCreateCampaignSchema } from "~/features/testimonials/schemas";
import { readBody, requireMethod } from "~/lib/http.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json(listTestimonialCampaigns().map(campaignJson));
}

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const admin = await requireApiAdmin(request);
  const body = await readBody(request, ApiCreateCampaignSchema);
  const campaign = createTestimonialCampaign({ ...body, description: body.description?.trim() || null }, admin.id);
  return Response.json(campaignJson(campaign), { status: 201 });
}
