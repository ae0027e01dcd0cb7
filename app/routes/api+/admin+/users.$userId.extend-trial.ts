import type { ActionFunctionArgs } from "@remix-run/node";

import { requireApiAdmin } from "~/features/account/auth.server";
import { adminUserMessages } from "~/features/admin/user-messages";
import { ExtendTrialSchema } from "~/features/admin/user-schemas";
import { extendUserTrial } from "~/features/admin/users.server";
import { apiError, readBody, requireMethod } from "~/lib/http.server";
import { publicUser } from "~/models/user.server";

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  await requireApiAdmin(request);
  const { days } = await readBody(request, ExtendTrialSchema);
  const user = extendUserTrial(params.userId ?? "", days);
  if (!user) apiError(404, adminUserMessages.error.userNotFound);
  return Response.json({ message: adminUserMessages.toast.trialExtended, user: publicUser(user) });
}

export const loader = () => apiError(405, "Use PUT to extend a trial");
