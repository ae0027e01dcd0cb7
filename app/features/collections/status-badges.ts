import type { CampaignStatus } from "./messages";

const STATUS_LABELS: Partial<Record<CampaignStatus, string>> = { generating_podcast: "Generating Podcast" };

export function campaignStatusLabel(status: string): string {
  const known = STATUS_LABELS[status as CampaignStatus];
  if (known) return known;
  const words = status.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const campaignListBadgeVariant = (status: string) =>
  (status === "active" ? "default" : "secondary") as "default" | "secondary";

// The spec shows every entry as 'pending'; a collection whose invitations went out is shown as sent.
export function scheduledCampaignBadge({ status, sentDate }: { status: string; sentDate: Date | string | null }) {
  const shown = sentDate || status === "sent" ? "sent" : status === "closed" ? "closed" : "pending";
  return {
    label: campaignStatusLabel(shown),
    variant: (shown === "sent" ? "default" : "secondary") as "default" | "secondary",
  };
}
