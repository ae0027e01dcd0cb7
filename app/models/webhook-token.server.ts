import { webhookTokens } from "#db/schema";
import { eq, lt } from "drizzle-orm";

import { db } from "~/lib/db.server";

export function claimWebhookToken(token: string) {
  return db.insert(webhookTokens).values({ token }).onConflictDoNothing().run().changes === 1;
}

/** Gives a token back when its post could not be processed, so Mailgun's retry is accepted. */
export function releaseWebhookToken(token: string) {
  db.delete(webhookTokens).where(eq(webhookTokens.token, token)).run();
}

export function forgetOldWebhookTokens(before: Date) {
  return db.delete(webhookTokens).where(lt(webhookTokens.createdAt, before)).run().changes;
}
