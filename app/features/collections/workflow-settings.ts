import { MAX_REMINDERS } from "#db/enums";
import { z } from "zod";

import { dateOutOfRangeMessage, isSensibleDate } from "~/lib/date-bounds";
import { addressMessages, formatMailbox, parseAddressList } from "~/lib/email-address";
import type { WorkflowInput } from "~/models/workflow.server";

import { dashboardMessages } from "./dashboard-messages";
import { DAY_OF_MONTH, DISTRIBUTION_MODES, REMINDER_MODES } from "./workflow-options";

export * from "./workflow-options";

const MAX_ENTRIES = 500;
const MAX_ENTRY_LENGTH = 460;
const MAX_LIST_TEXT = MAX_ENTRIES * (MAX_ENTRY_LENGTH + 2);

// An entry that is not an address is refused by name, never dropped in silence (decision 0195).
function addressEntries(value: string | readonly string[] | undefined, ctx: z.RefinementCtx): string[] {
  const { mailboxes, invalid } = parseAddressList(value ?? "");
  if (invalid.length) ctx.addIssue({ code: "custom", message: addressMessages.invalidEntries(invalid) });
  if (mailboxes.length > MAX_ENTRIES) ctx.addIssue({ code: "custom", message: `At most ${MAX_ENTRIES} addresses` });
  return mailboxes.map(formatMailbox);
}
const addressText = z.string().max(MAX_LIST_TEXT).optional().transform(addressEntries);

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Use the date format YYYY-MM-DD" })
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    {
      error: "Not a real date",
    },
  )
  .refine((s) => Number.isNaN(Date.parse(`${s}T00:00:00Z`)) || isSensibleDate(new Date(`${s}T00:00:00Z`)), {
    error: () => dateOutOfRangeMessage(),
  });

const reminderMode = z.enum(REMINDER_MODES, { error: "Choose a reminder mode" });
const distributionMode = z.enum(DISTRIBUTION_MODES, { error: "Choose a distribution mode" });
const maxReminders = z
  .number({ error: `Max reminders is ${MAX_REMINDERS.min} to ${MAX_REMINDERS.max}` })
  .int()
  .min(MAX_REMINDERS.min, { error: `Max reminders is ${MAX_REMINDERS.min} to ${MAX_REMINDERS.max}` })
  .max(MAX_REMINDERS.max, { error: `Max reminders is ${MAX_REMINDERS.min} to ${MAX_REMINDERS.max}` });
const dayOfWeek = z
  .number({ error: "Day of week is 0 (Sunday) to 6" })
  .int()
  .min(0)
  .max(6, { error: "Day of week is 0 (Sunday) to 6" });
const dayOfMonth = z
  .number({ error: "Day of month is 1 to 31" })
  .int()
  .min(DAY_OF_MONTH.min, { error: "Day of month is 1 to 31" })
  .max(DAY_OF_MONTH.max, { error: "Day of month is 1 to 31" });
const monthOfYear = z
  .number({ error: "Month is 1 to 12" })
  .int()
  .min(1, { error: "Month is 1 to 12" })
  .max(12, { error: "Month is 1 to 12" });

export const WorkflowFormSchema = z.object({
  intent: z.literal("workflows"),
  collectionMode: reminderMode.default("manual"),
  startDate: isoDate.optional(),
  maxReminders: maxReminders.default(MAX_REMINDERS.default),
  contributors: addressText,
  distributionMode: distributionMode.default("manual"),
  scheduledDate: isoDate.optional(),
  dayOfWeek: dayOfWeek.optional(),
  dayOfMonth: dayOfMonth.optional(),
  monthOfYear: monthOfYear.optional(),
  recipients: addressText,
});

const entryList = z.array(z.string().max(MAX_ENTRY_LENGTH)).max(MAX_ENTRIES).transform(addressEntries);

export const WorkflowJsonSchema = z.object({
  collectionId: z.null({ error: dashboardMessages.api.perCollectionUnsupported }).optional(),
  collectionWorkflow: z
    .object({
      mode: reminderMode.default("manual"),
      startDate: isoDate.nullish(),
      maxReminders: maxReminders.default(MAX_REMINDERS.default),
      contributors: entryList.default([]),
    })
    .default({ mode: "manual", maxReminders: MAX_REMINDERS.default, contributors: [] }),
  distributionWorkflow: z
    .object({
      mode: distributionMode.default("manual"),
      scheduledDate: isoDate.nullish(),
      dayOfWeek: dayOfWeek.nullish(),
      dayOfMonth: dayOfMonth.nullish(),
      monthOfYear: monthOfYear.nullish(),
      recipients: entryList.default([]),
    })
    .default({ mode: "manual", recipients: [] }),
});

export function workflowInputFromForm(v: z.infer<typeof WorkflowFormSchema>): WorkflowInput {
  return {
    collection: {
      mode: v.collectionMode,
      startDate: v.startDate ?? null,
      maxReminders: v.maxReminders,
      contributors: v.contributors,
    },
    distribution: {
      mode: v.distributionMode,
      scheduledDate: v.scheduledDate ?? null,
      dayOfWeek: v.dayOfWeek ?? null,
      dayOfMonth: v.dayOfMonth ?? null,
      monthOfYear: v.monthOfYear ?? null,
      recipients: v.recipients,
    },
  };
}

export function workflowInputFromJson(v: z.infer<typeof WorkflowJsonSchema>): WorkflowInput {
  const c = v.collectionWorkflow;
  const d = v.distributionWorkflow;
  return {
    collection: {
      mode: c.mode,
      startDate: c.startDate ?? null,
      maxReminders: c.maxReminders,
      contributors: c.contributors,
    },
    distribution: {
      mode: d.mode,
      scheduledDate: d.scheduledDate ?? null,
      dayOfWeek: d.dayOfWeek ?? null,
      dayOfMonth: d.dayOfMonth ?? null,
      monthOfYear: d.monthOfYear ?? null,
      recipients: d.recipients,
    },
  };
}
