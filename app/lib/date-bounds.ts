// Dates people schedule from a form or the API are kept to a sensible window (decision 0143): a
// collection dated in the year 99999 was accepted and never sent. Past dates stay allowed (they mean
// "now"), down to 2000; the future ends ten years ahead.
export const EARLIEST_YEAR = 2000;
export const YEARS_AHEAD = 10;

/** The last instant accepted, counted from `now` (the browser's clock when validating there). */
export const latestYear = (now = new Date()) => now.getUTCFullYear() + YEARS_AHEAD;

export function isSensibleDate(date: Date, now = new Date()) {
  const t = date.getTime();
  return Number.isFinite(t) && t >= Date.UTC(EARLIEST_YEAR, 0, 1) && t < Date.UTC(latestYear(now) + 1, 0, 1);
}

export const dateOutOfRangeMessage = (now = new Date()) => `Please choose a date between ${EARLIEST_YEAR} and ${latestYear(now)}`;
