import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireApiAdmin } from "~/features/account/auth.server";
import { listSystemErrors } from "~/lib/system-errors.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json(listSystemErrors({ unresolvedOnly: true }));
}
