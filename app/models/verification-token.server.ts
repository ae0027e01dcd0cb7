import { verificationTokens } from "#db/schema";
import { and, eq, gt, isNotNull, isNull } from "drizzle-orm";

import { db } from "~/lib/db.server";
import { randomToken, sha256 } from "~/lib/tokens.server";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const INVITE_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type TokenType = "reset" | "invite";

/** Issues a token; only its hash is stored, the token itself goes into the e-mail link. */
export function createVerificationToken(
  userId: string,
  type: TokenType,
  ttlMs = type === "reset" ? RESET_TOKEN_TTL_MS : INVITE_TOKEN_TTL_MS,
) {
  const token = randomToken();
  db.insert(verificationTokens)
    .values({ userId, type, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ttlMs) })
    .run();
  return token;
}

function usableToken(token: string, type: TokenType, now: Date) {
  return and(
    eq(verificationTokens.tokenHash, sha256(token)),
    eq(verificationTokens.type, type),
    isNull(verificationTokens.usedAt),
    gt(verificationTokens.expiresAt, now),
  );
}

export function isTokenUsable(token: string, type: TokenType, now = new Date()) {
  return Boolean(
    db
      .select({ id: verificationTokens.id })
      .from(verificationTokens)
      .where(usableToken(token, type, now))
      .get(),
  );
}

export function consumeVerificationToken(token: string, type: TokenType, now = new Date()) {
  const row = db
    .update(verificationTokens)
    .set({ usedAt: now })
    .where(usableToken(token, type, now))
    .returning({ userId: verificationTokens.userId })
    .get();
  return row?.userId;
}

export function hasUsedVerificationToken(userId: string, type: TokenType) {
  return Boolean(
    db
      .select({ id: verificationTokens.id })
      .from(verificationTokens)
      .where(
        and(
          eq(verificationTokens.userId, userId),
          eq(verificationTokens.type, type),
          isNotNull(verificationTokens.usedAt),
        ),
      )
      .get(),
  );
}
