// E-mail replies with nothing usable in them, kept for the owner to see (decision 0120).
import { desc, eq, sql } from "drizzle-orm";
import { emptyReplies } from "#db/schema";
import { db } from "~/lib/db.server";

export type EmptyReply = typeof emptyReplies.$inferSelect;
export type NewEmptyReply = typeof emptyReplies.$inferInsert;

/** Undefined when the same message (Message-Id) was kept before. */
export function keepEmptyReply(input: NewEmptyReply) {
  return db.insert(emptyReplies).values(input).onConflictDoNothing({ target: emptyReplies.messageId }).returning().get();
}

/** Newest first. Callers check ownership first (requireOwnedCampaign). */
export function listEmptyReplies(campaignId: string) {
  return db
    .select()
    .from(emptyReplies)
    .where(eq(emptyReplies.campaignId, campaignId))
    .orderBy(desc(emptyReplies.receivedAt), desc(sql`rowid`))
    .all();
}
