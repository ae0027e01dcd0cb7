// Exactly as the spec gives them; strings it leaves open are marked.
import type { campaignStatuses } from "#db/schema";

import { displayAddress } from "~/lib/display-address";

export type CampaignStatus = (typeof campaignStatuses)[number];

export const campaignMessages = {
  validation: {
    titleRequired: "Title is required",
    titleTooLong: "Title too long",
    promptDetailed: "Please provide a detailed prompt for your family",
    // Not in the spec: a scheduled date that cannot be read.
    scheduledDateInvalid: "Please enter a valid date and time",
  },
  created: (title: string, recipients: number) => ({
    title: "Story Collection Created!",
    description: `Successfully created "${title}" and sent invitations to ${recipients} recipients.`,
  }),
  createFailed: { title: "Failed to Create Collection", description: "Failed to create collection" },
  noRecipients: {
    title: "No Recipients",
    description: "Please add at least one email address to send invitations to.",
  },
  hints: {
    title: "The title appears in the subject line of the invitation e-mail.",
    scheduledDate: "Leave the date empty to send the invitations immediately.",
    emails:
      "Separate several addresses with commas or spaces; add a name as Aunt Rosa <rosa@example.com>. Press Enter or Add.",
  },
  recipientName: (email: string) => `Name for ${displayAddress(email)}`,
  renameRecipient: (email: string) => `Name ${displayAddress(email)}`,
  // Not in the spec: the owner's list of invitees and the resend button.
  invitees: {
    heading: "Invited relatives",
    summary: (answered: number, total: number) => `${answered} of ${total} answered`,
    status: {
      not_sent: "Not sent yet",
      invited: "Invited",
      reminded: "Reminded",
      answered: "Answered",
      not_delivered: "Not delivered",
      unsubscribed: "Unsubscribed",
    },
    reminded: (count: number, max: number) => `${count} of ${max} reminders sent`,
    resend: "Resend invitation",
    resendTo: (email: string) => `Resend invitation to ${displayAddress(email)}`,
    resending: "Sending...",
    resent: (email: string) => ({
      title: "Invitation sent again",
      description: `The invitation was sent to ${displayAddress(email)} again.`,
    }),
    alreadyResent: (email: string) => ({
      title: "Invitation sent again",
      description: `The invitation to ${displayAddress(email)} had already been sent again.`,
    }),
    notFound: "Invitation not found",
    badRequest: "That resend request could not be read.",
    cannotResend: {
      not_sent: "This invitation has not been sent yet.",
      answered: "This relative has already answered.",
      unsubscribed: "This relative asked not to receive more e-mails.",
      closed: "This collection no longer accepts stories.",
      limit: (max: number) => `The limit of ${max} reminders has been reached.`,
      failed: "This address did not accept the invitation. Correct it and send it again.",
    },
    failedBecause: (reason: string) => `Why: ${reason}`,
    correction: {
      label: (email: string) => `Corrected address for ${displayAddress(email)}`,
      submit: "Correct and resend",
      submitting: "Sending...",
      emailRequired: "Enter the corrected e-mail address.",
      emailInvalid: "Enter a valid e-mail address.",
      sameAddress: "That is the address that did not accept the invitation. Enter a corrected one.",
      alreadyInvited: (email: string) => `${displayAddress(email)} is already invited to this collection.`,
      blocked: (email: string) =>
        `${displayAddress(email)} cannot receive e-mail from Storyhearth (it bounced or asked for no more).`,
      notFailed: "Only an invitation that was not delivered can be corrected.",
      sent: (email: string) => ({
        title: "Invitation sent again",
        description: `The invitation was sent to ${displayAddress(email)}.`,
      }),
    },
  },
  list: {
    heading: "Family Story Collections",
    empty: "No campaigns yet",
    emptyAction: "Create Your First Campaign",
  },
} as const;
