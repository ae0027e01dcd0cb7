import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";
import { formatCount } from "~/lib/text-format";

/** A headline count on a dashboard: a named group, so the label is read with the number. */
export function StatCard({ label, value, children }: { label: string; value: number; children?: ReactNode }) {
  return (
    <Card className="p-5" role="group" aria-label={label}>
      <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
      <p className="mt-1 text-3xl font-bold" data-testid={`stat-${label.toLowerCase().replaceAll(" ", "-")}`}>
        {formatCount(value)}
      </p>
      {children ? <p className="mt-1 flex flex-col text-sm text-muted-foreground">{children}</p> : null}
    </Card>
  );
}
