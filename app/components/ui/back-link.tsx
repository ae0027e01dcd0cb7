import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { buttonClass } from "~/components/ui/button";

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={buttonClass("ghost", "sm", "-ml-3")}>
      ← {children}
    </Link>
  );
}
