import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { requireApiAdmin } from "~/features/account/auth.server";
import { adminMessages } from "~/features/admin/messages";
import { ApiCreateTemplateSchema } from "~/features/admin/schemas";
import { apiError, readBody, requireMethod } from "~/lib/http.server";
import { recordSystemError } from "~/lib/system-errors.server";
import { createPromptTemplate, listPromptTemplates } from "~/models/prompt-template.server";

// A new default replaces its category's old one in the same transaction.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json(listPromptTemplates());
}

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  await requireApiAdmin(request);
  const body = await readBody(request, ApiCreateTemplateSchema);
  try {
    return Response.json(createPromptTemplate(body), { status: 201 });
  } catch (error) {
    recordSystemError({ error, errorType: "prompt_template_create_failed", workflow: "api-admin-prompt-templates" });
    apiError(500, adminMessages.templates.toast.createFailed.description!);
  }
}
