// Test data for the stories feature, written straight into the database (Vitest and Playwright).
import { randomBytes, randomUUID } from "node:crypto";
import { campaigns, contributions, invitations, podcasts } from "#db/schema";

import { db } from "~/lib/db.server";

type CampaignOverrides = Partial<typeof campaigns.$inferInsert>;

/** An active campaign of the owner with an unguessable public id. */
export function createTestCampaign(ownerId: string, overrides: CampaignOverrides = {}) {
  return db
    .insert(campaigns)
    .values({
      ownerId,
      publicId: randomBytes(16).toString("base64url"),
      title: `Grandma's Kitchen ${randomUUID().slice(0, 8)}`,
      description: "Recipes and the stories behind them",
      prompt: "What dish reminds you of a family gathering, and why?",
      status: "active",
      ...overrides,
    })
    .returning()
    .get();
}

export function createTestInvitation(campaignId: string, email = `invitee-${randomUUID()}@example.com`) {
  return db
    .insert(invitations)
    .values({ campaignId, email, token: randomBytes(24).toString("base64url"), status: "sent", sentAt: new Date() })
    .returning()
    .get();
}

/** A stored contribution, bypassing the model (e.g. an e-mail reply with its quoted thread). */
export function insertTestContribution(campaignId: string, overrides: Partial<typeof contributions.$inferInsert> = {}) {
  return db
    .insert(contributions)
    .values({
      campaignId,
      contributorName: "Aunt May",
      contributorEmail: `may-${randomUUID()}@example.com`,
      storyContent: "We baked bread every Sunday.",
      submissionMethod: "web",
      wordCount: 5,
      ...overrides,
    })
    .returning()
    .get();
}

export function createTestPodcast(ownerId: string, campaignId: string) {
  return db
    .insert(podcasts)
    .values({ ownerId, campaignId, title: "Our Family Podcast", status: "complete", duration: 300 })
    .returning()
    .get();
}
