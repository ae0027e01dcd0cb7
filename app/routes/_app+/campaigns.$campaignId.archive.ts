import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/features/account/auth.server";
import { archiveResponse } from "~/features/archive/zip.server";
import { notFound } from "~/lib/http.server";

// "Download everything" for one collection; another owner's collection is a 404, as if it did not exist.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const response = await archiveResponse(user.id, params.campaignId ?? "");
  if (!response) throw notFound();
  return response;
}
