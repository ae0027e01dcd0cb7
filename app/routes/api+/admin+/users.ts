import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireApiAdmin } from "~/features/account/auth.server";
import { listUsersForAdmin } from "~/features/admin/users.server";
import { publicUser } from "~/models/user.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json(listUsersForAdmin().map(publicUser));
}
