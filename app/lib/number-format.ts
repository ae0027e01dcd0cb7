// Figures on the System Metrics page (spec part 3 §9): growth against last month with one decimal
// and a sign, money in USD, sizes in bytes made readable. Formatted with a fixed locale so the
// server's HTML and the browser's render agree.

/** A user counts as active after signing in within this many days. */
export const ACTIVE_USER_DAYS = 30;

/**
 * Percentage change from last month to this month, rounded to one decimal. With nothing last month
 * it is +100% when there is something now (all of it is new) and 0 when there is nothing either.
 */
export function growthPercent(thisMonth: number, lastMonth: number): number {
  if (lastMonth <= 0) return thisMonth > 0 ? 100 : 0;
  return Math.round(((thisMonth - lastMonth) / lastMonth) * 1000) / 10;
}

/** '+12.5%', '-3.0%', '0.0%'. */
export function formatGrowth(percent: number): string {
  const rounded = Math.round(percent * 10) / 10;
  const sign = rounded > 0 ? "+" : rounded < 0 ? "-" : "";
  return `${sign}${Math.abs(rounded).toFixed(1)}%`;
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** '$1.2345' (up to four decimals: script-writing calls cost fractions of a cent). */
export const formatUsd = (amount: number) => usd.format(amount);

/** '12.3 MB'. */
export function formatBytes(bytes: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

export const formatCount = (n: number) => n.toLocaleString("en-US");
