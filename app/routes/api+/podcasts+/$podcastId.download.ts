import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/features/account/auth.server";
import { audioDownloadName } from "~/features/podcasts/listening/download-names";
import { listeningMessages } from "~/features/podcasts/listening/listening-messages";
import { getOwnedPodcast } from "~/features/podcasts/podcasts.server";
import { apiError } from "~/lib/http.server";
import { serveStoredFile } from "~/lib/serve-file.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const podcast = await getOwnedPodcast(user.id, params.podcastId ?? "");
  if (!podcast) apiError(404, listeningMessages.api.notFound);
  if (!podcast.audioKey || podcast.status !== "complete") apiError(404, listeningMessages.api.audioNotReady);
  return serveStoredFile(request, podcast.audioKey, {
    contentType: "audio/mpeg",
    downloadName: audioDownloadName(podcast),
  });
}
