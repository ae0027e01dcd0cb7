import type { ActionFunctionArgs } from "@remix-run/node";
import { renameContributor } from "~/models/contribution.server";
import { apiError, readBody, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/features/account/auth.server";
import { storyMessages } from "~/features/contributions/messages";
import { ApiRenameSchema } from "~/features/contributions/schemas";

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "PATCH");
  const user = await requireApiUser(request);
  const { contributorName } = await readBody(request, ApiRenameSchema);
  const contribution = renameContributor(user.id, params.contributionId ?? "", contributorName);
  if (!contribution) apiError(404, storyMessages.api.notFound);
  return Response.json(contribution);
}
