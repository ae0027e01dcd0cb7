import type { ActionFunctionArgs } from "@remix-run/node";

import { requireApiAdmin } from "~/features/account/auth.server";
import { adminCollectionJson, getAdminCollection, setCollectionActive } from "~/features/admin/collections.server";
import { adminMessages } from "~/features/admin/messages";
import { ApiToggleSchema } from "~/features/admin/schemas";
import { apiError, readBody, requireMethod } from "~/lib/http.server";

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  await requireApiAdmin(request);
  const { isActive } = await readBody(request, ApiToggleSchema);
  const updated = params.id ? setCollectionActive(params.id, isActive) : undefined;
  if (!updated) apiError(404, adminMessages.collections.notFound);
  return Response.json(adminCollectionJson(getAdminCollection(updated.id)!));
}

export const loader = () => apiError(405, "Use POST to activate or deactivate a collection");
