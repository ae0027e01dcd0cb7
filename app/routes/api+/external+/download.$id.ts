import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireApiKey } from "~/features/external-api/api-key-auth.server";
import { externalApiMessages } from "~/features/external-api/messages";
import { externalDownload } from "~/features/external-api/podcasts.server";
import { audioResponse } from "~/features/podcasts/listening/audio-response.server";
import { apiError } from "~/lib/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { ownerId } = requireApiKey(request);
  const found = await externalDownload(ownerId, params.id ?? "");
  if (!found.ok) {
    if (found.status === 404) apiError(404, externalApiMessages.podcastNotFound);
    if (found.status === 409) apiError(409, externalApiMessages.notReady, { status: found.podcastStatus });
    apiError(410, externalApiMessages.audioMissing);
  }
  const response = await audioResponse(request, found.audioKey);
  if (response.status === 404) apiError(410, externalApiMessages.audioMissing);
  response.headers.set("Content-Disposition", `attachment; filename="${found.fileName}"`);
  return response;
}
