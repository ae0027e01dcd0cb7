import type { LoaderFunctionArgs } from "@remix-run/node";
import { getSystemMetrics } from "~/features/admin/metrics.server";
import { requireApiAdmin } from "~/features/account/auth.server";

// GET /api/admin/metrics: users, podcasts, campaigns, stories, emails, tokenUsage and database
// figures, read from the database (see models/admin-metrics.server.ts).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json(getSystemMetrics());
}
