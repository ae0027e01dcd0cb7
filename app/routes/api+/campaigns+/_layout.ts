import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { getAdmin, getUser } from "~/features/account/auth.server";
import { messages } from "~/features/account/messages";
import { campaignMessages } from "~/features/collections/messages";
import { ApiCreateCampaignSchema } from "~/features/collections/schemas";
import { namedInvitees } from "~/features/contributions/invitations.server";
import { apiError, readBody, requireMethod } from "~/lib/http.server";
import { recordSystemError } from "~/lib/system-errors.server";
import { createCampaign, listCampaignsWithInvites } from "~/models/campaign.server";

// The admin Create tab posts `emails` instead of `inviteEmails`; both act on the caller's own campaigns.
async function requireCaller(request: Request) {
  const caller = (await getUser(request)) ?? (await getAdmin(request));
  if (!caller) apiError(401, messages.auth.unauthorized);
  return caller;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const caller = await requireCaller(request);
  return Response.json(
    listCampaignsWithInvites(caller.id).map((c) => ({ ...c, invitees: namedInvitees(caller.id, c.invitees) })),
  );
}

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const caller = await requireCaller(request);
  const body = await readBody(request, ApiCreateCampaignSchema);
  if (body.inviteEmails.length === 0)
    apiError(400, campaignMessages.noRecipients.description, { title: campaignMessages.noRecipients.title });
  try {
    const created = createCampaign(caller.id, body);
    return Response.json({ ...created, invitees: namedInvitees(caller.id, created.invitees) }, { status: 201 });
  } catch (error) {
    recordSystemError({ error, errorType: "campaign_create_failed", workflow: "api-campaigns" });
    apiError(500, campaignMessages.createFailed.description);
  }
}
