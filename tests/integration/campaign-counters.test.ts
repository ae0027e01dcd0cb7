// The campaigns' story and invitation counters are kept by SQLite triggers (migration 0002): they must
// equal a real count after inserts, deletes, moves between campaigns and cascading deletes.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { campaigns, contributions, invitations } from "#db/schema";
import { db } from "~/lib/db.server";
import { createTestUser } from "../utils/auth";
import { addInvitations, addStory, makeCampaign } from "../utils/dashboard-helpers";

function counters(campaignId: string) {
  const row = db.select({ stories: campaigns.storyCount, invited: campaigns.invitedCount }).from(campaigns).where(eq(campaigns.id, campaignId)).get()!;
  const real = {
    stories: db.get<{ n: number }>(sql`select count(*) as n from ${contributions} where ${contributions.campaignId} = ${campaignId}`).n,
    invited: db.get<{ n: number }>(sql`select count(*) as n from ${invitations} where ${invitations.campaignId} = ${campaignId}`).n,
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
    const moved = db.select({ id: invitations.id }).from(invitations).where(eq(invitations.campaignId, a.id)).limit(1).get()!;
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
