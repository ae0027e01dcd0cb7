// How an API key is shown (spec part 3 §4, §9): its display status, its usage bar and the short form
// of its hash. Deactivation is permanent, so it wins over everything; an expired key reads 'Expired'
// whether or not it is still switched on.

export type ApiKeyStatus = "Active" | "Inactive" | "Deactivated" | "Expired";

type KeyState = { isActive: boolean; deactivatedAt: Date | string | number | null; expiresAt: Date | string | number | null };

const time = (value: Date | string | number) => (value instanceof Date ? value.getTime() : new Date(value).getTime());

export function apiKeyStatus(key: KeyState, now: Date = new Date()): ApiKeyStatus {
  if (key.deactivatedAt !== null) return "Deactivated";
  if (key.expiresAt !== null && time(key.expiresAt) <= now.getTime()) return "Expired";
  return key.isActive ? "Active" : "Inactive";
}

/** Expired, inactive and deactivated keys are dimmed and offer no deactivate button. */
export const isDimmed = (status: ApiKeyStatus) => status !== "Active";
export const canDeactivate = (status: ApiKeyStatus) => status === "Active";
/** The on/off switch exists until the key is deactivated for good. */
export const canToggle = (status: ApiKeyStatus) => status !== "Deactivated";

/** The usage bar's fill, 0..100 (capped at 100); null when the key has no limit. */
export function usagePercent(usageCount: number, usageLimit: number | null): number | null {
  if (usageLimit === null || usageLimit <= 0) return null;
  return Math.min(100, Math.max(0, (usageCount / usageLimit) * 100));
}

export const KEY_HASH_PREVIEW_LENGTH = 16;
/** The first 16 characters of the key's sha256 hash. */
export const keyHashPreview = (keyHash: string) => keyHash.slice(0, KEY_HASH_PREVIEW_LENGTH);
