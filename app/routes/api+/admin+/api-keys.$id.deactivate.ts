import type { ActionFunctionArgs } from "@remix-run/node";

import { requireApiAdmin } from "~/features/account/auth.server";
import { adminMessages } from "~/features/admin/messages";
import { apiError, requireMethod } from "~/lib/http.server";
import { apiKeyStatus } from "~/models/api-key-status";
import { deactivateApiKey, publicApiKey } from "~/models/api-key.server";

// Permanent: the key can never be used again.
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  await requireApiAdmin(request);
  const result = params.id ? deactivateApiKey(params.id) : ({ ok: false, status: 404 } as const);
  if (!result.ok) apiError(404, adminMessages.apiKeys.notFound);
  return Response.json({ ...publicApiKey(result.key), status: apiKeyStatus(result.key) });
}

export const loader = () => apiError(405, "Use POST to deactivate an API key");
