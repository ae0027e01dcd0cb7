export const DASHBOARD_LIST_LIMIT = 5;

export const PERIODS = ["7d", "30d", "90d"] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: Period = "30d";
export const PERIOD_DAYS: Record<Period, number> = { "7d": 7, "30d": 30, "90d": 90 };
export const PERIOD_LABELS: Record<Period, string> = { "7d": "7 days", "30d": "30 days", "90d": "90 days" };

export const isPeriod = (value: unknown): value is Period => PERIODS.includes(value as Period);

export const periodOrDefault = (value: string | null | undefined): Period => (isPeriod(value) ? value : DEFAULT_PERIOD);

export const MANAGE_PAGE_SIZE = 25;

export const DRAG_TOUCH_DELAY_MS = 120;
export const DRAG_MOUSE_THRESHOLD_PX = 5;
/** Further than this before the long-press fires is scrolling, not dragging. */
export const DRAG_TOUCH_SLOP_PX = 10;
