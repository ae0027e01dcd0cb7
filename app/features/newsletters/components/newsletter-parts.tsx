// Everything works without JavaScript: disclosures, a `?text=large` link and the native player.
import { Link } from "@remix-run/react";
import { useState, type MouseEvent } from "react";

import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import { categoryBadgeClass, categoryLabel } from "~/features/newsletters/category";
import { storyLengthText, storyParagraphs, type NewsletterTextSize } from "~/features/newsletters/content";
import { newsletterMessages } from "~/features/newsletters/messages";
import { ListeningSession } from "~/features/podcasts/listening/components/listening-session";
import { PodcastPlayer } from "~/features/podcasts/listening/components/podcast-player";
import { TranscriptView } from "~/features/podcasts/listening/components/transcript-view";
import type { PlayerChapter } from "~/features/podcasts/listening/player";
import type { TimedTurn } from "~/features/podcasts/listening/transcript";
import { cn } from "~/lib/cn";
import { imageSrcSet, imageUrl } from "~/lib/image-urls";

export function ShareControl({ url }: { url: string }) {
  const hydrated = useHydrated();
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
      await navigator.clipboard.writeText(url);
      setStatus("copied");
    } catch {
      setStatus("failed");
    }
  };
  return (
    <details
      className="relative"
      onToggle={(e) => {
        if (e.currentTarget.open) void copy();
        else setStatus("idle");
      }}
    >
      <summary className={buttonClass("outline", "sm", "cursor-pointer list-none")}>
        {newsletterMessages.page.share}
      </summary>
      <div className="absolute right-0 z-20 mt-2 w-[min(20rem,85vw)] space-y-2 rounded-md border border-border bg-card p-3 text-left text-sm shadow-lg">
        <label htmlFor="newsletter-share-link" className="block font-medium">
          {newsletterMessages.page.shareLinkLabel}
        </label>
        <input
          id="newsletter-share-link"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="block w-full rounded-md border border-border bg-background px-2 py-1 text-sm"
        />
        {hydrated ? (
          <div className="flex items-center gap-2">
            <Button size="sm" onClick={() => void copy()}>
              {newsletterMessages.page.copyLink}
            </Button>
            <p role="status" className="text-muted-foreground">
              {status === "copied"
                ? newsletterMessages.page.copied
                : status === "failed"
                  ? newsletterMessages.page.copyFailed
                  : ""}
            </p>
          </div>
        ) : null}
      </div>
    </details>
  );
}

/** The label names the next size, so no aria-pressed (which a link may not have). */
export function TextSizeToggle({
  size,
  onChange,
}: {
  size: NewsletterTextSize;
  onChange: (size: NewsletterTextSize) => void;
}) {
  const hydrated = useHydrated();
  const next: NewsletterTextSize = size === "large" ? "normal" : "large";
  const search = next === "large" ? "?text=large" : "";
  const toggle = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!hydrated) return;
    e.preventDefault();
    onChange(next);
    const url = new URL(window.location.href);
    if (next === "large") url.searchParams.set("text", "large");
    else url.searchParams.delete("text");
    window.history.replaceState(window.history.state, "", url);
  };
  return (
    <Link to={{ search }} replace preventScrollReset onClick={toggle} className={buttonClass("outline", "sm")}>
      {size === "large" ? newsletterMessages.page.smallerText : newsletterMessages.page.largerText}
    </Link>
  );
}

type PodcastBlock = {
  title: string;
  artist: string;
  durationText: string | null;
  durationSeconds: number | null;
  transcript: TimedTurn[];
  chapters: PlayerChapter[];
  audioUrl: string | null;
  coverUrl?: string | null;
};

export const NEWSLETTER_WIDE = "(min-width: 768px) 736px, calc(100vw - 2rem)";
const NEWSLETTER_HALF = "(min-width: 768px) 364px, calc(50vw - 1.25rem)";

export function ListenBlock({ podcast }: { podcast: PodcastBlock }) {
  return (
    <ListeningSession>
      <section
        id="listen"
        aria-labelledby="listen-heading"
        className="space-y-3 rounded-lg border border-border bg-card p-5 shadow-sm"
      >
        <div className="flex items-center gap-4">
          {podcast.coverUrl ? (
            <img
              src={imageUrl(podcast.coverUrl, 192)}
              srcSet={imageSrcSet(podcast.coverUrl, null, 192)}
              sizes="80px"
              alt=""
              width={80}
              height={80}
              loading="lazy"
              className="h-20 w-20 shrink-0 rounded-md border border-border object-cover"
            />
          ) : null}
          <div className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-2">
            <h2 id="listen-heading" className="font-serif text-xl font-semibold">
              {newsletterMessages.page.listen}
            </h2>
            <p className="text-sm text-muted-foreground">
              {podcast.durationText
                ? newsletterMessages.page.duration(podcast.durationText)
                : newsletterMessages.page.durationUnknown}
            </p>
          </div>
        </div>
        {podcast.audioUrl ? (
          <PodcastPlayer
            src={podcast.audioUrl}
            duration={podcast.durationSeconds}
            title={podcast.title}
            artist={podcast.artist}
            artworkUrl={podcast.coverUrl}
            chapters={podcast.chapters}
          />
        ) : null}
        {podcast.transcript.length ? (
          <details id="transcript">
            <summary className={buttonClass("outline", "sm", "cursor-pointer list-none")}>
              {newsletterMessages.page.viewTranscript}
            </summary>
            <div className="mt-3 space-y-2 rounded-md bg-muted p-3 text-sm">
              <h3 className="font-semibold">{newsletterMessages.page.transcriptHeading}</h3>
              <TranscriptView turns={podcast.transcript} scrolls />
            </div>
          </details>
        ) : null}
      </section>
    </ListeningSession>
  );
}

export type StoryCardData = {
  id: string;
  category: string;
  title: string;
  author: string | null;
  contributedBy: string | null;
  readingTime: number;
  listenSeconds?: number | null;
  images: string[];
  content: string;
  recordingUrl?: string | null;
};

export function StoryCard({ story }: { story: StoryCardData }) {
  const name = story.author ?? story.contributedBy;
  const paragraphs = storyParagraphs(story.content);
  const voiceOnly = story.listenSeconds != null;
  const length = storyLengthText(story);
  const recording = story.recordingUrl ? (
    <figure className="space-y-2">
      <figcaption id={`story-${story.id}-voice`} className="text-sm font-medium">
        {newsletterMessages.page.ownVoice(name)}
      </figcaption>
      <audio
        controls
        preload="none"
        src={story.recordingUrl}
        aria-labelledby={`story-${story.id}-voice`}
        className="w-full"
      />
    </figure>
  ) : null;
  return (
    <article
      className="space-y-4 rounded-lg border border-border bg-card p-6 shadow-sm"
      aria-labelledby={`story-${story.id}`}
    >
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <Badge className={categoryBadgeClass(story.category)} data-category={story.category}>
          {categoryLabel(story.category)}
        </Badge>
        <span className="text-muted-foreground">{length}</span>
      </div>
      <h2 id={`story-${story.id}`} className="font-serif text-[1.5em] font-bold leading-tight">
        {story.title}
      </h2>
      {name ? (
        <p className="flex items-center gap-3">
          <span
            aria-hidden
            className="flex h-10 w-10 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
          >
            {name.trim()[0]?.toUpperCase()}
          </span>
          <span className="font-semibold">{name}</span>
        </p>
      ) : null}
      {voiceOnly
        ? (recording ?? <p className="text-sm text-muted-foreground">{newsletterMessages.page.recordingGone}</p>)
        : null}
      {/* Width and height reserve each photo's box before it loads, so nothing below it moves. */}
      {story.images.length === 1 && story.images[0] ? (
        <img
          src={imageUrl(story.images[0], 800)}
          srcSet={imageSrcSet(story.images[0], null, 800)}
          sizes={NEWSLETTER_WIDE}
          alt={newsletterMessages.page.photoAlt(story.title, 1, 1)}
          width={800}
          height={600}
          loading="lazy"
          className="aspect-[4/3] h-auto w-full rounded-md object-cover"
        />
      ) : story.images.length > 1 ? (
        <div className="grid grid-cols-2 gap-2">
          {story.images.map((src, i) => (
            <img
              key={src}
              src={imageUrl(src, 400)}
              srcSet={imageSrcSet(src, null, 800)}
              sizes={NEWSLETTER_HALF}
              alt={newsletterMessages.page.photoAlt(story.title, i + 1, story.images.length)}
              width={400}
              height={400}
              loading="lazy"
              className="aspect-square h-auto w-full rounded-md object-cover"
            />
          ))}
        </div>
      ) : null}
      {voiceOnly ? null : recording}
      {voiceOnly ? (
        paragraphs.length ? (
          <div className="space-y-2 leading-relaxed">
            <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
              {newsletterMessages.page.whatWasSaid}
            </h3>
            {paragraphs.map((text, i) => (
              <p key={i}>{text}</p>
            ))}
          </div>
        ) : null
      ) : (
        <div className="space-y-4 leading-relaxed">
          {paragraphs.map((text, i) => (
            <p
              key={i}
              className={cn(
                i === 0 &&
                  "first-letter:float-left first-letter:mr-2 first-letter:mt-1 first-letter:font-serif first-letter:text-[3.2em] first-letter:font-bold first-letter:leading-[0.8] first-letter:text-primary",
              )}
            >
              {text}
            </p>
          ))}
        </div>
      )}
    </article>
  );
}
