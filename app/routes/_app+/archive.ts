import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireUser } from "~/features/account/auth.server";
import { archiveResponse } from "~/features/archive/zip.server";
import { notFound } from "~/lib/http.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const response = await archiveResponse(user.id);
  if (!response) throw notFound();
  return response;
}
