// The one place that reads and writes the owner's workflow settings; the global row has campaignId null.
import { MAX_REMINDERS } from "#db/enums";
import { workflowSettings, type reminderModes } from "#db/schema";
import { and, eq, isNull } from "drizzle-orm";

import { db, type DB } from "~/lib/db.server";
import {
  dayToDate,
  isoDay,
  toDistributionSettings,
  type DistributionMode,
  type DistributionSettings,
} from "~/models/delivery-dates";

import { recalculateDeliveryDates } from "./collection-order.server";

type Row = typeof workflowSettings.$inferSelect;
type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];

export type WorkflowInput = {
  collection: {
    mode: (typeof reminderModes)[number];
    startDate: string | null;
    maxReminders: number;
    contributors: string[];
  };
  distribution: {
    mode: DistributionMode;
    scheduledDate: string | null;
    dayOfWeek: number | null;
    dayOfMonth: number | null;
    monthOfYear: number | null;
    recipients: string[];
  };
};

export type WorkflowSettings = WorkflowInput & { savedAt: Date | null };

export const DEFAULT_WORKFLOW: WorkflowSettings = {
  collection: { mode: "manual", startDate: null, maxReminders: MAX_REMINDERS.default, contributors: [] },
  distribution: {
    mode: "manual",
    scheduledDate: null,
    dayOfWeek: null,
    dayOfMonth: null,
    monthOfYear: null,
    recipients: [],
  },
  savedAt: null,
};

function globalRow(q: DB | Tx, ownerId: string) {
  return q
    .select()
    .from(workflowSettings)
    .where(and(eq(workflowSettings.ownerId, ownerId), isNull(workflowSettings.campaignId)))
    .get();
}

function fromRow(row: Row | undefined): WorkflowSettings {
  if (!row) return DEFAULT_WORKFLOW;
  return {
    collection: {
      mode: row.collectionMode,
      startDate: row.collectionStartDate ? isoDay(row.collectionStartDate) : null,
      maxReminders: row.maxReminders,
      contributors: row.contributors,
    },
    distribution: {
      mode: row.distributionMode,
      scheduledDate: row.distributionScheduledDate ? isoDay(row.distributionScheduledDate) : null,
      dayOfWeek: row.dayOfWeek,
      dayOfMonth: row.dayOfMonth,
      monthOfYear: row.monthOfYear,
      recipients: row.distributionRecipients,
    },
    savedAt: row.updatedAt,
  };
}

export function getWorkflowSettings(ownerId: string): WorkflowSettings {
  return fromRow(globalRow(db, ownerId));
}

export function getDistributionSettings(ownerId: string): DistributionSettings {
  return toDistributionSettings(getWorkflowSettings(ownerId).distribution);
}

// The upsert is by hand: SQLite treats NULL campaign ids as distinct, so the unique index cannot catch a second global row.
export function saveWorkflowSettings(ownerId: string, input: WorkflowInput, today = new Date()): WorkflowSettings {
  const values = {
    collectionMode: input.collection.mode,
    collectionStartDate: dayToDate(input.collection.startDate),
    maxReminders: input.collection.maxReminders,
    contributors: input.collection.contributors,
    distributionMode: input.distribution.mode,
    distributionScheduledDate: dayToDate(input.distribution.scheduledDate),
    dayOfWeek: input.distribution.dayOfWeek,
    dayOfMonth: input.distribution.dayOfMonth,
    monthOfYear: input.distribution.monthOfYear,
    distributionRecipients: input.distribution.recipients,
  };
  return db.transaction(
    (tx) => {
      const existing = globalRow(tx, ownerId);
      const row = existing
        ? tx.update(workflowSettings).set(values).where(eq(workflowSettings.id, existing.id)).returning().get()
        : tx
            .insert(workflowSettings)
            .values({ ownerId, campaignId: null, ...values })
            .returning()
            .get();
      recalculateDeliveryDates(tx, ownerId, toDistributionSettings(input.distribution), today);
      return fromRow(row);
    },
    { behavior: "immediate" },
  );
}
