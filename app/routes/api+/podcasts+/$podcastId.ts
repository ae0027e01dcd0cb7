import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/features/account/auth.server";
import { getPodcastDetail } from "~/features/podcasts/library/podcast-detail.server";
import { podcastMessages } from "~/features/podcasts/messages";
import { deleteOwnedPodcast } from "~/features/podcasts/podcasts.server";
import { apiError, requireMethod } from "~/lib/http.server";

const notFound = podcastMessages.generation.notFound;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const detail = await getPodcastDetail(user.id, params.podcastId ?? "");
  if (!detail) apiError(404, notFound);
  return Response.json(detail);
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "DELETE");
  const user = await requireApiUser(request);
  const gone = await deleteOwnedPodcast(user.id, params.podcastId ?? "");
  if (!gone) apiError(404, notFound);
  return Response.json({ deleted: true, podcastId: gone.id });
}
