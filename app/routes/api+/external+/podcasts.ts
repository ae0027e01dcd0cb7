import type { LoaderFunctionArgs } from "@remix-run/node";
import { listExternalPodcasts } from "~/features/external-api/podcasts.server";
import { requireApiKey } from "~/features/external-api/api-key-auth.server";

// GET /api/external/podcasts: the key's account's podcasts, newest first.
export async function loader({ request }: LoaderFunctionArgs) {
  const { ownerId } = requireApiKey(request);
  return Response.json(listExternalPodcasts(ownerId));
}
