import type { LoaderFunctionArgs } from "@remix-run/node";
import { listUsersForAdmin } from "~/features/admin/users.server";
import { publicUser } from "~/models/user.server";
import { requireApiAdmin } from "~/features/account/auth.server";

// GET /api/admin/users: every account, newest first (401 signed out, 403 for an ordinary user).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json(listUsersForAdmin().map(publicUser));
}
