import type { LoaderFunctionArgs } from "@remix-run/node";

import { findCampaignByPublicId } from "~/features/testimonials/campaigns.server";
import { testimonialMessages } from "~/features/testimonials/messages";
import { apiError } from "~/lib/http.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const campaign = findCampaignByPublicId(params.publicId ?? "");
  if (!campaign) apiError(404, testimonialMessages.api.campaignNotFound);
  return Response.json({
    publicId: campaign.publicId,
    title: campaign.title,
    description: campaign.description,
    isActive: campaign.isActive,
    allowTextResponses: campaign.allowTextResponses,
    questions: campaign.questions.map((q) => ({
      question: q.question,
      helperText: q.helperText ?? testimonialMessages.campaign.defaultHint,
    })),
  });
}

export const action = () => apiError(405, "Use GET for the public campaign");
