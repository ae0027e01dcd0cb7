// Scheduled dates stay in a sensible window: past ones mean "now", down to 2000; the future ends ten years ahead.
export const EARLIEST_YEAR = 2000;
export const YEARS_AHEAD = 10;

export const latestYear = (now = new Date()) => now.getUTCFullYear() + YEARS_AHEAD;

export function isSensibleDate(date: Date, now = new Date()) {
  const t = date.getTime();
  return Number.isFinite(t) && t >= Date.UTC(EARLIEST_YEAR, 0, 1) && t < Date.UTC(latestYear(now) + 1, 0, 1);
}

export const dateOutOfRangeMessage = (now = new Date()) =>
  `Please choose a date between ${EARLIEST_YEAR} and ${latestYear(now)}`;
