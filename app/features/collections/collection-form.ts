import type { SubmissionResult } from "@conform-to/react";

import type { Mailbox } from "~/lib/email-address";

// Works as form posts without JavaScript.
export const COLLECTION_FORM_INTENT = {
  addEmails: "add-emails",
  addGroup: "add-group",
  removePrefix: "remove-recipient:",
  create: "create",
} as const;

export type CollectionFormData = {
  result: SubmissionResult<string[]>;
  recipients: Mailbox[];
  blocked: Record<string, string>;
};

export const COLLECTION_RECIPIENTS_PATH = "/resources/collection-recipients";
export type RecipientCheck = Pick<CollectionFormData, "recipients" | "blocked">;

export type CollectionFormGroup = { id: string; name: string; isDefault: boolean };
