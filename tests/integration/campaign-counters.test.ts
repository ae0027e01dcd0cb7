// The campaigns' story and invitation counters are kept by SQLite triggers (migration 0002): they must
// equal a real count after inserts, deletes, moves between campaigns and cascading deletes.
import { campaigns, contributions, invitations } from "#db/schema";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/lib/db.server";

import { createTestUser } from "../utils/auth";
import { addInvitations, addStory, makeCampaign } from "../utils/dashboard-helpers";

function counters(campaignId: string) {
  const row = db
    .select({ stories: campaigns.storyCount, invited: campaigns.invitedCount })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
    .get()!;
  const real = {
    stories: db.get<{ n: number }>(
      sql`select count(*) as n from ${contributions} where ${contributions.campaignId} = ${campaignId}`,
    ).n,
    invited: db.get<{ n: number }>(
      sql`select count(*) as n from ${invitations} where ${invitations.campaignId} = ${campaignId}`,
    ).n,
  };
  expect(row).toEqual(real);
  return row;
}

describe("campaign counters", () => {
  it("follow inserts, deletes and moves of stories and invitations", async () => {
    const owner = await createTestUser();
    const a = makeCampaign(owner.id, { title: "A" });
    const b = makeCampaign(owner.id, { title: "B" });
    expect(counters(a.id)).toEqual({ stories: 0, invited: 0 });

    const stories = [addStory(a.id), addStory(a.id), addStory(a.id)];
    addInvitations(a.id, 4);
    expect(counters(a.id)).toEqual({ stories: 3, invited: 4 });

    db.delete(contributions).where(eq(contributions.id, stories[0]!.id)).run();
    db.update(contributions).set({ campaignId: b.id }).where(eq(contributions.id, stories[1]!.id)).run();
    const moved = db
      .select({ id: invitations.id })
      .from(invitations)
      .where(eq(invitations.campaignId, a.id))
      .limit(1)
      .get()!;
    db.update(invitations).set({ campaignId: b.id }).where(eq(invitations.id, moved.id)).run();
    // An update that leaves the campaign alone changes nothing.
    db.update(contributions).set({ contributorName: "Renamed" }).where(eq(contributions.id, stories[2]!.id)).run();

    expect(counters(a.id)).toEqual({ stories: 1, invited: 3 });
    expect(counters(b.id)).toEqual({ stories: 1, invited: 1 });
  });

  it("a deleted campaign's cascade leaves the other campaigns' counters right", async () => {
    const owner = await createTestUser();
    const keep = makeCampaign(owner.id, { title: "Keep" });
    const drop = makeCampaign(owner.id, { title: "Drop" });
    addStory(keep.id);
    addStory(drop.id);
    addInvitations(drop.id, 2);
    db.delete(campaigns).where(eq(campaigns.id, drop.id)).run();
    expect(counters(keep.id)).toEqual({ stories: 1, invited: 0 });
    expect(db.select().from(contributions).where(eq(contributions.campaignId, drop.id)).all()).toEqual([]);
  });
});

describe("a story's owner column (migration 0010, decision 0146)", () => {
  const ownerOf = (id: string) =>
    db.select({ ownerId: contributions.ownerId }).from(contributions).where(eq(contributions.id, id)).get()!.ownerId;

  it("is the collection's owner after an insert, a move, a stray write and a change of the collection's owner", async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    const aliceCampaign = makeCampaign(alice.id, { title: "Alice's" });
    const bobCampaign = makeCampaign(bob.id, { title: "Bob's" });
    const story = addStory(aliceCampaign.id);
    expect(ownerOf(story.id)).toBe(alice.id);

    db.update(contributions).set({ campaignId: bobCampaign.id }).where(eq(contributions.id, story.id)).run();
    expect(ownerOf(story.id)).toBe(bob.id);
    // Whatever the code writes, SQLite puts the collection's owner back.
    db.update(contributions).set({ ownerId: alice.id }).where(eq(contributions.id, story.id)).run();
    expect(ownerOf(story.id)).toBe(bob.id);
    db.insert(contributions)
      .values({
        id: "stray-owner",
        campaignId: aliceCampaign.id,
        ownerId: bob.id,
        storyContent: "s",
        submissionMethod: "web",
      })
      .run();
    expect(ownerOf("stray-owner")).toBe(alice.id);

    db.update(campaigns).set({ ownerId: alice.id }).where(eq(campaigns.id, bobCampaign.id)).run();
    expect(ownerOf(story.id)).toBe(alice.id);
  });
});
