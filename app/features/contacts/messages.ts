import { displayAddress } from "~/lib/display-address";

export const contactMessages = {
  contact: {
    created: "Contact created successfully",
    updated: "Contact updated successfully",
    deleted: "Contact deleted successfully",
    createFailed: "Failed to create contact",
    updateFailed: "Failed to update contact",
    deleteFailed: "Failed to delete contact",
    duplicateEmail: "A contact with this email already exists",
    notFound: "Contact not found",
  },
  group: {
    created: "Contact group created successfully",
    updated: "Contact group updated successfully",
    deleted: "Contact group deleted successfully",
    createFailed: "Failed to create contact group",
    updateFailed: "Failed to update contact group",
    deleteFailed: "Failed to delete contact group",
    nameRequired: "Group name is required",
    notFound: "Contact group not found",
    contactAdded: "Contact added to group",
    contactRemoved: "Contact removed from group",
  },
  validation: {
    emailRequired: "Email is required",
    email: "Please enter a valid email address",
    tooLong: "This is too long",
    tooManyTags: "Too many tags",
  },
  // Shown wherever an address that bounced or complained is typed again; the spec has none.
  blocked: {
    note: (email: string, reason: string) => `We won't e-mail ${displayAddress(email)}: ${reason}`,
    fallback: {
      undeliverable: "The address does not accept e-mail.",
      unsubscribed: "The relative asked not to get these e-mails.",
    },
  },
  loading: "Loading contacts...",
  defaultGroup: "Default group",
  adminBadge: "Admin",
  adminPrivileges: "Admin privileges",
} as const;
