import { cn } from "~/lib/cn";
import { imageSrcSet, imageUrl } from "~/lib/image-urls";
import { podcastMessages } from "~/features/podcasts/messages";

/**
 * The square cover; its width comes from the caller (`sizes` says it to the browser, which picks the
 * smallest stored width that fills it), the height follows. `priority`: the largest image in view,
 * fetched at once rather than lazily. `version` (the stored cover's hash) lets the browser keep it.
 */
export function CoverImage({
  src,
  title,
  className,
  sizes = "(min-width: 640px) 176px, 160px",
  version,
  priority = false,
}: {
  src: string;
  title: string;
  className?: string;
  sizes?: string;
  version?: string | null;
  priority?: boolean;
}) {
  return (
    <img
      src={imageUrl(src, 400, version)}
      srcSet={imageSrcSet(src, version, 800)}
      sizes={sizes}
      alt={podcastMessages.cover.alt(title)}
      width={1400}
      height={1400}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? undefined : "async"}
      className={cn("aspect-square h-auto shrink-0 rounded-lg border border-border bg-muted object-cover shadow-sm", className)}
    />
  );
}
