// Demo data for a newcomer; runs only on an empty database.
import { randomBytes } from "node:crypto";
import { DEMO_ADMIN, DEMO_OWNER } from "#db/demo-accounts";
import * as s from "#db/schema";

import type { DB } from "~/lib/db.server";
import { hashPassword } from "~/lib/password.server";
import { countWords } from "~/lib/word-count";

export { DEMO_ADMIN, DEMO_OWNER };

const token = () => randomBytes(16).toString("base64url");
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

const STORIES = [
  {
    name: "Uncle Robert",
    email: "robert.whitfield@example.com",
    method: "email" as const,
    days: 12,
    content: `The summer of 1962 we drove the old Ford all the way to Lake Tahoe. Dad refused to stop for directions, so we ended up in Reno first. Mom packed egg-salad sandwiches that had gone warm by noon, and we ate them anyway on the hood of the car.

When we finally saw the lake, your grandmother cried. She said it was the bluest thing she had ever seen.

On Tue, Nov 3, 2026 at 9:14 AM Margaret Whitfield <margaret@example.com> wrote:
> What is your favourite memory of a family trip?`,
  },
  {
    name: "Aunt June",
    email: "june.porter@example.com",
    method: "web" as const,
    days: 9,
    content: `Every Christmas Eve, Grandma Rose made her cardamom bread. She never wrote the recipe down. We children were allowed to braid the dough, and she would fix our lopsided braids when she thought we weren't looking.`,
  },
  {
    name: "",
    email: "cousin.ben@example.com",
    method: "email" as const,
    days: 4,
    content: `I remember Grandpa teaching me to fish off the dock at dawn. He said the fish could hear you think, so we had to think quiet thoughts.

Sent from my iPhone`,
  },
];

export async function seedDemoData(db: DB) {
  if (db.select({ id: s.users.id }).from(s.users).limit(1).get()) return null;

  const [ownerHash, adminHash] = await Promise.all([
    hashPassword(DEMO_OWNER.password),
    hashPassword(DEMO_ADMIN.password),
  ]);

  const seeded = db.transaction((tx) => {
    const owner = tx
      .insert(s.users)
      .values({
        email: DEMO_OWNER.email,
        firstName: "Margaret",
        lastName: "Whitfield",
        role: "user",
        subscriptionStatus: "active",
        podcastLimit: 50,
      })
      .returning()
      .get();
    const admin = tx
      .insert(s.users)
      .values({
        email: DEMO_ADMIN.email,
        firstName: "Avery",
        lastName: "Admin",
        role: "admin",
        subscriptionStatus: "active",
        podcastLimit: 50,
      })
      .returning()
      .get();
    tx.insert(s.passwords)
      .values([
        { userId: owner.id, hash: ownerHash },
        { userId: admin.id, hash: adminHash },
      ])
      .run();

    const contactRows = tx
      .insert(s.contacts)
      .values([
        {
          ownerId: owner.id,
          email: "robert.whitfield@example.com",
          preferredName: "Uncle Robert",
          parsedName: "Robert Whitfield",
          tags: ["family", "elders"],
        },
        {
          ownerId: owner.id,
          email: "june.porter@example.com",
          preferredName: "Aunt June",
          parsedName: "June Porter",
          tags: ["family"],
          notes: "Has the old photo albums.",
        },
        {
          ownerId: owner.id,
          email: "cousin.ben@example.com",
          preferredName: "Ben",
          parsedName: "Ben Whitfield",
          tags: ["cousins"],
        },
        {
          ownerId: owner.id,
          email: "lily.whitfield@example.com",
          preferredName: "Lily",
          parsedName: "Lily Whitfield",
          tags: ["cousins"],
          isAdmin: true,
        },
      ])
      .returning()
      .all();
    const [elders, cousins] = tx
      .insert(s.contactGroups)
      .values([
        { ownerId: owner.id, name: "Elders", description: "Grandparents, aunts and uncles", isDefault: true },
        { ownerId: owner.id, name: "Cousins", description: "The grandchildren's generation" },
      ])
      .returning()
      .all();
    const byEmail = (email: string) => contactRows.find((c) => c.email === email)!.id;
    tx.insert(s.contactGroupMembers)
      .values([
        { groupId: elders!.id, contactId: byEmail("robert.whitfield@example.com") },
        { groupId: elders!.id, contactId: byEmail("june.porter@example.com") },
        { groupId: cousins!.id, contactId: byEmail("cousin.ben@example.com") },
        { groupId: cousins!.id, contactId: byEmail("lily.whitfield@example.com") },
      ])
      .run();

    const [summers, winter] = tx
      .insert(s.campaigns)
      .values([
        {
          ownerId: owner.id,
          publicId: token(),
          title: "Summers at the Lake",
          description: "Our family trips, 1950s to today",
          prompt: "What is your favourite memory of a family trip? Who was there, and what made it special?",
          status: "active",
          sentDate: daysAgo(14),
          sortOrder: 1,
          createdAt: daysAgo(15),
        },
        {
          ownerId: owner.id,
          publicId: token(),
          title: "Holiday Traditions",
          description: "Recipes, songs and rituals we keep",
          prompt: "Tell us about a holiday tradition from your childhood that you still think about.",
          status: "scheduled",
          scheduledDate: new Date(Date.now() + 7 * 86_400_000),
          sortOrder: 2,
          createdAt: daysAgo(2),
        },
      ])
      .returning()
      .all();

    // A relative whose story is below has answered, as createContribution records it: no reminders for them.
    const answeredOn = (email: string) => STORIES.find((story) => story.email === email)?.days;
    const invitationRows = tx
      .insert(s.invitations)
      .values(
        [
          "robert.whitfield@example.com",
          "june.porter@example.com",
          "cousin.ben@example.com",
          "lily.whitfield@example.com",
        ].map((email) => {
          const days = answeredOn(email);
          return {
            campaignId: summers!.id,
            email,
            token: token(),
            status: days === undefined ? ("sent" as const) : ("answered" as const),
            sentAt: daysAgo(14),
            respondedAt: days === undefined ? null : daysAgo(days),
          };
        }),
      )
      .returning()
      .all();
    tx.insert(s.invitations)
      .values(
        ["robert.whitfield@example.com", "june.porter@example.com"].map((email) => ({
          campaignId: winter!.id,
          email,
          token: token(),
        })),
      )
      .run();

    for (const story of STORIES) {
      const invitation = invitationRows.find((i) => i.email === story.email);
      tx.insert(s.contributions)
        .values({
          campaignId: summers!.id,
          invitationId: invitation?.id,
          contributorName: story.name || null,
          contributorEmail: story.email,
          storyContent: story.content,
          submissionMethod: story.method,
          wordCount: countWords(story.content),
          messageId: story.method === "email" ? `<${token()}@mail.example.com>` : null,
          submittedAt: daysAgo(story.days),
        })
        .run();
    }

    tx.insert(s.workflowSettings)
      .values({
        ownerId: owner.id,
        collectionMode: "weekly",
        maxReminders: 3,
        collectionStartDate: daysAgo(14),
        distributionMode: "monthly",
        dayOfMonth: 1,
      })
      .run();

    tx.insert(s.promptTemplates)
      .values([
        {
          name: "Warm single narrator",
          description: "One narrator retells the story with warmth",
          category: "single_host",
          isDefault: true,
          systemPrompt:
            "You are a warm, gentle narrator for a family podcast. Retell the story faithfully in the first person of the narrator, in short spoken sentences, without inventing facts.",
        },
        {
          name: "Two hosts in conversation",
          description: "Two hosts discuss the story",
          category: "dual_host",
          isDefault: true,
          systemPrompt:
            "Write a friendly conversation between two podcast hosts, HOST 1 and HOST 2, who share and reflect on a family story. Keep every fact from the story; invent none.",
        },
        {
          name: "Many voices of the family",
          description: "Weaves several relatives' stories together",
          category: "multi_contributor",
          isDefault: true,
          systemPrompt:
            "You narrate a family podcast episode that weaves together stories from several relatives. Introduce each contributor by name and keep their words and facts.",
        },
      ])
      .run();

    tx.insert(s.activities)
      .values([
        { type: "user_registered", userId: owner.id, details: "Margaret Whitfield joined" },
        { type: "campaign_created", userId: owner.id, details: 'Created "Summers at the Lake"' },
        { type: "story_submitted", userId: owner.id, details: "Uncle Robert answered by e-mail" },
      ])
      .run();
    return { owner, summers: summers! };
  });

  // Made by the real pipeline once the runner starts, so a newcomer sees progress, then an episode.
  const { requestFamilyPodcast } = await import("~/features/podcasts/generation/requests.server");
  requestFamilyPodcast(seeded.owner.id, seeded.summers, {});

  return { owner: DEMO_OWNER, admin: DEMO_ADMIN };
}
