import type { LoaderFunctionArgs } from "@remix-run/node";

import { newsletterMessages } from "~/features/newsletters/messages";
import { getPublicNewsletter } from "~/features/newsletters/newsletters.server";
import { apiError } from "~/lib/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const newsletter = getPublicNewsletter(params.newsletterId ?? "");
  if (!newsletter) apiError(404, newsletterMessages.errors.notFound);
  const absolute = (path: string) => new URL(path, request.url).toString();
  return Response.json({
    edition: newsletter.edition,
    title: newsletter.title,
    subtitle: newsletter.subtitle,
    familyName: newsletter.familyName,
    publishedAt: newsletter.publishedAt.toISOString(),
    totalContributors: newsletter.totalContributors,
    podcastId: newsletter.podcast?.id ?? null,
    podcastDuration: newsletter.podcast?.durationText ?? null,
    hasTranscript: Boolean(newsletter.podcast?.transcript),
    coverImage: newsletter.coverImage ? absolute(newsletter.coverImage) : null,
    audioUrl: newsletter.podcast?.audioUrl ? absolute(newsletter.podcast.audioUrl) : null,
    stories: newsletter.stories.map((s) => ({
      ...s,
      images: s.images.map(absolute),
      recordingUrl: s.recordingUrl ? absolute(s.recordingUrl) : null,
    })),
  });
}
