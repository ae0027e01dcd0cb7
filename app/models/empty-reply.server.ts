import { emptyReplies } from "#db/schema";
import { desc, eq, sql } from "drizzle-orm";

import { db, preparedPerConnection } from "~/lib/db.server";

export type EmptyReply = typeof emptyReplies.$inferSelect;
export type NewEmptyReply = typeof emptyReplies.$inferInsert;

export function keepEmptyReply(input: NewEmptyReply) {
  return db
    .insert(emptyReplies)
    .values(input)
    .onConflictDoNothing({ target: [emptyReplies.invitationId, emptyReplies.messageId] })
    .returning()
    .get();
}

/** Newest first. Callers check ownership first (requireOwnedCampaign). */
const campaignEmptyReplies = preparedPerConnection((d) =>
  d
    .select()
    .from(emptyReplies)
    .where(eq(emptyReplies.campaignId, sql.placeholder("campaignId")))
    .orderBy(desc(emptyReplies.receivedAt), desc(sql`rowid`))
    .prepare(),
);

export function listEmptyReplies(campaignId: string) {
  return campaignEmptyReplies().all({ campaignId });
}
