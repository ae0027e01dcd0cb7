import type { LoaderFunctionArgs } from "@remix-run/node";
import { listRecentPodcasts } from "~/features/collections/dashboard.server";
import { requireApiUser } from "~/features/account/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json(listRecentPodcasts(user.id));
}
