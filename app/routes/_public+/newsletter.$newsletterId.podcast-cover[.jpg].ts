import type { LoaderFunctionArgs } from "@remix-run/node";

import { getNewsletterPodcast } from "~/features/newsletters/newsletters.server";
import { ensurePodcastCover, serveCover } from "~/features/podcasts/covers/covers.server";
import { notFound } from "~/lib/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const podcast = getNewsletterPodcast(params.newsletterId ?? "");
  if (!podcast) throw notFound();
  return serveCover(request, await ensurePodcastCover(podcast), { shared: true });
}
