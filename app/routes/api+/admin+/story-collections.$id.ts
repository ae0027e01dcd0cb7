import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { requireApiAdmin } from "~/features/account/auth.server";
import {
  adminCollectionJson,
  deleteAdminCollection,
  getAdminCollection,
  updateAdminCollection,
} from "~/features/admin/collections.server";
import { adminMessages } from "~/features/admin/messages";
import { ApiCollectionUpdateSchema } from "~/features/admin/schemas";
import { apiError, readBody, requireMethod } from "~/lib/http.server";

// The spec leaves these calls open; they serve the admin list's edit and delete.

const found = (id: string | undefined) => {
  const row = id ? getAdminCollection(id) : undefined;
  if (!row) apiError(404, adminMessages.collections.notFound);
  return row;
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json(adminCollectionJson(found(params.id)));
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "PUT", "DELETE");
  await requireApiAdmin(request);
  const id = found(params.id).id;
  if (request.method === "DELETE") {
    deleteAdminCollection(id);
    return new Response(null, { status: 204 });
  }
  const changes = await readBody(request, ApiCollectionUpdateSchema);
  updateAdminCollection(id, changes);
  return Response.json(adminCollectionJson(found(id)));
}
