import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/features/account/auth.server";
import { dashboardMessages } from "~/features/collections/dashboard-messages";
import { getUserMetrics } from "~/features/collections/dashboard.server";
import { DEFAULT_PERIOD, isPeriod } from "~/features/collections/limits";
import { apiError } from "~/lib/http.server";

// The answer's shape and the period rules: docs/decisions/0104-dashboard-period-and-workflow-settings.md
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const period = new URL(request.url).searchParams.get("period") ?? DEFAULT_PERIOD;
  if (!isPeriod(period)) apiError(400, dashboardMessages.api.invalidPeriod);
  return Response.json(getUserMetrics(user.id, period));
}
