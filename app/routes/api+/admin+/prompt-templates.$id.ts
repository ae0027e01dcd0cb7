import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { requireApiAdmin } from "~/features/account/auth.server";
import { adminMessages } from "~/features/admin/messages";
import { ApiUpdateTemplateSchema } from "~/features/admin/schemas";
import { apiError, readBody, requireMethod } from "~/lib/http.server";
import { deletePromptTemplate, getPromptTemplate, updatePromptTemplate } from "~/models/prompt-template.server";

// A category's default cannot be deleted (409), as the page offers delete only on non-defaults.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const template = params.id ? getPromptTemplate(params.id) : undefined;
  if (!template) apiError(404, adminMessages.templates.notFound);
  return Response.json(template);
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "PUT", "DELETE");
  await requireApiAdmin(request);
  const id = params.id ?? "";
  if (request.method === "DELETE") {
    const result = deletePromptTemplate(id);
    if (!result.ok)
      apiError(
        result.status,
        result.status === 404 ? adminMessages.templates.notFound : adminMessages.templates.cannotDeleteDefault,
      );
    return new Response(null, { status: 204 });
  }
  const changes = await readBody(request, ApiUpdateTemplateSchema);
  const updated = updatePromptTemplate(id, changes);
  if (!updated) apiError(404, adminMessages.templates.notFound);
  return Response.json(updated);
}
