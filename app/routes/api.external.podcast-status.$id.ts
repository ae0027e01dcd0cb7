import type { LoaderFunctionArgs } from "@remix-run/node";
import { externalPodcastStatus } from "~/models/external-podcast.server";
import { apiError } from "~/utils/api.server";
import { adminMessages } from "~/utils/admin-messages";
import { requireApiKey } from "~/utils/api-key-auth.server";

// GET /api/external/podcast-status/{id}: the generation status of one of the key's podcasts.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { ownerId } = requireApiKey(request);
  const status = await externalPodcastStatus(ownerId, params.id ?? "");
  if (!status) apiError(404, adminMessages.external.podcastNotFound);
  return Response.json(status);
}
