// Test data for family newsletters (Vitest and Playwright): a story collection with stories, an
// e-mailed photo and a finished podcast, written straight to the database and the file storage.
import { randomBytes, randomUUID } from "node:crypto";
import { campaigns, contributionAttachments, contributions, emailOutbox, invitations, podcasts } from "#db/schema";
import { and, eq, gte, lt } from "drizzle-orm";

import { db } from "~/lib/db.server";
import { getStorage } from "~/lib/storage/storage.server";
import { countWords } from "~/lib/word-count";

/** A real 1×1 half-transparent PNG as reencodePhoto writes it, so it is kept as it is (PDFKit parses it too). */
export const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACXBIWXMAAAsSAAALEgHS3X78AAAADUlEQVQI12NgYPhfDwACggF/7T5K5AAAAABJRU5ErkJggg==",
  "base64",
);
/** Bytes standing in for an MP3 (the routes only stream them). */
export const FAKE_MP3 = Buffer.concat([Buffer.from("ID3"), randomBytes(4096)]);

export const STORIES = {
  childhood:
    "Growing Up on the Farm\nWhen I was little, the children walked to school across the fields.\n\nWe kids played in the barn until dark.",
  holiday: "Every Christmas Eve we sang carols by the fire. The holiday smelled of cinnamon.",
  plain: "Aunt Rose kept a jar of buttons on the windowsill. We sorted them for hours.",
  replied:
    "We drove the old truck to the lake that summer.\n\nOn Tue, Nov 3, 2026 at 9:14 AM Storyhearth <reply+abc@storyhearth.local> wrote:\n> Please share a story\n> about summer",
};

type CollectionOptions = {
  title?: string;
  invitees?: string[];
  stories?: Array<{ text: string; name?: string | null; email?: string; method?: "web" | "email"; photo?: boolean }>;
  podcast?: boolean;
  sortOrder?: number;
  nextDeliveryDate?: Date | null;
};

/** A collection of the owner with invitees, stories (optionally with a photo each) and a finished podcast. */
export async function createNewsletterCollection(ownerId: string, options: CollectionOptions = {}) {
  const campaign = db
    .insert(campaigns)
    .values({
      ownerId,
      publicId: randomBytes(16).toString("base64url"),
      title: options.title ?? `Summer Stories ${randomUUID().slice(0, 6)}`,
      description: "Tales from the lake house",
      prompt: "What do you remember about summer?",
      status: "active",
      sortOrder: options.sortOrder ?? 1,
      nextDeliveryDate: options.nextDeliveryDate ?? null,
    })
    .returning()
    .get();
  const invitees = options.invitees ?? [];
  if (invitees.length) {
    db.insert(invitations)
      .values(
        invitees.map((email) => ({
          campaignId: campaign.id,
          email,
          token: randomBytes(24).toString("base64url"),
          status: "sent" as const,
        })),
      )
      .run();
  }
  const stories = options.stories ?? [
    { text: STORIES.childhood, name: "Grandpa Joe", photo: true },
    { text: STORIES.holiday, name: "Aunt May" },
    { text: STORIES.replied, name: null, method: "email" as const },
  ];
  const storyRows = [];
  let minute = 0;
  for (const story of stories) {
    const row = db
      .insert(contributions)
      .values({
        campaignId: campaign.id,
        contributorName: story.name === undefined ? "Cousin Sam" : story.name,
        contributorEmail: story.email ?? `relative-${randomUUID()}@example.com`,
        storyContent: story.text,
        submissionMethod: story.method ?? "web",
        wordCount: countWords(story.text),
        // Distinct times keep the order of the stories the order given.
        submittedAt: new Date(Date.UTC(2026, 0, 1, 12, minute++)),
      })
      .returning()
      .get();
    let photoId: string | null = null;
    if (story.photo) {
      const storageKey = `photos/${row.id}/${randomUUID()}.png`; // as re-encoded photos are kept
      await getStorage().put(storageKey, PNG_1X1);
      photoId = db
        .insert(contributionAttachments)
        .values({
          contributionId: row.id,
          storageKey,
          fileName: "farm.png",
          contentType: "image/png",
          size: PNG_1X1.length,
        })
        .returning()
        .get().id;
    }
    storyRows.push({ ...row, photoId });
  }
  let podcast: typeof podcasts.$inferSelect | null = null;
  if (options.podcast !== false) {
    const audioKey = `podcasts/${randomUUID()}.mp3`;
    await getStorage().put(audioKey, FAKE_MP3);
    podcast = db
      .insert(podcasts)
      .values({
        ownerId,
        campaignId: campaign.id,
        title: `${campaign.title} podcast`,
        status: "complete",
        duration: 245,
        transcript: "Host: Welcome to the family podcast.\nHost: Today, stories of summer.",
        audioKey,
        fileSize: FAKE_MP3.length,
        completedAt: new Date(),
      })
      .returning()
      .get();
  }
  return { campaign, stories: storyRows, podcast };
}

/** The newsletter e-mails in the outbox for one newsletter, by address. */
export function newsletterEmails(newsletterId: string) {
  return db
    .select()
    .from(emailOutbox)
    .where(
      and(
        gte(emailOutbox.dedupeKey, `newsletter:${newsletterId}:`),
        lt(emailOutbox.dedupeKey, `newsletter:${newsletterId};`),
      ),
    )
    .all();
}

export function emailsOfKind(kind: string, to?: string) {
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), to ? eq(emailOutbox.to, to) : undefined))
    .all();
}
