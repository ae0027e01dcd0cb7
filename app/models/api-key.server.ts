// Only a key's sha256 is stored; the key itself is returned once, at creation. A key is checked and its use
// counted in one UPDATE, so two calls at once cannot both pass a limit.
import { apiKeys } from "#db/schema";
import { and, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";

import { db } from "~/lib/db.server";
import { randomToken, sha256 } from "~/lib/tokens.server";
import { apiKeyStatus, keyHashPreview } from "~/models/api-key-status";

export type ApiKey = typeof apiKeys.$inferSelect;

export const API_KEY_PREFIX = "shk_";

export const generateApiKey = () => `${API_KEY_PREFIX}${randomToken(32)}`;

export function publicApiKey(key: ApiKey) {
  return {
    id: key.id,
    name: key.name,
    clientName: key.name,
    description: key.description,
    keyHash: keyHashPreview(key.keyHash),
    isActive: key.isActive,
    deactivatedAt: key.deactivatedAt,
    usageCount: key.usageCount,
    usageLimit: key.usageLimit,
    lastUsed: key.lastUsed,
    expiresAt: key.expiresAt,
    createdById: key.createdById,
    createdAt: key.createdAt,
  };
}
export type PublicApiKey = ReturnType<typeof publicApiKey>;

export type NewApiKey = {
  name: string;
  description?: string | null;
  usageLimit?: number | null;
  expiresAt?: Date | null;
};

export function createApiKey(createdById: string, input: NewApiKey) {
  const apiKey = generateApiKey();
  const row = db
    .insert(apiKeys)
    .values({
      name: input.name,
      description: input.description ?? null,
      keyHash: sha256(apiKey),
      usageLimit: input.usageLimit ?? null,
      expiresAt: input.expiresAt ?? null,
      createdById,
    })
    .returning()
    .get();
  return { key: row, apiKey };
}

export function listApiKeys() {
  return db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)).all();
}

export function listApiKeyRows(now = new Date()) {
  return listApiKeys().map((key) => ({ ...publicApiKey(key), status: apiKeyStatus(key, now) }));
}

export function getApiKey(id: string) {
  return db.select().from(apiKeys).where(eq(apiKeys.id, id)).get();
}

export type KeyChange = { ok: true; key: ApiKey } | { ok: false; status: 404 | 409 };

export function setApiKeyActive(id: string, isActive?: boolean): KeyChange {
  return db.transaction((tx) => {
    const key = tx.select().from(apiKeys).where(eq(apiKeys.id, id)).get();
    if (!key) return { ok: false, status: 404 };
    if (key.deactivatedAt) return { ok: false, status: 409 };
    const updated = tx
      .update(apiKeys)
      .set({ isActive: isActive ?? !key.isActive })
      .where(eq(apiKeys.id, id))
      .returning()
      .get();
    return { ok: true, key: updated };
  });
}

export function deactivateApiKey(id: string, now = new Date()): KeyChange {
  const key = db
    .update(apiKeys)
    .set({ isActive: false, deactivatedAt: sql`coalesce(${apiKeys.deactivatedAt}, ${now.getTime()})` })
    .where(eq(apiKeys.id, id))
    .returning()
    .get();
  return key ? { ok: true, key } : { ok: false, status: 404 };
}

export function deleteApiKey(id: string) {
  return db.delete(apiKeys).where(eq(apiKeys.id, id)).run().changes > 0;
}

export type KeyRefusal = "unknown" | "deactivated" | "inactive" | "expired" | "limit";
export type KeyCheck = { ok: true; key: ApiKey } | { ok: false; reason: KeyRefusal };

export function authenticateApiKey(presented: string, now = new Date()): KeyCheck {
  const keyHash = sha256(presented);
  const used = db
    .update(apiKeys)
    .set({ usageCount: sql`${apiKeys.usageCount} + 1`, lastUsed: now })
    .where(
      and(
        eq(apiKeys.keyHash, keyHash),
        eq(apiKeys.isActive, true),
        isNull(apiKeys.deactivatedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
        or(isNull(apiKeys.usageLimit), lt(apiKeys.usageCount, apiKeys.usageLimit)),
      ),
    )
    .returning()
    .get();
  if (used) return { ok: true, key: used };
  const key = db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).get();
  if (!key) return { ok: false, reason: "unknown" };
  if (key.deactivatedAt) return { ok: false, reason: "deactivated" };
  if (!key.isActive) return { ok: false, reason: "inactive" };
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: false, reason: "limit" };
}
