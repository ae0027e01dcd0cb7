// 'Opening the page records a listen' (spec part 2 §2), once per visit: a podcast opened again in
// the same browser within VISIT_MS of its last opening is the same visit and does not count again.
// The window slides, as web analytics sessions do.

export const VISIT_MS = 30 * 60 * 1000;
/** The most podcasts one browser remembers (the least recently opened are forgotten first). */
export const VISITS_MAX = 50;

export type Visits = Record<string, number>;

export function isNewVisit(visits: Visits, podcastId: string, now: number) {
  const last = visits[podcastId];
  return last === undefined || now - last >= VISIT_MS || last > now;
}

/** The visits after opening `podcastId` now: stale entries dropped, at most VISITS_MAX kept. */
export function markVisit(visits: Visits, podcastId: string, now: number): Visits {
  const fresh = Object.entries(visits).filter(([id, at]) => id !== podcastId && now - at < VISIT_MS && at <= now);
  fresh.sort((a, b) => b[1] - a[1]);
  return Object.fromEntries([[podcastId, now], ...fresh.slice(0, VISITS_MAX - 1)]);
}
