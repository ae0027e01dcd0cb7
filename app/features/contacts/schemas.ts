import { z } from "zod";

import { EMAIL_MAX, NAME_MAX, parseMailbox } from "~/lib/email-address";

import { contactMessages } from "./messages";
import { MAX_TAG_LENGTH, MAX_TAGS, normalizeTags, parseTagInput } from "./tags";

export const MAX_NAME = 200;
export const MAX_NOTES = 5000;
export const MAX_GROUP_NAME = 100;
export const MAX_DESCRIPTION = 500;
const MAX_IDS = 10_000;

const email = z
  .string({ error: contactMessages.validation.emailRequired })
  .trim()
  .min(1, { error: contactMessages.validation.emailRequired })
  .max(EMAIL_MAX + NAME_MAX + 4, { error: contactMessages.validation.email })
  .refine((value) => parseMailbox(value) !== null, { error: contactMessages.validation.email });
const optionalText = (max: number) =>
  z.string().trim().max(max, { error: contactMessages.validation.tooLong }).optional();
const cleanTags = z
  .array(z.string().max(MAX_TAG_LENGTH, { error: contactMessages.validation.tooLong }))
  .max(MAX_TAGS * 4, { error: contactMessages.validation.tooManyTags })
  .transform(normalizeTags)
  .pipe(z.array(z.string()).max(MAX_TAGS, { error: contactMessages.validation.tooManyTags }));
const groupName = z
  .string({ error: contactMessages.group.nameRequired })
  .trim()
  .min(1, { error: contactMessages.group.nameRequired })
  .max(MAX_GROUP_NAME, { error: contactMessages.validation.tooLong });
const id = z.string().min(1).max(100);

export const ContactFormSchema = z.object({
  contactId: id.optional(),
  email,
  preferredName: optionalText(MAX_NAME),
  notes: optionalText(MAX_NOTES),
  tags: z
    .string()
    .max(MAX_TAGS * (MAX_TAG_LENGTH + 2) * 4, { error: contactMessages.validation.tooLong })
    .optional()
    .transform((input, ctx) => {
      const tags = parseTagInput(input);
      if (tags.length > MAX_TAGS) ctx.addIssue({ code: "custom", message: contactMessages.validation.tooManyTags });
      if (tags.some((tag) => tag.length > MAX_TAG_LENGTH))
        ctx.addIssue({ code: "custom", message: contactMessages.validation.tooLong });
      return tags;
    }),
  isAdmin: z.boolean().default(false),
});

export const GroupFormSchema = z.object({
  groupId: id.optional(),
  name: groupName,
  description: optionalText(MAX_DESCRIPTION),
  isDefault: z.boolean().default(false),
  contactIds: z.array(id).max(MAX_IDS).default([]),
});

export const DeleteSchema = z.object({ id });

// JSON calls also accept form-encoded bodies, where every value is a string.
const nullableText = (max: number) =>
  z.string().trim().max(max, { error: contactMessages.validation.tooLong }).nullable().optional();
const boolish = z.union([z.boolean(), z.enum(["true", "false", "on"]).transform((v) => v !== "false")], {
  error: "Must be true or false",
});
const oneOrMany = <T extends z.ZodType<string>>(item: T) => z.union([z.array(item), item.transform((v) => [v])]);

export const ContactBodySchema = z.object({
  email,
  preferredName: nullableText(MAX_NAME),
  notes: nullableText(MAX_NOTES),
  tags: z
    .union([z.array(z.string()), z.string().transform((s) => s.split(","))], { error: "Tags must be a list of text" })
    .pipe(cleanTags)
    .optional(),
  isAdmin: boolish.optional(),
});
export const ContactUpdateBodySchema = ContactBodySchema.partial();

export const GroupBodySchema = z.object({
  name: groupName,
  description: nullableText(MAX_DESCRIPTION),
  isDefault: boolish.optional(),
  contactIds: oneOrMany(id).pipe(z.array(id).max(MAX_IDS)).optional(),
});
export const GroupUpdateBodySchema = GroupBodySchema.partial();

export const GroupMemberBodySchema = z.object({ contactId: id });
