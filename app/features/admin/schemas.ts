// Conform turns empty inputs into undefined, so the "required" messages are also the type errors.
import { z } from "zod";

import { scheduledDateToUtc } from "~/features/collections/schemas";
import { dateOutOfRangeMessage, isSensibleDate } from "~/lib/date-bounds";
import { addressMessages, parseAddressList } from "~/lib/email-address";

import {
  ADMIN_COLLECTIONS_PAGE_SIZE,
  CATEGORY_LABELS,
  managedTemplateCategories,
  MAX_EXPIRES_IN_DAYS,
  MAX_USAGE_LIMIT,
  promptTemplateCategories,
  simpleTemplateCategories,
  type TemplateCategory,
} from "./limits";
import { adminMessages } from "./messages";

export {
  ADMIN_COLLECTIONS_PAGE_SIZE,
  CATEGORY_LABELS,
  managedTemplateCategories,
  MAX_EXPIRES_IN_DAYS,
  MAX_USAGE_LIMIT,
  promptTemplateCategories,
  simpleTemplateCategories,
  type TemplateCategory,
};

const TITLE_MAX = 200;
const TEXT_MAX = 2000;
const PROMPT_MAX = 5000;
const TEMPLATE_PROMPT_MAX = 20_000;
const NAME_MAX = 100;

const required = (error: string, max: number) => z.string({ error }).trim().min(1, { error }).max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional();
export const idField = z.string().min(1).max(100);

const datetimeLocal = z
  .string()
  .max(40, { error: adminMessages.validation.scheduledDateInvalid })
  .refine((value) => scheduledDateToUtc(value) !== null, { error: adminMessages.validation.scheduledDateInvalid })
  .refine((value) => isSensibleDate(scheduledDateToUtc(value) ?? new Date()), { error: () => dateOutOfRangeMessage() })
  .optional();
const timezoneOffset = z.number().int().min(-840).max(840).optional();

export const CollectionFormSchema = z.object({
  title: required(adminMessages.validation.titleRequired, TITLE_MAX),
  description: optionalText(TEXT_MAX),
  prompt: required(adminMessages.validation.promptRequired, PROMPT_MAX),
  scheduledDate: datetimeLocal,
  timezoneOffset,
});

export const CampaignTabSchema = CollectionFormSchema.extend({
  emails: z
    .string({ error: adminMessages.validation.emailsRequired })
    .max(5000 * 460)
    .transform((value, ctx) => {
      const { mailboxes, invalid } = parseAddressList(value);
      if (invalid.length) ctx.addIssue({ code: "custom", message: addressMessages.invalidEntries(invalid) });
      return mailboxes;
    })
    .pipe(
      z
        .array(z.object({ name: z.string().nullable(), email: z.string() }))
        .min(1, { error: adminMessages.validation.emailsRequired })
        .max(5000),
    ),
});

const apiDate = z
  .union([z.string().max(100, { error: adminMessages.validation.scheduledDateInvalid }), z.null()], {
    error: adminMessages.validation.scheduledDateInvalid,
  })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    if (value === null || value.trim() === "") return null;
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: "custom", message: adminMessages.validation.scheduledDateInvalid });
      return z.NEVER;
    }
    if (!isSensibleDate(date)) {
      ctx.addIssue({ code: "custom", message: dateOutOfRangeMessage() });
      return z.NEVER;
    }
    return date;
  });

export const ApiCollectionSchema = z.object({
  title: required(adminMessages.validation.titleRequired, TITLE_MAX),
  description: z.string().trim().max(TEXT_MAX).nullish(),
  prompt: required(adminMessages.validation.promptRequired, PROMPT_MAX),
  scheduledDate: apiDate,
});

export const ApiCollectionUpdateSchema = z.object({
  title: required(adminMessages.validation.titleRequired, TITLE_MAX).optional(),
  description: z.string().trim().max(TEXT_MAX).nullish(),
  prompt: required(adminMessages.validation.promptRequired, PROMPT_MAX).optional(),
  scheduledDate: apiDate,
  isActive: z.boolean().optional(),
});

export const ApiToggleSchema = z.object({
  isActive: z.boolean({ error: "isActive must be true or false" }).optional(),
});

export const ReorderCollectionsSchema = z.object({
  collections: z
    .array(
      z.object({
        id: z.string({ error: "Each collection needs an id" }).min(1).max(100),
        sortOrder: z
          .number({ error: "Each collection needs a numeric sortOrder" })
          .int()
          .min(-1_000_000_000)
          .max(1_000_000_000),
        nextDeliveryDate: z.unknown().optional(),
      }),
      { error: "collections must be a list" },
    )
    .min(1, { error: "collections must not be empty" })
    .max(10_000),
});

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function expiryFromDay(day: string): Date | null {
  if (!ISO_DAY.test(day)) return null;
  const start = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== day) return null;
  return new Date(start.getTime() + DAY_MS);
}

export const expiryInDays = (days: number, now = new Date()) => new Date(now.getTime() + days * DAY_MS);

const usageLimit = z
  .number({ error: adminMessages.validation.usageLimitInteger })
  .int({ error: adminMessages.validation.usageLimitInteger })
  .min(1, { error: adminMessages.validation.usageLimitInteger })
  .max(MAX_USAGE_LIMIT, { error: adminMessages.validation.usageLimitInteger });
const expiresIn = z
  .number({ error: adminMessages.validation.expiresInInteger })
  .int({ error: adminMessages.validation.expiresInInteger })
  .min(1, { error: adminMessages.validation.expiresInInteger })
  .max(MAX_EXPIRES_IN_DAYS, { error: adminMessages.validation.expiresInInteger });

export const SimpleApiKeySchema = z.object({
  name: required(adminMessages.validation.nameRequired, NAME_MAX),
  description: optionalText(500),
  expiresAt: z
    .string()
    .refine((day) => expiryFromDay(day) !== null, { error: adminMessages.validation.expiresAtInvalid })
    .refine((day) => (expiryFromDay(day)?.getTime() ?? 0) > Date.now(), {
      error: adminMessages.validation.expiresAtPast,
    })
    .optional(),
});

export const ManageApiKeySchema = z.object({
  clientName: required(adminMessages.validation.clientNameRequired, NAME_MAX),
  usageLimit: usageLimit.optional(),
  expiresIn: expiresIn.optional(),
});

export const ApiCreateKeySchema = z
  .object({
    name: z.string().trim().max(NAME_MAX).optional(),
    clientName: z.string().trim().max(NAME_MAX).optional(),
    description: z.string().trim().max(500).nullish(),
    usageLimit: usageLimit.nullish(),
    expiresAt: apiDate,
    expiresIn: expiresIn.optional(),
  })
  .transform((body, ctx) => {
    const name = body.name || body.clientName;
    if (!name) {
      ctx.addIssue({ code: "custom", path: ["name"], message: adminMessages.validation.nameRequired });
      return z.NEVER;
    }
    const expiresAt = body.expiresAt ?? (body.expiresIn ? expiryInDays(body.expiresIn) : null);
    if (expiresAt && expiresAt.getTime() <= Date.now()) {
      ctx.addIssue({ code: "custom", path: ["expiresAt"], message: adminMessages.validation.expiresAtPast });
      return z.NEVER;
    }
    return { name, description: body.description || null, usageLimit: body.usageLimit ?? null, expiresAt };
  });

export const SimpleTemplateSchema = z.object({
  name: required(adminMessages.validation.nameRequired, NAME_MAX),
  category: z.enum(simpleTemplateCategories, { error: adminMessages.validation.categoryInvalid }),
  content: required(adminMessages.validation.contentRequired, TEMPLATE_PROMPT_MAX),
  isDefault: z.boolean().default(false),
});

export const TemplateFormSchema = z.object({
  name: required(adminMessages.validation.nameRequired, NAME_MAX),
  description: optionalText(TEXT_MAX),
  systemPrompt: required(adminMessages.validation.systemPromptRequired, TEMPLATE_PROMPT_MAX),
  category: z.enum(managedTemplateCategories, { error: adminMessages.validation.categoryInvalid }).default("general"),
  isActive: z.boolean().default(false),
  isDefault: z.boolean().default(false),
});

export const ApiCreateTemplateSchema = z
  .object({
    name: required(adminMessages.validation.nameRequired, NAME_MAX),
    description: z.string().trim().max(TEXT_MAX).nullish(),
    content: z.string().trim().max(TEMPLATE_PROMPT_MAX).optional(),
    systemPrompt: z.string().trim().max(TEMPLATE_PROMPT_MAX).optional(),
    category: z.enum(promptTemplateCategories, { error: adminMessages.validation.categoryInvalid }).optional(),
    isActive: z.boolean().optional(),
    isDefault: z.boolean().optional(),
  })
  .transform((body, ctx) => {
    const simple = body.systemPrompt === undefined && body.content !== undefined;
    const systemPrompt = simple ? body.content : body.systemPrompt;
    if (!systemPrompt) {
      ctx.addIssue({
        code: "custom",
        path: [simple ? "content" : "systemPrompt"],
        message: simple ? adminMessages.validation.contentRequired : adminMessages.validation.systemPromptRequired,
      });
      return z.NEVER;
    }
    const allowed: readonly string[] = simple ? simpleTemplateCategories : managedTemplateCategories;
    if (simple && body.category === undefined) {
      ctx.addIssue({ code: "custom", path: ["category"], message: adminMessages.validation.categoryInvalid });
      return z.NEVER;
    }
    const category = body.category ?? "general";
    if (!allowed.includes(category)) {
      ctx.addIssue({ code: "custom", path: ["category"], message: adminMessages.validation.categoryInvalid });
      return z.NEVER;
    }
    return {
      name: body.name,
      description: body.description || null,
      systemPrompt,
      category,
      isActive: body.isActive ?? true,
      isDefault: body.isDefault ?? false,
    };
  });

export const ApiUpdateTemplateSchema = z
  .object({
    name: required(adminMessages.validation.nameRequired, NAME_MAX).optional(),
    description: z.string().trim().max(TEXT_MAX).nullish(),
    systemPrompt: required(adminMessages.validation.systemPromptRequired, TEMPLATE_PROMPT_MAX).optional(),
    content: required(adminMessages.validation.contentRequired, TEMPLATE_PROMPT_MAX).optional(),
    category: z.enum(promptTemplateCategories, { error: adminMessages.validation.categoryInvalid }).optional(),
    isActive: z.boolean().optional(),
    isDefault: z.boolean().optional(),
  })
  .transform(({ content, systemPrompt, description, ...rest }) => ({
    ...rest,
    ...((systemPrompt ?? content) ? { systemPrompt: systemPrompt ?? content } : {}),
    ...(description !== undefined ? { description: description || null } : {}),
  }));

export const IdIntentSchema = z.object({ id: idField });
