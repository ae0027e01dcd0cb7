// Deactivation is permanent, so it wins over everything; an expired key reads 'Expired' even if switched on.

export type ApiKeyStatus = "Active" | "Inactive" | "Deactivated" | "Expired";

type KeyState = {
  isActive: boolean;
  deactivatedAt: Date | string | number | null;
  expiresAt: Date | string | number | null;
};

const time = (value: Date | string | number) => (value instanceof Date ? value.getTime() : new Date(value).getTime());

export function apiKeyStatus(key: KeyState, now: Date = new Date()): ApiKeyStatus {
  if (key.deactivatedAt !== null) return "Deactivated";
  if (key.expiresAt !== null && time(key.expiresAt) <= now.getTime()) return "Expired";
  return key.isActive ? "Active" : "Inactive";
}

export const isDimmed = (status: ApiKeyStatus) => status !== "Active";
export const canDeactivate = (status: ApiKeyStatus) => status === "Active";
export const canToggle = (status: ApiKeyStatus) => status !== "Deactivated";

export function usagePercent(usageCount: number, usageLimit: number | null): number | null {
  if (usageLimit === null || usageLimit <= 0) return null;
  return Math.min(100, Math.max(0, (usageCount / usageLimit) * 100));
}

export const KEY_HASH_PREVIEW_LENGTH = 16;
export const keyHashPreview = (keyHash: string) => keyHash.slice(0, KEY_HASH_PREVIEW_LENGTH);
