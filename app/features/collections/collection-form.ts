// What the one create-collection form and the actions that serve it share (decision 0121).
import type { SubmissionResult } from "@conform-to/react";
import type { Mailbox } from "~/lib/email-address";

// Works as form posts without JavaScript. Why: docs/decisions/0102-create-collection-without-js.md
export const COLLECTION_FORM_INTENT = {
  addEmails: "add-emails",
  addGroup: "add-group",
  removePrefix: "remove-recipient:",
  create: "create",
} as const;

/** What every post of the form answers when it does not redirect: the echoed fields and the chips. */
export type CollectionFormData = {
  result: SubmissionResult<string[]>;
  /** Each with the name typed with it ("Aunt Rosa <…>"); posted back as hidden inputs in that form. */
  recipients: Mailbox[];
  /** Recipients that will not be e-mailed, with why (a bounce or a spam complaint, decision 0156), by address. */
  blocked: Record<string, string>;
};

/** With JavaScript the list steps read this (a GET, so the page's loaders are not run again; decision 0164). */
export const COLLECTION_RECIPIENTS_PATH = "/resources/collection-recipients";
export type RecipientCheck = Pick<CollectionFormData, "recipients" | "blocked">;

export type CollectionFormGroup = { id: string; name: string; isDefault: boolean };
