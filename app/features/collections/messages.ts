// Exactly as the spec gives them; strings it leaves open are marked.
import type { campaignStatuses } from "#db/schema";

export type CampaignStatus = (typeof campaignStatuses)[number];

export const campaignMessages = {
  validation: {
    titleRequired: "Title is required",
    titleTooLong: "Title too long",
    promptDetailed: "Please provide a detailed prompt for your family",
    emailsRequired: "At least one email is required",
    // Not in the spec: a scheduled date that cannot be read.
    scheduledDateInvalid: "Please enter a valid date and time",
  },
  created: (title: string, recipients: number) => ({
    title: "Story Collection Created!",
    description: `Successfully created "${title}" and sent invitations to ${recipients} recipients.`,
  }),
  createFailed: { title: "Failed to Create Collection", description: "Failed to create collection" },
  noRecipients: { title: "No Recipients", description: "Please add at least one email address to send invitations to." },
  inlineCreateFailed: "Failed to create campaign",
  hints: {
    title: "The title appears in the subject line of the invitation e-mail.",
    scheduledDate: "Leave the date empty to send the invitations immediately.",
    emails: "Separate several addresses with commas or spaces; press Enter or Add.",
    inlineEmails: "Separate addresses with commas.",
  },
  list: {
    heading: "Family Story Collections",
    empty: "No campaigns yet",
    emptyAction: "Create Your First Campaign",
  },
} as const;

const STATUS_LABELS: Partial<Record<CampaignStatus, string>> = { generating_podcast: "Generating Podcast" };

export function campaignStatusLabel(status: string): string {
  const known = STATUS_LABELS[status as CampaignStatus];
  if (known) return known;
  const words = status.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const campaignListBadgeVariant = (status: string) => (status === "active" ? "default" : "secondary") as "default" | "secondary";
