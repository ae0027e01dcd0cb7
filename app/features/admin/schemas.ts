// The administrator's forms and JSON bodies (spec part 3 §5, §7): one schema per form, used by the
// page action (authoritative) and by Conform in the browser, plus the bodies of the /api/admin calls.
// Conform turns empty inputs into undefined, so the "required" messages are also the type errors.
import { z } from "zod";
import type { promptTemplateCategories as schemaCategories } from "#db/schema";
import { adminMessages } from "./messages";
import { scheduledDateToUtc } from "~/features/collections/schemas";
import { splitLines } from "~/lib/email-split";
import { messages } from "~/features/account/messages";

const v = adminMessages.validation;

const TITLE_MAX = 200;
const TEXT_MAX = 2000;
const PROMPT_MAX = 5000;
const TEMPLATE_PROMPT_MAX = 20_000;
const NAME_MAX = 100;
export const MAX_EXPIRES_IN_DAYS = 3650;
export const MAX_USAGE_LIMIT = 1_000_000_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const required = (error: string, max: number) => z.string({ error }).trim().min(1, { error }).max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional();
export const idField = z.string().min(1).max(100);

// ── story collections ─────────────────────────────────────────────────────

/** The admin Story Collections list shows this many to a page. */
export const ADMIN_COLLECTIONS_PAGE_SIZE = 50;

const datetimeLocal = z
  .string()
  .refine((value) => scheduledDateToUtc(value) !== null, { error: v.scheduledDateInvalid })
  .optional();
/** The browser's offset for the chosen moment (see scheduledDateToUtc); the widest real offsets are ±14 h. */
const timezoneOffset = z.number().int().min(-840).max(840).optional();

/** New Collection and Edit dialogs: title and prompt required; description and a datetime-local optional. */
export const CollectionFormSchema = z.object({
  title: required(v.titleRequired, TITLE_MAX),
  description: optionalText(TEXT_MAX),
  prompt: required(v.promptRequired, PROMPT_MAX),
  scheduledDate: datetimeLocal,
  timezoneOffset,
});

/** Create New → Story Collection: as above, plus the recipients one per line (trimmed, blanks dropped). */
export const CampaignTabSchema = CollectionFormSchema.extend({
  emails: z
    .string({ error: v.emailsRequired })
    .transform(splitLines)
    .pipe(
      z
        .array(z.string().max(254).regex(EMAIL, { error: messages.validation.email }))
        .min(1, { error: v.emailsRequired })
        .max(5000),
    ),
});

/** Any date string the JSON calls accept (ISO 8601 or datetime-local), or null to clear. */
const apiDate = z
  .union([z.string().max(100), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    if (value === null || value.trim() === "") return null;
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: "custom", message: v.scheduledDateInvalid });
      return z.NEVER;
    }
    return date;
  });

/** POST /api/admin/story-collections. */
export const ApiCollectionSchema = z.object({
  title: required(v.titleRequired, TITLE_MAX),
  description: z.string().trim().max(TEXT_MAX).nullish(),
  prompt: required(v.promptRequired, PROMPT_MAX),
  scheduledDate: apiDate,
});

/** PUT /api/admin/story-collections/{id}: any of the editable fields. */
export const ApiCollectionUpdateSchema = z.object({
  title: required(v.titleRequired, TITLE_MAX).optional(),
  description: z.string().trim().max(TEXT_MAX).nullish(),
  prompt: required(v.promptRequired, PROMPT_MAX).optional(),
  scheduledDate: apiDate,
  isActive: z.boolean().optional(),
});

/** POST /api/admin/story-collections/{id}/toggle { isActive }; without it the state flips. */
export const ApiToggleSchema = z.object({ isActive: z.boolean({ error: "isActive must be true or false" }).optional() });

/** POST /api/admin/story-collections/reorder { collections: [{ id, sortOrder, nextDeliveryDate? }] } (owner and admin alike). */
export const ReorderCollectionsSchema = z.object({
  collections: z
    .array(
      z.object({
        id: z.string({ error: "Each collection needs an id" }).min(1).max(100),
        sortOrder: z.number({ error: "Each collection needs a numeric sortOrder" }).int().min(-1_000_000_000).max(1_000_000_000),
        nextDeliveryDate: z.unknown().optional(),
      }),
      { error: "collections must be a list" },
    )
    .min(1, { error: "collections must not be empty" })
    .max(10_000),
});

// ── API keys ──────────────────────────────────────────────────────────────

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A `<input type="date">` expiry: the key works through that whole day (UTC), so it expires at the next midnight. */
export function expiryFromDay(day: string): Date | null {
  if (!ISO_DAY.test(day)) return null;
  const start = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== day) return null;
  return new Date(start.getTime() + DAY_MS);
}

/** expiresIn days from now. */
export const expiryInDays = (days: number, now = new Date()) => new Date(now.getTime() + days * DAY_MS);

const usageLimit = z
  .number({ error: v.usageLimitInteger })
  .int({ error: v.usageLimitInteger })
  .min(1, { error: v.usageLimitInteger })
  .max(MAX_USAGE_LIMIT, { error: v.usageLimitInteger });
const expiresIn = z
  .number({ error: v.expiresInInteger })
  .int({ error: v.expiresInInteger })
  .min(1, { error: v.expiresInInteger })
  .max(MAX_EXPIRES_IN_DAYS, { error: v.expiresInInteger });

/** Create New → API Key (the simple form): name required; description and an expiry day optional. */
export const SimpleApiKeySchema = z.object({
  name: required(v.nameRequired, NAME_MAX),
  description: optionalText(500),
  expiresAt: z
    .string()
    .refine((day) => expiryFromDay(day) !== null, { error: v.expiresAtInvalid })
    .refine((day) => (expiryFromDay(day)?.getTime() ?? 0) > Date.now(), { error: v.expiresAtPast })
    .optional(),
});

/** The management dialog: clientName required; usageLimit and expiresIn (days) optional integers. */
export const ManageApiKeySchema = z.object({
  clientName: required(v.clientNameRequired, NAME_MAX),
  usageLimit: usageLimit.optional(),
  expiresIn: expiresIn.optional(),
});

/** POST /api/admin/api-keys: { name, description, expiresAt } or { clientName, usageLimit, expiresAt }. */
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
      ctx.addIssue({ code: "custom", path: ["name"], message: v.nameRequired });
      return z.NEVER;
    }
    const expiresAt = body.expiresAt ?? (body.expiresIn ? expiryInDays(body.expiresIn) : null);
    if (expiresAt && expiresAt.getTime() <= Date.now()) {
      ctx.addIssue({ code: "custom", path: ["expiresAt"], message: v.expiresAtPast });
      return z.NEVER;
    }
    return { name, description: body.description || null, usageLimit: body.usageLimit ?? null, expiresAt };
  });

// ── prompt templates ──────────────────────────────────────────────────────

/** Every template category (the schema's list, restated here because this module reaches the browser). */
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
] as const satisfies typeof schemaCategories;

/** Categories of the simple Create New form. */
export const simpleTemplateCategories = ["holidays", "childhood", "family", "traditions", "milestones", "general"] as const;
/** Categories of the management page, one per script format the script writer uses (plus general). */
export const managedTemplateCategories = ["general", "single_host", "dual_host", "multi_contributor"] as const;
export type TemplateCategory = (typeof schemaCategories)[number];

export const CATEGORY_LABELS: Record<TemplateCategory, string> = {
  general: "General",
  single_host: "Single Host",
  dual_host: "Dual Host",
  multi_contributor: "Multi-Contributor",
  holidays: "Holidays",
  childhood: "Childhood",
  family: "Family",
  traditions: "Traditions",
  milestones: "Milestones",
};

/** Create New → Prompt Template: name, category and content required; isDefault a checkbox. */
export const SimpleTemplateSchema = z.object({
  name: required(v.nameRequired, NAME_MAX),
  category: z.enum(simpleTemplateCategories, { error: v.categoryInvalid }),
  content: required(v.contentRequired, TEMPLATE_PROMPT_MAX),
  isDefault: z.boolean().default(false),
});

/** The management page's create and edit form. A checkbox left unticked is absent, so both default to false here. */
export const TemplateFormSchema = z.object({
  name: required(v.nameRequired, NAME_MAX),
  description: optionalText(TEXT_MAX),
  systemPrompt: required(v.systemPromptRequired, TEMPLATE_PROMPT_MAX),
  category: z.enum(managedTemplateCategories, { error: v.categoryInvalid }).default("general"),
  isActive: z.boolean().default(false),
  isDefault: z.boolean().default(false),
});

/**
 * POST /api/admin/prompt-templates: the simple shape { name, category, content, isDefault } or the
 * management shape { name, description, systemPrompt, category, isActive, isDefault } (isActive
 * defaults to true, isDefault to false, category to general). Each shape keeps its own categories.
 */
export const ApiCreateTemplateSchema = z
  .object({
    name: required(v.nameRequired, NAME_MAX),
    description: z.string().trim().max(TEXT_MAX).nullish(),
    content: z.string().trim().max(TEMPLATE_PROMPT_MAX).optional(),
    systemPrompt: z.string().trim().max(TEMPLATE_PROMPT_MAX).optional(),
    category: z.enum(promptTemplateCategories, { error: v.categoryInvalid }).optional(),
    isActive: z.boolean().optional(),
    isDefault: z.boolean().optional(),
  })
  .transform((body, ctx) => {
    const simple = body.systemPrompt === undefined && body.content !== undefined;
    const systemPrompt = simple ? body.content : body.systemPrompt;
    if (!systemPrompt) {
      ctx.addIssue({ code: "custom", path: [simple ? "content" : "systemPrompt"], message: simple ? v.contentRequired : v.systemPromptRequired });
      return z.NEVER;
    }
    const allowed: readonly string[] = simple ? simpleTemplateCategories : managedTemplateCategories;
    if (simple && body.category === undefined) {
      ctx.addIssue({ code: "custom", path: ["category"], message: v.categoryInvalid });
      return z.NEVER;
    }
    const category = body.category ?? "general";
    if (!allowed.includes(category)) {
      ctx.addIssue({ code: "custom", path: ["category"], message: v.categoryInvalid });
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

/** PUT /api/admin/prompt-templates/{id}: any template field (content is accepted for systemPrompt). */
export const ApiUpdateTemplateSchema = z
  .object({
    name: required(v.nameRequired, NAME_MAX).optional(),
    description: z.string().trim().max(TEXT_MAX).nullish(),
    systemPrompt: required(v.systemPromptRequired, TEMPLATE_PROMPT_MAX).optional(),
    content: required(v.contentRequired, TEMPLATE_PROMPT_MAX).optional(),
    category: z.enum(promptTemplateCategories, { error: v.categoryInvalid }).optional(),
    isActive: z.boolean().optional(),
    isDefault: z.boolean().optional(),
  })
  .transform(({ content, systemPrompt, description, ...rest }) => ({
    ...rest,
    ...(systemPrompt ?? content ? { systemPrompt: systemPrompt ?? content } : {}),
    ...(description !== undefined ? { description: description || null } : {}),
  }));

// ── small page intents ────────────────────────────────────────────────────

export const IdIntentSchema = z.object({ id: idField });
