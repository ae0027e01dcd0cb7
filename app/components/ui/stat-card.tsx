import type { ReactNode } from "react";

import { Card } from "~/components/ui/card";
import { formatCount } from "~/lib/text-format";

/**
 * A headline figure on a dashboard: a named group, so the label is read with the number. A number
 * is shown as a count; anything else (a cost, a size) comes formatted. Children are the small print.
 */
export function StatCard({ label, value, children }: { label: string; value: ReactNode; children?: ReactNode }) {
  return (
    <Card className="p-5" role="group" aria-label={label}>
      <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
      <p className="mt-1 text-3xl font-bold" data-testid={`stat-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`}>
        {typeof value === "number" ? formatCount(value) : value}
      </p>
      {children ? <p className="mt-1 flex flex-col text-sm text-muted-foreground">{children}</p> : null}
    </Card>
  );
}
