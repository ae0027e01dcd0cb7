import type { ActionFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/features/account/auth.server";
import { listeningMessages } from "~/features/podcasts/listening/listening-messages";
import { ShareBodySchema } from "~/features/podcasts/listening/listening-schemas";
import { originFor } from "~/lib/env.server";
import { apiError, readBody, requireMethod } from "~/lib/http.server";
import { createShareLink, sharePath } from "~/models/share-link.server";

// Each call makes a new link; earlier links keep working until they expire.
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const body = await readBody(request, ShareBodySchema);
  const created = await createShareLink(user.id, params.podcastId ?? "", body);
  if ("error" in created) {
    if (created.error === "missing") apiError(404, listeningMessages.api.notFound);
    apiError(409, listeningMessages.api.audioNotReady);
  }
  return Response.json(
    {
      shareUrl: `${originFor(request)}${sharePath(created.token)}`,
      expiresAt: created.expiresAt,
      passwordProtected: created.passwordProtected,
    },
    { status: 201 },
  );
}
