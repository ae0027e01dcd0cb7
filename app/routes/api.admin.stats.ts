import type { LoaderFunctionArgs } from "@remix-run/node";
import { getAdminStats } from "~/models/admin-user.server";
import { requireApiAdmin } from "~/utils/auth.server";

// GET /api/admin/stats: { totalUsers, activeTrials, activeSubscriptions }.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json(getAdminStats());
}
