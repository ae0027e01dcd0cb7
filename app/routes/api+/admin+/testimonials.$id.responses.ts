import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireApiAdmin } from "~/features/account/auth.server";
import { responseJson } from "~/features/testimonials/admin.server";
import { listTestimonialResponses, requireTestimonialCampaign } from "~/features/testimonials/campaigns.server";
import { apiError } from "~/lib/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const campaign = requireTestimonialCampaign(params.id);
  return Response.json(listTestimonialResponses(campaign.id).map(responseJson));
}

export const action = () => apiError(405, "Use GET to list responses");
