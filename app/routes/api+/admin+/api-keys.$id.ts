import type { ActionFunctionArgs } from "@remix-run/node";

import { requireApiAdmin } from "~/features/account/auth.server";
import { adminMessages } from "~/features/admin/messages";
import { apiError, requireMethod } from "~/lib/http.server";
import { deleteApiKey } from "~/models/api-key.server";

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "DELETE");
  await requireApiAdmin(request);
  if (!params.id || !deleteApiKey(params.id)) apiError(404, adminMessages.apiKeys.notFound);
  return Response.json({ message: adminMessages.apiKeys.toast.deleted.title });
}

export const loader = () => apiError(405, "Use DELETE to delete an API key");
