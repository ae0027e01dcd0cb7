// Lists and limits shared by the schema, the models and the browser; nothing here imports drizzle,
// so client code may import it.
export const MAX_REMINDERS = { min: 1, max: 6, default: 3 } as const;

/** How a collection's newsletters go out; the dated ones get a delivery date per position. */
export const distributionModes = [
  "manual",
  "immediate",
  "scheduled",
  "weekly",
  "monthly",
  "quarterly",
  "yearly",
] as const;
export type DistributionMode = (typeof distributionModes)[number];

/** What a prompt template is for; the admin's forms list them in the browser. */
export const promptTemplateCategories = [
  "general",
  "single_host",
  "dual_host",
  "multi_contributor",
  "holidays",
  "childhood",
  "family",
  "traditions",
  "milestones",
] as const;

/** Why an attachment of an e-mail reply was not kept (decision 0213); worded in contributions/messages.ts. */
export const attachmentRefusals = [
  "tooLarge",
  "notKept",
  "unreadableImage",
  "unreadableMessage",
  "tooMany",
  "empty",
  "secondRecording",
] as const;
export type AttachmentRefusal = (typeof attachmentRefusals)[number];
export type RefusedAttachment = { name: string; reason: AttachmentRefusal; size: number };

/** A message the reply forwarded: who wrote it, its subject and its text; `inline` when it was in the reply's own body. */
export type ForwardedMessage = { from: string; subject: string | null; text: string; inline: boolean };
