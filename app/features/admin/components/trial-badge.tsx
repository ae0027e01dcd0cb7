import { Badge } from "~/components/ui/badge";
import type { AdminUserRow } from "~/features/admin/user-view";

export function TrialBadge({ trial }: { trial: AdminUserRow["trial"] }) {
  if (!trial) return <span className="text-muted-foreground">—</span>;
  return <Badge variant={trial.expired ? "destructive" : "secondary"}>{trial.label}</Badge>;
}
