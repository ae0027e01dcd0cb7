import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { apiContributions, requireApiCampaign } from "~/features/contributions/api.server";
import { ApiContributionSchema } from "~/features/contributions/schemas";
import { readBody, requireMethod } from "~/lib/http.server";
import { createContribution } from "~/models/contribution.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { campaign } = await requireApiCampaign(request, params.campaignId);
  return Response.json(apiContributions(campaign));
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { campaign } = await requireApiCampaign(request, params.campaignId);
  const body = await readBody(request, ApiContributionSchema);
  return Response.json(createContribution({ campaignId: campaign.id, ...body }), { status: 201 });
}
