import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";

/** The "← Back to …" link above a page's heading, pulled left so its text lines up with the heading. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={buttonClass("ghost", "sm", "-ml-3")}>
      ← {children}
    </Link>
  );
}
