import type { LoaderFunctionArgs } from "@remix-run/node";
import { listRecentPodcasts } from "~/features/collections/dashboard.server";
import { requireApiUser } from "~/features/account/auth.server";

// GET /api/podcasts/recent: the caller's newest podcasts (at most 5), as the dashboard lists them.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json(listRecentPodcasts(user.id));
}
