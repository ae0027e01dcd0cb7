import type { ActionFunctionArgs } from "@remix-run/node";

import { requireApiAdmin } from "~/features/account/auth.server";
import { adminMessages } from "~/features/admin/messages";
import { apiError, requireMethod } from "~/lib/http.server";
import { setDefaultPromptTemplate } from "~/models/prompt-template.server";

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  await requireApiAdmin(request);
  const template = params.id ? setDefaultPromptTemplate(params.id) : undefined;
  if (!template) apiError(404, adminMessages.templates.notFound);
  return Response.json(template);
}

export const loader = () => apiError(405, "Use POST to set the default template");
