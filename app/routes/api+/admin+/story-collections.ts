import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { requireApiAdmin } from "~/features/account/auth.server";
import {
  adminCollectionJson,
  createAdminCollection,
  getAdminCollection,
  listAdminCollections,
} from "~/features/admin/collections.server";
import { ApiCollectionSchema } from "~/features/admin/schemas";
import { apiError, readBody, requireMethod } from "~/lib/http.server";
import { recordSystemError } from "~/lib/system-errors.server";

const MAX_LIMIT = 1000;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const url = new URL(request.url);
  const offset = Math.max(0, Number.parseInt(url.searchParams.get("offset") ?? "0", 10) || 0);
  const limit = Math.min(
    MAX_LIMIT,
    Math.max(1, Number.parseInt(url.searchParams.get("limit") ?? String(MAX_LIMIT), 10) || MAX_LIMIT),
  );
  return Response.json(listAdminCollections(offset, limit).map(adminCollectionJson));
}

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const admin = await requireApiAdmin(request);
  const body = await readBody(request, ApiCollectionSchema);
  try {
    const created = createAdminCollection(admin.id, { ...body, inviteEmails: [] });
    return Response.json(adminCollectionJson(getAdminCollection(created.id)!), { status: 201 });
  } catch (error) {
    recordSystemError({ error, errorType: "admin_collection_create_failed", workflow: "api-admin-story-collections" });
    apiError(500, "Failed to create collection");
  }
}
