import type { LoaderFunctionArgs } from "@remix-run/node";
import { getUserMetrics } from "~/features/collections/dashboard.server";
import { apiError } from "~/lib/http.server";
import { requireApiUser } from "~/features/account/auth.server";
import { DEFAULT_PERIOD, isPeriod } from "~/features/collections/limits";
import { dashboardMessages } from "~/features/collections/dashboard-messages";

// GET /api/user/metrics?period=7d|30d|90d (default 30d):
// { period, podcasts: { total, thisMonth, inPeriod, totalListens }, campaigns: { total, active }, stories: { total, inPeriod } }
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const period = new URL(request.url).searchParams.get("period") ?? DEFAULT_PERIOD;
  if (!isPeriod(period)) apiError(400, dashboardMessages.api.invalidPeriod);
  return Response.json(getUserMetrics(user.id, period));
}
