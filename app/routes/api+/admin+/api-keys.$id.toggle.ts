import type { ActionFunctionArgs } from "@remix-run/node";

import { requireApiAdmin } from "~/features/account/auth.server";
import { adminMessages } from "~/features/admin/messages";
import { ApiToggleSchema } from "~/features/admin/schemas";
import { apiError, readBody, requireMethod } from "~/lib/http.server";
import { apiKeyStatus } from "~/models/api-key-status";
import { publicApiKey, setApiKeyActive } from "~/models/api-key.server";

// Deactivation is permanent: switching a deactivated key on is 409.
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  await requireApiAdmin(request);
  const { isActive } = await readBody(request, ApiToggleSchema);
  const result = params.id ? setApiKeyActive(params.id, isActive) : ({ ok: false, status: 404 } as const);
  if (!result.ok)
    apiError(
      result.status,
      result.status === 404 ? adminMessages.apiKeys.notFound : adminMessages.apiKeys.cannotReactivate,
    );
  return Response.json({ ...publicApiKey(result.key), status: apiKeyStatus(result.key) });
}

export const loader = () => apiError(405, "Use POST to switch an API key on or off");
