import type { LoaderFunctionArgs } from "@remix-run/node";
import { listTopUsers } from "~/models/activity.server";
import { requireApiAdmin } from "~/features/account/auth.server";

// GET /api/admin/top-users: { userId, username, email, lastActive, podcastCount, storyCount }.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json(listTopUsers());
}
