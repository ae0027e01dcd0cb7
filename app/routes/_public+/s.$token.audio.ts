import type { LoaderFunctionArgs } from "@remix-run/node";

import { hasShareAccess } from "~/features/podcasts/listening/listening-cookies.server";
import { listeningMessages } from "~/features/podcasts/listening/listening-messages";
import { apiError } from "~/lib/http.server";
import { serveStoredFile } from "~/lib/serve-file.server";
import { resolveShareLink } from "~/models/share-link.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const share = resolveShareLink(params.token ?? "");
  if (share.state === "missing") apiError(404, listeningMessages.api.notFound);
  if (share.state === "expired") apiError(410, listeningMessages.api.shareExpired);
  if (share.link.passwordHash && !(await hasShareAccess(request, share.link.id)))
    apiError(401, listeningMessages.api.sharePasswordRequired);
  return serveStoredFile(request, share.podcast.audioKey, {
    contentType: "audio/mpeg",
    cacheControl: "private, no-store",
  });
}
