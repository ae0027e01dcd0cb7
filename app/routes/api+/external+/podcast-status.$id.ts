import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireApiKey } from "~/features/external-api/api-key-auth.server";
import { externalApiMessages } from "~/features/external-api/messages";
import { externalPodcastStatus } from "~/features/external-api/podcasts.server";
import { apiError } from "~/lib/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { ownerId } = requireApiKey(request);
  const status = await externalPodcastStatus(ownerId, params.id ?? "");
  if (!status) apiError(404, externalApiMessages.podcastNotFound);
  return Response.json(status);
}
