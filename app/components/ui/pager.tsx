import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/**
 * Previous · where we are · Next under a paged list. Plain links, so paging works without
 * JavaScript; a missing href leaves an empty slot so the middle stays centred.
 */
export function Pager({ label, previousHref, nextHref, className, children }: { label: string; previousHref?: string; nextHref?: string; className?: string; children: ReactNode }) {
  return (
    <nav aria-label={label} className={cn("flex flex-wrap items-center justify-between gap-2 text-sm", className)}>
      {previousHref ? (
        <Link to={previousHref} className={buttonClass("outline", "sm")}>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted-foreground">{children}</span>
      {nextHref ? (
        <Link to={nextHref} className={buttonClass("outline", "sm")}>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
