import type { LoaderFunctionArgs } from "@remix-run/node";
import { listRecentActivity } from "~/models/activity.server";
import { requireApiAdmin } from "~/features/account/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json(listRecentActivity());
}
