// The delivery-date rule (spec part 1, §4), in UTC days only: local-time getters would shift a stored date by a day.
import type { DistributionMode } from "#db/enums";

import { formatDay } from "../lib/format-date";

export type { DistributionMode };

export type DistributionSettings = {
  mode: DistributionMode;
  scheduledDate?: Date | null;
  dayOfWeek?: number | null;
  dayOfMonth?: number | null;
  monthOfYear?: number | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;

const isValidDate = (d: Date | null | undefined): d is Date => d instanceof Date && !Number.isNaN(d.getTime());
const inRange = (n: number | null | undefined, min: number, max: number): n is number =>
  typeof n === "number" && Number.isInteger(n) && n >= min && n <= max;

const utcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

function cappedDay(year: number, month: number, day: number): Date {
  const first = new Date(Date.UTC(year, month, 1)); // normalises month overflow into the year
  const y = first.getUTCFullYear();
  const m = first.getUTCMonth();
  return new Date(Date.UTC(y, m, Math.min(day, daysInMonth(y, m))));
}

function monthlyDate(start: Date, day: number, stepMonths: number, index: number): Date {
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth();
  const baseMonth = cappedDay(y, m, day).getTime() >= start.getTime() ? m : m + 1;
  return cappedDay(y, baseMonth + stepMonths * index, day);
}

export function deliveryDateFor(settings: DistributionSettings, index: number, today: Date): Date | null {
  if (!Number.isInteger(index) || index < 0) return null;
  const { mode, dayOfWeek, dayOfMonth, monthOfYear } = settings;
  const scheduled = isValidDate(settings.scheduledDate) ? utcDay(settings.scheduledDate) : null;
  const start = scheduled ?? (isValidDate(today) ? utcDay(today) : null);

  switch (mode) {
    case "manual":
    case "immediate":
      return null;
    case "scheduled":
      return scheduled ? addDays(scheduled, index) : null;
    case "weekly": {
      if (!start || !inRange(dayOfWeek, 0, 6)) return null;
      const ahead = (dayOfWeek - start.getUTCDay() + 7) % 7; // 0 when start is already that weekday
      return addDays(start, ahead + 7 * index);
    }
    case "monthly":
    case "quarterly":
      if (!start || !inRange(dayOfMonth, 1, 31)) return null;
      return monthlyDate(start, dayOfMonth, mode === "monthly" ? 1 : 3, index);
    case "yearly": {
      if (!start || !inRange(monthOfYear, 1, 12) || !inRange(dayOfMonth, 1, 31)) return null;
      const y = start.getUTCFullYear();
      const month = monthOfYear - 1;
      const baseYear = cappedDay(y, month, dayOfMonth).getTime() >= start.getTime() ? y : y + 1;
      return cappedDay(baseYear + index, month, dayOfMonth);
    }
    default:
      return null;
  }
}

export function deliveryDates(settings: DistributionSettings, count: number, today: Date): Array<Date | null> {
  const n = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
  return Array.from({ length: n }, (_, i) => deliveryDateFor(settings, i, today));
}

export function formatDeliveryDate(date: Date | null | undefined): string {
  return isValidDate(date) ? formatDay(date) : "Not scheduled";
}

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);
export const dayToDate = (day: string | null) => (day ? new Date(`${day}T00:00:00.000Z`) : null);

export function toDistributionSettings(
  d: Omit<DistributionSettings, "scheduledDate"> & { scheduledDate: string | null },
): DistributionSettings {
  return {
    mode: d.mode,
    scheduledDate: dayToDate(d.scheduledDate),
    dayOfWeek: d.dayOfWeek,
    dayOfMonth: d.dayOfMonth,
    monthOfYear: d.monthOfYear,
  };
}
