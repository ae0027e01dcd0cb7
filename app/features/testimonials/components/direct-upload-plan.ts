// The browser's bookkeeping for direct uploads, kept pure so it is tested without a network.

/** Tickets are "<payload>.<signature>"; chunked-upload ids ("up_…") never hold a dot. */
export const isTicket = (value: string) => /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(value);

/** Part numbers (1-based, S3's) not yet in the bucket, in order. */
export function partsToSend(total: number, received: Iterable<number>) {
  const have = new Set(received);
  return Array.from({ length: total }, (_, i) => i + 1).filter((n) => !have.has(n));
}

/** A minute's margin: a part started on a URL about to expire could be refused halfway. */
export const URL_MARGIN_MS = 60_000;
export const urlIsFresh = (signed: { expiresAt: number } | undefined, now: number) =>
  signed !== undefined && signed.expiresAt - URL_MARGIN_MS > now;
