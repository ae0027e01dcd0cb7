import { podcastMessages } from "~/features/podcasts/messages";
import { cn } from "~/lib/cn";
import { imageSrcSet, imageUrl } from "~/lib/image-urls";

const COVER_SIZES = "(min-width: 640px) 176px, 160px";
const COVER_LARGEST = 800;
const COVER_FALLBACK = 400;

export function CoverImage({
  src,
  title,
  className,
  sizes = COVER_SIZES,
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
      src={imageUrl(src, COVER_FALLBACK, version)}
      srcSet={imageSrcSet(src, version, COVER_LARGEST)}
      sizes={sizes}
      alt={podcastMessages.cover.alt(title)}
      width={1400}
      height={1400}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? undefined : "async"}
      className={cn(
        "aspect-square h-auto shrink-0 rounded-lg border border-border bg-muted object-cover shadow-sm",
        className,
      )}
    />
  );
}
