export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return "—";
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

export function formatClock(seconds: number) {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

// Made on first use: the first Intl object a page makes loads ICU's locale data (decision 0185).
export function lazyIntl<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const count = lazyIntl(() => new Intl.NumberFormat("en-US"));

export const formatCount = (n: number) =>
  Number.isSafeInteger(n) && n >= 0 && !Object.is(n, -0)
    ? String(n).replace(/\B(?=(\d{3})+$)/g, ",")
    : count().format(n);

export const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;
