// Test data for story collections, written straight to the database (Vitest and Playwright alike).
import { randomUUID } from "node:crypto";
import { campaigns, contactGroupMembers, contactGroups, contacts, contributions, invitations } from "#db/schema";
import { eq } from "drizzle-orm";

import { db } from "~/lib/db.server";

/** A contact group of the owner holding one new contact per e-mail. */
export function createGroupWithContacts(
  ownerId: string,
  emails: string[],
  name = `Family ${randomUUID().slice(0, 6)}`,
) {
  return db.transaction((tx) => {
    const group = tx.insert(contactGroups).values({ ownerId, name }).returning().get();
    for (const email of emails) {
      const contact = tx.insert(contacts).values({ ownerId, email }).returning().get();
      tx.insert(contactGroupMembers).values({ groupId: group.id, contactId: contact.id }).run();
    }
    return group;
  });
}

/** One web contribution to a campaign, so counts and the 'Create Podcast' button can be checked. */
export function addContribution(campaignId: string) {
  return db
    .insert(contributions)
    .values({
      campaignId,
      contributorName: "Aunt May",
      contributorEmail: "may@example.com",
      storyContent: "We swam every morning.",
      submissionMethod: "web",
    })
    .returning()
    .get();
}

export function campaignsOf(ownerId: string) {
  return db.select().from(campaigns).where(eq(campaigns.ownerId, ownerId)).all();
}

export function invitationsOf(campaignId: string) {
  return db.select().from(invitations).where(eq(invitations.campaignId, campaignId)).all();
}
