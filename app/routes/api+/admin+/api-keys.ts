import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { requireApiAdmin } from "~/features/account/auth.server";
import { adminMessages } from "~/features/admin/messages";
import { ApiCreateKeySchema } from "~/features/admin/schemas";
import { apiError, readBody, requireMethod } from "~/lib/http.server";
import { recordSystemError } from "~/lib/system-errors.server";
import { apiKeyStatus } from "~/models/api-key-status";
import { createApiKey, listApiKeyRows, publicApiKey } from "~/models/api-key.server";

// POST answers the full key this once; only its sha256 is stored.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json(listApiKeyRows());
}

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const admin = await requireApiAdmin(request);
  const body = await readBody(request, ApiCreateKeySchema);
  try {
    const { key, apiKey } = createApiKey(admin.id, body);
    return Response.json({ ...publicApiKey(key), status: apiKeyStatus(key), apiKey }, { status: 201 });
  } catch (error) {
    recordSystemError({ error, errorType: "api_key_create_failed", workflow: "api-admin-api-keys" });
    apiError(500, adminMessages.apiKeys.toast.createFailed().title);
  }
}
