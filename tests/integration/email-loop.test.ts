import { campaigns, contacts, invitations, workflowSettings } from "#db/schema";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { db } from "~/lib/db.server";
import { createCampaign } from "~/models/campaign.server";

import { MAILGUN, makeCollection, startMailLoop, unsubscribePathOf } from "../support/email-loop";

let loop: Awaited<ReturnType<typeof startMailLoop>>;
beforeAll(async () => {
  loop = await startMailLoop();
});
afterAll(async () => {
  await loop.fake.close();
});
afterEach(() => {
  loop.clock.setClock(null);
  loop.fake.requests.length = 0;
});

const DAY = 86_400_000;
const sentTo = (address: string) =>
  loop.fake.requests.filter((r) => r.field("to") === address && r.path.endsWith("/messages"));
const invitation = (id: string) => db.select().from(invitations).where(eq(invitations.id, id)).get()!;

describe("invitations", () => {
  it("greet each relative by the name the owner knows them by, else 'Hi there,' (decision 0195)", async () => {
    const { owner } = makeCollection({ emails: [] });
    db.insert(contacts)
      .values({ ownerId: owner.id, email: "uncle.bob@example.com", preferredName: "Uncle Robert" })
      .run();
    const suffix = Math.random().toString(36).slice(2, 8);
    const rosa = `aunt.rosa.${suffix}@example.com`;
    createCampaign(owner.id, {
      title: "Names",
      prompt: "What do you remember?",
      inviteEmails: [
        { name: "Aunt Rosa", email: rosa },
        { name: "Bob", email: "uncle.bob@example.com" },
        "Plain <plain@example.com>",
        `nobody.${suffix}@example.com`,
      ],
    });
    await loop.invitationsJob.dispatchDueInvitations();
    expect(sentTo(rosa)[0]!.field("text")).toMatch(/^Hi Aunt Rosa,/);
    expect(sentTo(rosa)[0]!.field("html")).toContain("Hi Aunt Rosa,");
    // The owner's contact name comes before the one typed with the address.
    expect(sentTo("uncle.bob@example.com").at(-1)!.field("text")).toMatch(/^Hi Uncle Robert,/);
    expect(sentTo("plain@example.com").at(-1)!.field("text")).toMatch(/^Hi Plain,/);
    expect(sentTo(`nobody.${suffix}@example.com`)[0]!.field("text")).toMatch(/^Hi there,/);
  });

  it("a collection without a date sends each recipient a personal e-mail at once", async () => {
    const {
      campaign,
      invitations: [ann, ben],
    } = makeCollection({ emails: ["ann@example.com", "ben@example.com"], title: "Holiday Traditions" });
    expect(await loop.invitationsJob.dispatchDueInvitations()).toBeGreaterThanOrEqual(2);

    const [mail] = sentTo("ann@example.com");
    expect(mail).toBeDefined();
    expect(mail!.authUser).toBe("api");
    expect(mail!.domain).toBe(MAILGUN.domain);
    expect(mail!.field("subject")).toContain("Holiday Traditions");
    expect(mail!.headers["Reply-To"]).toBe(`reply+${ann!.token}@${MAILGUN.domain}`);
    // The collection's own unsubscribe link, not the invitation's token: it is never replaced (decision 0200).
    expect(mail!.headers["List-Unsubscribe"]).toBe(
      `<http://127.0.0.1:3999${unsubscribePathOf(campaign.id, "ann@example.com")}>`,
    );
    expect(mail!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail!.field("text")).toContain(`/contribute/${campaign.publicId}?t=${ann!.token}`);
    expect(mail!.field("text")).toContain("What is your favourite family trip?");
    expect(mail!.field("html")).toContain("Share my story");
    expect(sentTo("ben@example.com")).toHaveLength(1);

    expect(invitation(ann!.id)).toMatchObject({ status: "sent" });
    expect(invitation(ben!.id).sentAt).toBeInstanceOf(Date);
    expect(db.select().from(campaigns).where(eq(campaigns.id, campaign.id)).get()?.sentDate).toBeInstanceOf(Date);

    // Running again sends nothing new.
    await loop.invitationsJob.dispatchDueInvitations();
    expect(sentTo("ann@example.com")).toHaveLength(1);
  });

  it("a scheduled collection waits for its date", async () => {
    const start = new Date("2027-03-01T09:00:00Z");
    loop.clock.setClock(start);
    const {
      campaign,
      invitations: [cara],
    } = makeCollection({ emails: ["cara@example.com"], scheduledDate: new Date("2027-03-05T08:00:00Z") });
    await loop.invitationsJob.dispatchDueInvitations();
    expect(sentTo("cara@example.com")).toHaveLength(0);
    expect(invitation(cara!.id).status).toBe("pending");

    loop.clock.setClock(new Date("2027-03-05T08:00:01Z"));
    await loop.invitationsJob.dispatchDueInvitations();
    expect(sentTo("cara@example.com")).toHaveLength(1);
    const after = db.select().from(campaigns).where(eq(campaigns.id, campaign.id)).get()!;
    expect(after.status).toBe("active");
    expect(after.sentDate?.toISOString()).toBe("2027-03-05T08:00:01.000Z");
  });

  it("an inactive collection sends nothing", async () => {
    const { campaign } = makeCollection({ emails: ["dora@example.com"] });
    db.update(campaigns).set({ isActive: false }).where(eq(campaigns.id, campaign.id)).run();
    await loop.invitationsJob.dispatchDueInvitations();
    expect(sentTo("dora@example.com")).toHaveLength(0);
  });
});

describe("reminders", () => {
  async function sentCollection(address: string, mode: "weekly" | "biweekly" | "monthly" | "manual", maxReminders = 3) {
    loop.clock.setClock(new Date("2027-01-31T10:00:00Z"));
    const made = makeCollection({ emails: [address] });
    db.insert(workflowSettings).values({ ownerId: made.owner.id, collectionMode: mode, maxReminders }).run();
    await loop.invitationsJob.dispatchDueInvitations();
    expect(sentTo(address)).toHaveLength(1);
    return made.invitations[0]!;
  }
  const reminders = (address: string) => sentTo(address).filter((r) => r.field("subject")?.startsWith("Reminder:"));

  it("weekly: one a week, never two in one week, never more than the maximum", async () => {
    const inv = await sentCollection("weekly@example.com", "weekly", 2);
    loop.clock.advanceClock(6 * DAY);
    await loop.remindersJob.sendDueReminders();
    expect(reminders("weekly@example.com")).toHaveLength(0);

    loop.clock.advanceClock(1 * DAY);
    await loop.remindersJob.sendDueReminders();
    await loop.remindersJob.sendDueReminders();
    expect(reminders("weekly@example.com")).toHaveLength(1);
    expect(reminders("weekly@example.com")[0]!.headers["Reply-To"]).toBe(`reply+${inv.token}@${MAILGUN.domain}`);

    loop.clock.advanceClock(7 * DAY);
    await loop.remindersJob.sendDueReminders();
    loop.clock.advanceClock(7 * DAY);
    await loop.remindersJob.sendDueReminders();
    expect(reminders("weekly@example.com")).toHaveLength(2);
    expect(invitation(inv.id).reminderCount).toBe(2);
  });

  it("biweekly waits fourteen days and monthly one calendar month (Jan 31 → Feb 28)", async () => {
    await sentCollection("biweekly@example.com", "biweekly");
    await sentCollection("monthly@example.com", "monthly");
    loop.clock.setClock(new Date("2027-02-13T10:00:00Z"));
    await loop.remindersJob.sendDueReminders();
    expect(reminders("biweekly@example.com")).toHaveLength(0);
    loop.clock.setClock(new Date("2027-02-14T10:00:00Z"));
    await loop.remindersJob.sendDueReminders();
    expect(reminders("biweekly@example.com")).toHaveLength(1);
    expect(reminders("monthly@example.com")).toHaveLength(0);
    loop.clock.setClock(new Date("2027-02-28T10:00:00Z"));
    await loop.remindersJob.sendDueReminders();
    expect(reminders("monthly@example.com")).toHaveLength(1);
  });

  it("manual mode sends none, and an answer stops them", async () => {
    await sentCollection("manual@example.com", "manual");
    const answered = await sentCollection("answered@example.com", "weekly");
    db.update(invitations)
      .set({ status: "answered", respondedAt: new Date() })
      .where(eq(invitations.id, answered.id))
      .run();
    loop.clock.advanceClock(30 * DAY);
    await loop.remindersJob.sendDueReminders();
    expect(reminders("manual@example.com")).toHaveLength(0);
    expect(reminders("answered@example.com")).toHaveLength(0);
  });
});
