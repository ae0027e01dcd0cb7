import { useState, type ReactNode } from "react";

import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useHydrated } from "~/components/use-hydrated";
import { adminMessages } from "~/features/admin/messages";
import { cn } from "~/lib/cn";
import { formatDateTimeAt } from "~/lib/format-date";
import { formatCount } from "~/lib/text-format";
import { isDimmed, usagePercent, type ApiKeyStatus } from "~/models/api-key-status";

export type KeyRow = {
  id: string;
  name: string;
  description: string | null;
  keyHash: string;
  status: ApiKeyStatus;
  isActive: boolean;
  usageCount: number;
  usageLimit: number | null;
  lastUsed: Date | string | null;
  expiresAt: Date | string | null;
  createdAt: Date | string;
};

export function NewKeyNotice({ apiKey, name }: { apiKey: string; name?: string }) {
  const hydrated = useHydrated();
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <Card role="status" className="space-y-3 border-primary" data-testid="new-api-key">
      <h2 className="text-lg font-semibold">
        {adminMessages.apiKeys.newKeyTitle}
        {name ? `: ${name}` : ""}
      </h2>
      <p className="text-sm text-muted-foreground">{adminMessages.apiKeys.newKeyHint}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          className="flex-1 break-all rounded-md bg-muted px-3 py-2 font-mono text-sm"
          data-testid="new-api-key-value"
        >
          {apiKey}
        </code>
        {hydrated ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              navigator.clipboard.writeText(apiKey).then(
                () => setCopy("copied"),
                () => setCopy("failed"),
              )
            }
          >
            {copy === "copied" ? adminMessages.apiKeys.copied : adminMessages.apiKeys.copy}
          </Button>
        ) : null}
      </div>
      {copy === "failed" ? (
        <p role="alert" className="text-sm text-destructive">
          {adminMessages.apiKeys.copyFailed}
        </p>
      ) : null}
    </Card>
  );
}

const statusVariant: Record<ApiKeyStatus, "default" | "secondary" | "destructive" | "outline"> = {
  Active: "default",
  Inactive: "secondary",
  Deactivated: "destructive",
  Expired: "outline",
};

export function UsageBar({
  usageCount,
  usageLimit,
  label,
}: {
  usageCount: number;
  usageLimit: number | null;
  label: string;
}) {
  const percent = usagePercent(usageCount, usageLimit);
  return (
    <div className="min-w-32 space-y-1">
      <p className="text-xs text-muted-foreground">
        {formatCount(usageCount)} / {usageLimit === null ? adminMessages.apiKeys.noLimit : formatCount(usageLimit)}
      </p>
      {percent !== null ? (
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn(
              "h-full rounded-full",
              percent >= 100 ? "bg-destructive" : percent >= 80 ? "bg-amber-500" : "bg-primary",
            )}
            style={{ width: `${percent}%` }}
          />
        </div>
      ) : null}
    </div>
  );
}

export function ApiKeyTable({ keys, actions }: { keys: KeyRow[]; actions?: (key: KeyRow) => ReactNode }) {
  if (keys.length === 0) return <p className="text-muted-foreground">{adminMessages.apiKeys.empty}</p>;
  return (
    // Focusable so a keyboard can scroll it when long names make it wider than the screen.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="API keys">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-border text-muted-foreground">
          <tr>
            <th className="py-2 pr-4 font-medium">Name</th>
            <th className="py-2 pr-4 font-medium">Status</th>
            <th className="py-2 pr-4 font-medium">Key hash</th>
            <th className="py-2 pr-4 font-medium">Usage</th>
            <th className="py-2 pr-4 font-medium">Last used</th>
            <th className="py-2 pr-4 font-medium">Expires</th>
            {actions ? <th className="py-2 font-medium">Actions</th> : null}
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr
              key={key.id}
              data-testid="api-key-row"
              data-key-id={key.id}
              className={cn("border-b border-border align-top", isDimmed(key.status) && "border-dashed")}
            >
              <td className="py-3 pr-4">
                <p className="font-medium">{key.name}</p>
                {key.description ? <p className="text-muted-foreground">{key.description}</p> : null}
                <p className="text-xs text-muted-foreground">Created {formatDateTimeAt(key.createdAt)}</p>
              </td>
              <td className="py-3 pr-4">
                <Badge variant={statusVariant[key.status]} data-testid="api-key-status">
                  {key.status}
                </Badge>
              </td>
              <td className="py-3 pr-4">
                <code className="font-mono text-xs">{key.keyHash}…</code>
              </td>
              <td className="py-3 pr-4">
                <UsageBar usageCount={key.usageCount} usageLimit={key.usageLimit} label={`Usage of ${key.name}`} />
              </td>
              <td className="py-3 pr-4">
                {key.lastUsed ? formatDateTimeAt(key.lastUsed) : adminMessages.apiKeys.never}
              </td>
              <td className="py-3 pr-4">
                {key.expiresAt ? formatDateTimeAt(key.expiresAt) : adminMessages.apiKeys.never}
              </td>
              {actions ? <td className="py-3">{actions(key)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
