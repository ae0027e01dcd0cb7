import type { LoaderFunctionArgs } from "@remix-run/node";
import { getNewsletterPodcast } from "~/features/newsletters/newsletters.server";
import { ensurePodcastCover, serveCover } from "~/features/podcasts/covers.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const podcast = getNewsletterPodcast(params.newsletterId ?? "");
  if (!podcast) throw new Response("Not Found", { status: 404 });
  return serveCover(request, await ensurePodcastCover(podcast), { shared: true });
}
