import { Badge } from "~/components/ui/badge";
import type { OutboxStatus } from "~/lib/email/outbox.server";

const variant: Record<OutboxStatus, "default" | "secondary" | "outline" | "destructive"> = {
  sent: "default",
  stored: "secondary",
  queued: "outline",
  sending: "outline",
  retrying: "outline",
  failed: "destructive",
};

export const OutboxStatusBadge = ({ status }: { status: OutboxStatus }) => (
  <Badge variant={variant[status]}>{status}</Badge>
);
