// Test data for the dashboard and Manage Story Collections, written straight to the database
// (Vitest and Playwright alike), plus small readers for what the pages stored.
import { randomBytes, randomUUID } from "node:crypto";
import { campaigns, contributions, invitations, podcasts, workflowSettings } from "#db/schema";
import { asc, eq } from "drizzle-orm";

import { db } from "~/lib/db.server";

type CampaignValues = Partial<typeof campaigns.$inferInsert>;

export function makeCampaign(ownerId: string, values: CampaignValues = {}) {
  return db
    .insert(campaigns)
    .values({
      ownerId,
      publicId: randomBytes(16).toString("base64url"),
      title: `Summer stories ${randomUUID().slice(0, 8)}`,
      prompt: "What do you remember about our summers at the lake?",
      status: "pending",
      ...values,
    })
    .returning()
    .get();
}

/** `n` campaigns titled `${prefix} 1..n`, listed in that order (same sortOrder, #1 created last: newest first). */
export function makeCampaigns(ownerId: string, n: number, prefix = "Collection", base = Date.now()) {
  return Array.from({ length: n }, (_, k) =>
    makeCampaign(ownerId, { title: `${prefix} ${k + 1}`, createdAt: new Date(base - (k + 1) * 60_000) }),
  );
}

export function addStory(campaignId: string, values: Partial<typeof contributions.$inferInsert> = {}) {
  return db
    .insert(contributions)
    .values({
      campaignId,
      contributorName: "Aunt May",
      contributorEmail: `may-${randomUUID()}@example.com`,
      storyContent: "We swam in the lake every morning before breakfast.",
      submissionMethod: "web",
      wordCount: 9,
      ...values,
    })
    .returning()
    .get();
}

export function addInvitations(campaignId: string, n: number) {
  for (let i = 0; i < n; i++) {
    db.insert(invitations)
      .values({ campaignId, email: `relative-${randomUUID()}@example.com`, token: randomUUID(), status: "sent" })
      .run();
  }
}

export function addPodcast(ownerId: string, values: Partial<typeof podcasts.$inferInsert> = {}) {
  return db
    .insert(podcasts)
    .values({
      ownerId,
      title: `Family podcast ${randomUUID().slice(0, 6)}`,
      status: "complete",
      duration: 185,
      listens: 0,
      ...values,
    })
    .returning()
    .get();
}

/** The owner's collections in stored sortOrder (then list order). */
export function storedOrder(ownerId: string) {
  return db
    .select({
      id: campaigns.id,
      title: campaigns.title,
      sortOrder: campaigns.sortOrder,
      nextDeliveryDate: campaigns.nextDeliveryDate,
    })
    .from(campaigns)
    .where(eq(campaigns.ownerId, ownerId))
    .orderBy(asc(campaigns.sortOrder))
    .all();
}

export function workflowRows(ownerId: string) {
  return db.select().from(workflowSettings).where(eq(workflowSettings.ownerId, ownerId)).all();
}

export { toastOf } from "./admin-auth-helpers";

/** How many SQL statements `run` prepares (better-sqlite3 prepares once per statement drizzle runs). */
export async function countStatements(run: () => Promise<unknown>) {
  const { getDb } = await import("~/lib/db.server");
  const client = getDb().$client;
  const original = client.prepare;
  let count = 0;
  client.prepare = ((source: string) => {
    count++;
    return original.call(client, source);
  }) as typeof client.prepare;
  try {
    await run();
  } finally {
    client.prepare = original;
  }
  return count;
}
