import type { LoaderFunctionArgs } from "@remix-run/node";
import { listRecentSubmissions } from "~/features/collections/dashboard.server";
import { requireApiUser } from "~/features/account/auth.server";

// GET /api/user/recent-stories: the newest stories over the caller's collections (at most 5), with
// contributorName, campaignTitle, createdAt and wordCount.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json(listRecentSubmissions(user.id));
}
