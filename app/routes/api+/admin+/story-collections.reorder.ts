import type { ActionFunctionArgs } from "@remix-run/node";

import { getAdmin, requireApiUser } from "~/features/account/auth.server";
import { setCollectionSortOrders } from "~/features/admin/collections.server";
import { adminMessages } from "~/features/admin/messages";
import { ReorderCollectionsSchema } from "~/features/admin/schemas";
import { dashboardMessages } from "~/features/collections/dashboard-messages";
import { apiError, readBody, requireMethod } from "~/lib/http.server";
import { reorderCollections } from "~/models/collection-order.server";
import { getDistributionSettings } from "~/models/workflow.server";

// Owner-scoped for a user session, any owner's collections for an admin session; the client's dates
// are ignored. Why: docs/decisions/0104 (Reorder) and 0108 (Story collections (admin)).

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  if (await getAdmin(request)) return adminReorder(request);
  const user = await requireApiUser(request);
  const { collections } = await readBody(request, ReorderCollectionsSchema);
  // Sorted by the given sortOrder; equal values keep their place in the list (Array.sort is stable).
  const ids = [...collections].sort((a, b) => a.sortOrder - b.sortOrder).map((c) => c.id);
  const result = reorderCollections(user.id, ids, getDistributionSettings(user.id));
  if (!result.ok) {
    apiError(
      result.status,
      result.status === 404 ? dashboardMessages.api.collectionNotFound : dashboardMessages.api.notExactList,
    );
  }
  return Response.json({ message: dashboardMessages.toast.reordered.title, collections: result.collections });
}

async function adminReorder(request: Request) {
  const { collections } = await readBody(request, ReorderCollectionsSchema);
  const result = setCollectionSortOrders(collections.map(({ id, sortOrder }) => ({ id, sortOrder })));
  if (!result.ok)
    apiError(
      result.status,
      result.status === 404 ? adminMessages.collections.notFound : "Each collection may appear only once",
    );
  return Response.json({ message: adminMessages.collections.toast.reordered.title, collections: result.collections });
}

export const loader = () => apiError(405, "Use POST to reorder collections");
