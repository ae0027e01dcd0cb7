import { cn } from "~/lib/cn";
import { podcastMessages } from "~/features/podcasts/messages";

/** The square cover; its width comes from the caller, the height follows. */
export function CoverImage({ src, title, className }: { src: string; title: string; className?: string }) {
  return (
    <img
      src={src}
      alt={podcastMessages.cover.alt(title)}
      width={1400}
      height={1400}
      loading="lazy"
      decoding="async"
      className={cn("aspect-square h-auto shrink-0 rounded-lg border border-border bg-muted object-cover shadow-sm", className)}
    />
  );
}
