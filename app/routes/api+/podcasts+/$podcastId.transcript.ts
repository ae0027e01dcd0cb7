import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/features/account/auth.server";
import { transcriptDownloadName } from "~/features/podcasts/listening/download-names";
import { listeningMessages } from "~/features/podcasts/listening/listening-messages";
import { renderTranscriptPdf } from "~/features/podcasts/listening/transcript-pdf.server";
import { getOwnedPodcast } from "~/features/podcasts/podcasts.server";
import { apiError } from "~/lib/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const podcast = await getOwnedPodcast(user.id, params.podcastId ?? "");
  if (!podcast) apiError(404, listeningMessages.api.notFound);
  if (!podcast.transcript?.trim()) apiError(404, listeningMessages.api.transcriptMissing);
  const pdf = await renderTranscriptPdf({ ...podcast, transcript: podcast.transcript });
  return new Response(request.method === "HEAD" ? null : new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.byteLength),
      "Content-Disposition": `attachment; filename="${transcriptDownloadName(podcast.id)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
