import { z } from "zod";

import { dateOutOfRangeMessage, isSensibleDate } from "~/lib/date-bounds";
import {
  EMAIL_MAX as ADDRESS_MAX,
  addressMessages,
  canonicalAddress,
  NAME_MAX,
  parseAddressList,
} from "~/lib/email-address";

import { campaignMessages } from "./messages";

// Conform turns empty inputs into undefined, so the "required" messages are also the type errors.

export const TITLE_MAX = 200;
export const PROMPT_MIN = 10;
const DESCRIPTION_MAX = 2000;
const PROMPT_MAX = 5000;
const EMAIL_MAX = ADDRESS_MAX;
const ENTRY_MAX = ADDRESS_MAX + NAME_MAX + 4;

const title = z
  .string({ error: campaignMessages.validation.titleRequired })
  .trim()
  .min(1, { error: campaignMessages.validation.titleRequired })
  .max(TITLE_MAX, { error: campaignMessages.validation.titleTooLong });
const description = z.string().trim().max(DESCRIPTION_MAX).optional();

const DATETIME_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d{1,3})?$/;

export function scheduledDateToUtc(value: string | undefined, offsetMinutes?: number): Date | null | undefined {
  if (!value) return undefined;
  const m = DATETIME_LOCAL.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(wall);
  // Date.UTC rolls Feb 31 over to March: such a value is not a real date.
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return new Date(wall + (offsetMinutes ?? 0) * 60_000);
}

export const CreateCollectionSchema = z.object({
  title,
  description,
  prompt: z
    .string({ error: campaignMessages.validation.promptDetailed })
    .trim()
    .min(PROMPT_MIN, { error: campaignMessages.validation.promptDetailed })
    .max(PROMPT_MAX),
  scheduledDate: z
    .string()
    .max(40, { error: campaignMessages.validation.scheduledDateInvalid })
    .refine((value) => scheduledDateToUtc(value) !== null, { error: campaignMessages.validation.scheduledDateInvalid })
    .refine((value) => isSensibleDate(scheduledDateToUtc(value) ?? new Date()), {
      error: () => dateOutOfRangeMessage(),
    })
    .optional(),
  timezoneOffset: z.number().int().min(-840).max(840).optional(),
  // Hidden inputs are untrusted: read like typed entries, so no blanks, duplicates or non-addresses get in.
  recipients: z
    .array(z.string().max(ENTRY_MAX))
    .transform((list) => parseAddressList(list).mailboxes)
    .pipe(
      z
        .array(z.object({ name: z.string().nullable(), email: z.string() }))
        .min(1, { error: campaignMessages.noRecipients.description }),
    ),
});

const emailList = z.union([z.array(z.string().max(ENTRY_MAX)), z.string().max(1_000_000)]).transform((value, ctx) => {
  const { mailboxes, invalid } = parseAddressList(value);
  if (invalid.length) ctx.addIssue({ code: "custom", message: addressMessages.invalidEntries(invalid) });
  return mailboxes;
});

const apiScheduledDate = z
  .union([z.string().max(100, { error: campaignMessages.validation.scheduledDateInvalid }), z.null()], {
    error: campaignMessages.validation.scheduledDateInvalid,
  })
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: "custom", message: campaignMessages.validation.scheduledDateInvalid });
      return z.NEVER;
    }
    if (!isSensibleDate(date)) {
      ctx.addIssue({ code: "custom", message: dateOutOfRangeMessage() });
      return z.NEVER;
    }
    return date;
  });

export const ApiCreateCampaignSchema = z
  .object({
    title,
    description: description.nullable().transform((d) => d || undefined),
    prompt: z
      .string({ error: campaignMessages.validation.promptDetailed })
      .trim()
      .min(1, { error: campaignMessages.validation.promptDetailed })
      .max(PROMPT_MAX),
    inviteEmails: emailList.optional(),
    emails: emailList.optional(),
    scheduledDate: apiScheduledDate,
  })
  .transform(({ inviteEmails, emails, ...rest }) => ({
    ...rest,
    inviteEmails: [...(inviteEmails ?? []), ...(emails ?? [])],
  }));

export const ResendInvitationSchema = z.object({
  invitationId: z.string().trim().min(1).max(64),
  seen: z.number().int().min(0).max(1000),
});

export const CorrectInvitationSchema = z.object({
  invitationId: z.string().trim().min(1).max(64),
  email: z
    .string({ error: campaignMessages.invitees.correction.emailRequired })
    .trim()
    .max(ENTRY_MAX, { error: campaignMessages.invitees.correction.emailInvalid })
    .transform((value) => canonicalAddress(value) ?? value)
    .pipe(
      z
        .email({ error: campaignMessages.invitees.correction.emailInvalid })
        .max(EMAIL_MAX, { error: campaignMessages.invitees.correction.emailInvalid }),
    ),
});
