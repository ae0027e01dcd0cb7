import type { ActionFunctionArgs } from "@remix-run/node";

import { requireApiAdmin } from "~/features/account/auth.server";
import { adminMessages } from "~/features/admin/messages";
import { apiError, requireMethod } from "~/lib/http.server";
import { resolveSystemError } from "~/lib/system-errors.server";

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  await requireApiAdmin(request);
  const resolved = params.id ? resolveSystemError(params.id) : undefined;
  if (!resolved) apiError(404, adminMessages.systemErrors.notFound);
  const { details: _details, ...error } = resolved;
  return Response.json(error);
}

export const loader = () => apiError(405, "Use POST to resolve an error");
