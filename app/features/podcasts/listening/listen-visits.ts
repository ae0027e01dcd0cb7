// Once per visit, in a sliding window as web analytics sessions do (decision 0111).
export const VISIT_MS = 30 * 60 * 1000;
export const VISITS_MAX = 50;

export type Visits = Record<string, number>;

export function isNewVisit(visits: Visits, podcastId: string, now: number) {
  const last = visits[podcastId];
  return last === undefined || now - last >= VISIT_MS || last > now;
}

export function markVisit(visits: Visits, podcastId: string, now: number): Visits {
  const fresh = Object.entries(visits).filter(([id, at]) => id !== podcastId && now - at < VISIT_MS && at <= now);
  fresh.sort((a, b) => b[1] - a[1]);
  return Object.fromEntries([[podcastId, now], ...fresh.slice(0, VISITS_MAX - 1)]);
}
