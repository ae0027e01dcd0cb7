import type { ActionFunctionArgs } from "@remix-run/node";

import { requireApiAdmin } from "~/features/account/auth.server";
import { adminUserMessages } from "~/features/admin/user-messages";
import { SubscriptionSchema } from "~/features/admin/user-schemas";
import { updateUserSubscription } from "~/features/admin/users.server";
import { apiError, readBody, requireMethod } from "~/lib/http.server";
import { publicUser } from "~/models/user.server";

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  await requireApiAdmin(request);
  const { status, podcastLimit } = await readBody(request, SubscriptionSchema);
  const user = updateUserSubscription(params.userId ?? "", status, podcastLimit);
  if (!user) apiError(404, adminUserMessages.error.userNotFound);
  return Response.json({ message: adminUserMessages.toast.subscriptionUpdated, user: publicUser(user) });
}

export const loader = () => apiError(405, "Use PUT to change a user's subscription");
