import type { ReactNode } from "react";

import { buttonClass } from "~/components/ui/button";
import { ListLink } from "~/components/ui/list-link";
import { cn } from "~/lib/cn";

/**
 * Previous · where we are · Next under a paged list. Plain links (absolute hrefs), so paging works
 * without JavaScript; a missing href leaves an empty slot so the middle stays centred.
 */
export function Pager({
  label,
  previousHref,
  nextHref,
  className,
  children,
}: {
  label: string;
  previousHref?: string;
  nextHref?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <nav aria-label={label} className={cn("flex flex-wrap items-center justify-between gap-2 text-sm", className)}>
      {previousHref ? (
        <ListLink to={previousHref} className={buttonClass("outline", "sm")}>
          Previous
        </ListLink>
      ) : (
        <span />
      )}
      <span className="text-muted-foreground">{children}</span>
      {nextHref ? (
        <ListLink to={nextHref} className={buttonClass("outline", "sm")}>
          Next
        </ListLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
