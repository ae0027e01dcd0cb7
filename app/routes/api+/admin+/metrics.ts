import type { LoaderFunctionArgs } from "@remix-run/node";
import { getSystemMetrics } from "~/features/admin/metrics.server";
import { requireApiAdmin } from "~/features/account/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json(getSystemMetrics());
}
