import type { LoaderFunctionArgs } from "@remix-run/node";
import { listSystemErrors } from "~/lib/system-errors.server";
import { requireApiAdmin } from "~/features/account/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json(listSystemErrors());
}
