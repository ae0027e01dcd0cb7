import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { useState } from "react";

import { noScripts } from "~/components/page-scripts";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import {
  ListenBlock,
  NEWSLETTER_WIDE,
  ShareControl,
  StoryCard,
  TextSizeToggle,
} from "~/features/newsletters/components/newsletter-parts";
import {
  contributorCountLabel,
  familyBadge,
  formatPublishDate,
  NEWSLETTER_TEXT_SIZES,
  newsletterPaths,
  textSizeFromParam,
  type NewsletterTextSize,
} from "~/features/newsletters/content";
import { newsletterMessages } from "~/features/newsletters/messages";
import { getPublicNewsletter } from "~/features/newsletters/newsletters.server";
import { episodeChapters } from "~/features/podcasts/listening/chapters.server";
import { timedTranscript } from "~/features/podcasts/listening/transcript";
import { originFor } from "~/lib/env.server";
import { imageSrcSet, imageUrl } from "~/lib/image-urls";
import { linkPreviewMeta, productIcon, type LinkPreview } from "~/lib/link-preview";
import { PRODUCT_NAME } from "~/lib/messages";

export const handle = noScripts;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const newsletter = getPublicNewsletter(params.newsletterId ?? "");
  if (!newsletter) throw new Response(newsletterMessages.errors.notFound, { status: 404 });
  const paths = newsletterPaths(newsletter.publicId);
  const origin = originFor(request);
  const { podcast, publishedAt, ...rest } = newsletter;
  const episode = podcast?.episode;
  const chapters = episode?.audioKey ? await episodeChapters(episode.audioKey) : [];
  const durationSeconds = episode?.duration ?? null;
  return {
    newsletter: {
      ...rest,
      publishedLabel: formatPublishDate(publishedAt),
      podcast: podcast
        ? {
            title: episode?.title ?? newsletter.title,
            artist: familyBadge(newsletter.familyName),
            durationText: podcast.durationText,
            durationSeconds,
            chapters,
            transcript: timedTranscript(podcast.transcript, {
              duration: durationSeconds,
              chapters,
              script: episode?.script,
            }),
            audioUrl: podcast.audioUrl,
            coverUrl: podcast.coverUrl,
          }
        : null,
    },
    paths,
    shareUrl: `${origin}${paths.page}`,
    preview: {
      title: newsletter.title,
      description: newsletter.subtitle || familyBadge(newsletter.familyName),
      image: newsletter.coverImage
        ? `${origin}${newsletter.coverImage}`
        : podcast?.coverUrl
          ? `${origin}${podcast.coverUrl}`
          : productIcon(origin),
      imageAlt: newsletter.coverImage ? newsletterMessages.page.coverAlt(newsletter.title) : null,
      audio: podcast?.audioUrl ? `${origin}${podcast.audioUrl}` : null,
      url: `${origin}${paths.page}`,
      type: "article",
    } satisfies LinkPreview,
    textSize: textSizeFromParam(new URL(request.url).searchParams.get("text")),
  };
}

export default function NewsletterPage() {
  const { newsletter, paths, shareUrl, textSize } = useLoaderData<typeof loader>();
  // `key` resets the in-place size when a navigation brings another.
  return <Newsletter key={textSize} newsletter={newsletter} paths={paths} shareUrl={shareUrl} initialSize={textSize} />;
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

function Newsletter({
  newsletter,
  paths,
  shareUrl,
  initialSize,
}: Omit<Data, "textSize" | "preview"> & { initialSize: NewsletterTextSize }) {
  const [size, setSize] = useState(initialSize);
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-8">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-border pb-4">
        <p className="flex items-baseline gap-3">
          <span className="font-serif text-lg font-bold text-primary">{newsletterMessages.page.header}</span>
          <span className="text-sm text-muted-foreground">{newsletterMessages.page.edition(newsletter.edition)}</span>
        </p>
        <div className="flex items-center gap-2">
          <ShareControl url={shareUrl} />
          <a href={paths.pdf} download className={buttonClass("outline", "sm")}>
            {newsletterMessages.page.downloadPdf}
          </a>
        </div>
      </header>

      <section className="space-y-3 text-center">
        <Badge variant="secondary">{familyBadge(newsletter.familyName)}</Badge>
        <h1 className="font-serif text-4xl font-bold leading-tight">{newsletter.title}</h1>
        {newsletter.subtitle ? <p className="text-lg text-muted-foreground">{newsletter.subtitle}</p> : null}
        <p className="text-sm text-muted-foreground">
          <time>{newsletter.publishedLabel}</time> · {contributorCountLabel(newsletter.totalContributors)} ·{" "}
          {newsletterMessages.page.readingTotal(newsletter.totalReadingMinutes)}
        </p>
      </section>

      {newsletter.podcast ? <ListenBlock podcast={newsletter.podcast} /> : null}

      {newsletter.coverImage ? (
        <img
          src={imageUrl(newsletter.coverImage, 800)}
          srcSet={imageSrcSet(newsletter.coverImage, null, 800)}
          sizes={NEWSLETTER_WIDE}
          alt={newsletterMessages.page.coverAlt(newsletter.title)}
          width={800}
          height={450}
          className="aspect-video h-auto max-h-[70vh] w-full rounded-lg object-cover"
        />
      ) : null}

      <div className="flex justify-end">
        <TextSizeToggle size={size} onChange={setSize} />
      </div>

      <div
        data-testid="newsletter-stories"
        data-text-size={size}
        className="space-y-6"
        style={{ fontSize: NEWSLETTER_TEXT_SIZES[size] }}
      >
        {newsletter.stories.map((story) => (
          <StoryCard key={story.id} story={story} />
        ))}
      </div>

      <footer className="space-y-1 border-t border-border pt-6 text-center text-sm text-muted-foreground">
        <p>
          {newsletterMessages.page.createdWith}{" "}
          <Link to="/" className="font-semibold text-primary hover:underline">
            {PRODUCT_NAME}
          </Link>
        </p>
        <p>{newsletterMessages.page.craftedNote(newsletter.familyName)}</p>
      </footer>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${data.newsletter.title} | ${newsletterMessages.page.header}`
      : `${newsletterMessages.errors.notFound} | ${PRODUCT_NAME}`,
  },
  { name: "robots", content: "noindex" },
  ...(data ? linkPreviewMeta(data.preview) : []),
];

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="font-serif text-3xl font-bold">
        {notFound ? newsletterMessages.errors.notFound : newsletterMessages.errors.unableToLoad}
      </h1>
      <p className="text-muted-foreground">
        {notFound ? newsletterMessages.errors.notFoundText : newsletterMessages.errors.unableToLoadText}
      </p>
      <Link to="/" className={buttonClass()}>
        Go Home
      </Link>
    </div>
  );
}
