import type { LoaderFunctionArgs } from "@remix-run/node";
import { listExternalPodcasts } from "~/models/external-podcast.server";
import { requireApiKey } from "~/utils/api-key-auth.server";

// GET /api/external/podcasts: the key's account's podcasts, newest first.
export async function loader({ request }: LoaderFunctionArgs) {
  const { ownerId } = requireApiKey(request);
  return Response.json(listExternalPodcasts(ownerId));
}
