import type { ActionFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/features/account/auth.server";
import { storyMessages } from "~/features/contributions/messages";
import { ApiRenameSchema } from "~/features/contributions/schemas";
import { apiError, readBody, requireMethod } from "~/lib/http.server";
import { renameContributor } from "~/models/contribution.server";

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "PATCH");
  const user = await requireApiUser(request);
  const { contributorName } = await readBody(request, ApiRenameSchema);
  const contribution = renameContributor(user.id, params.contributionId ?? "", contributorName);
  if (!contribution) apiError(404, storyMessages.api.notFound);
  return Response.json(contribution);
}
