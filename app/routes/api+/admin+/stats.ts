import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireApiAdmin } from "~/features/account/auth.server";
import { getAdminStats } from "~/features/admin/users.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json(getAdminStats());
}
