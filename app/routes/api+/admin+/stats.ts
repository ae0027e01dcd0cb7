import type { LoaderFunctionArgs } from "@remix-run/node";
import { getAdminStats } from "~/features/admin/users.server";
import { requireApiAdmin } from "~/features/account/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json(getAdminStats());
}
