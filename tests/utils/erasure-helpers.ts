// A family with a row in every table an account can have rows in, and its files in storage: the
// account deletion tests seed one to leave and one to stay.
import { randomUUID } from "node:crypto";
import * as schema from "#db/schema";
import { eq } from "drizzle-orm";

import { ensureCollectionCover, ensurePodcastCover } from "~/features/podcasts/covers/covers.server";
import { chaptersKeyFor } from "~/features/podcasts/listening/chapters.server";
import { ensureFeed } from "~/features/podcasts/listening/feeds.server";
import { db } from "~/lib/db.server";
import { variantKey } from "~/lib/images.server";
import { enqueueJob } from "~/lib/queue/queue.server";
import { storageKeys } from "~/lib/storage/keys";
import { getStorage, type Storage } from "~/lib/storage/storage.server";
import { ensureBookLink } from "~/models/book.server";
import { createShareLink } from "~/models/share-link.server";
import { createVerificationToken } from "~/models/verification-token.server";

import type { TestUser } from "./auth";
import { makeMp3 } from "./listening-helpers";

/** A family in every table an account can have rows in, with its files in `storage`. */
export async function seedFamily(user: TestUser, storage: Storage, testimonialCampaignId: string) {
  const tag = randomUUID().slice(0, 8);
  const put = async (key: string, bytes: Buffer | Uint8Array = Buffer.from(`bytes of ${key}`)) => (
    await storage.put(key, bytes),
    key
  );
  const campaign = db
    .insert(schema.campaigns)
    .values({ ownerId: user.id, title: `Summers ${tag}`, publicId: `pub-${tag}`, prompt: "Tell us", status: "active" })
    .returning()
    .get();
  const contact = db
    .insert(schema.contacts)
    .values({ ownerId: user.id, email: `gran-${tag}@example.com`, preferredName: "Gran" })
    .returning()
    .get();
  const group = db.insert(schema.contactGroups).values({ ownerId: user.id, name: "Family" }).returning().get();
  db.insert(schema.contactGroupMembers).values({ groupId: group.id, contactId: contact.id }).run();
  db.insert(schema.suppressedAddresses)
    .values({ ownerId: user.id, email: `gone-${tag}@example.com`, kind: "undeliverable", reason: "bounced" })
    .run();
  db.insert(schema.workflowSettings).values({ ownerId: user.id, campaignId: campaign.id }).run();
  const invitation = db
    .insert(schema.invitations)
    .values({ campaignId: campaign.id, email: contact.email, token: `tok-${tag}`, status: "answered" })
    .returning()
    .get();
  db.insert(schema.retiredInvitationTokens)
    .values({ invitationId: invitation.id, token: `old-tok-${tag}` })
    .run();
  db.insert(schema.collectionMailRecipients)
    .values({ campaignId: campaign.id, email: contact.email, token: `mail-tok-${tag}`, unsubscribedAt: new Date() })
    .run();
  const contribution = db
    .insert(schema.contributions)
    .values({
      campaignId: campaign.id,
      invitationId: invitation.id,
      contributorName: "Gran",
      contributorEmail: contact.email,
      storyContent: "The lake in 1962.",
      submissionMethod: "web",
    })
    .returning()
    .get();
  db.insert(schema.emptyReplies)
    .values({ campaignId: campaign.id, invitationId: invitation.id, contributorEmail: contact.email, content: "" })
    .run();
  const photoKey = await put(`photos/${contribution.id}/${randomUUID()}.jpg`);
  db.insert(schema.contributionAttachments)
    .values({
      contributionId: contribution.id,
      storageKey: photoKey,
      fileName: "lake.jpg",
      contentType: "image/jpeg",
      size: 10,
    })
    .run();
  const documentKey = await put(`documents/${contribution.id}/${randomUUID()}.pdf`, Buffer.from("%PDF-1.4 recipe"));
  db.insert(schema.contributionDocuments)
    .values({
      contributionId: contribution.id,
      storageKey: documentKey,
      fileName: "recipe.pdf",
      contentType: "application/pdf",
      size: 15,
    })
    .run();
  const originalKey = await put(`recordings/${contribution.id}/r-original.m4a`);
  const normalizedKey = await put(`recordings/${contribution.id}/r.mp3`);
  db.insert(schema.contributionRecordings)
    .values({ contributionId: contribution.id, status: "ready", originalKey, normalizedKey })
    .run();
  const story = db
    .insert(schema.stories)
    .values({ ownerId: user.id, title: "Letters", content: "Dear all", source: "pdf" })
    .returning()
    .get();
  const pdfKey = await put(`stories/${story.id}/story.pdf`);
  db.update(schema.stories).set({ pdfKey }).where(eq(schema.stories.id, story.id)).run();
  const podcastId = randomUUID();
  const audioKey = await put(`podcasts/${podcastId}.mp3`, await makeMp3());
  const chaptersKey = await put(chaptersKeyFor(audioKey), Buffer.from("{}"));
  const coverKey = await put(`covers/uploaded/${podcastId}-${randomUUID()}.jpg`);
  const podcast = db
    .insert(schema.podcasts)
    .values({
      id: podcastId,
      ownerId: user.id,
      campaignId: campaign.id,
      storyId: story.id,
      title: `Episode ${tag}`,
      status: "complete",
      audioKey,
      coverKey,
      duration: 2,
      fileSize: 100,
      completedAt: new Date(),
    })
    .returning()
    .get();
  // Drawn covers show the family's name (decision 0133); the app draws them into its own storage.
  const drawnKeys =
    storage === getStorage()
      ? [await ensurePodcastCover({ ...podcast, coverKey: null }), await ensureCollectionCover(campaign)]
      : [];
  db.insert(schema.pronunciations)
    .values({ ownerId: user.id, term: "Siobhan", termKey: "siobhan", sayAs: "shiv-awn" })
    .run();
  // A sample in a voice the family no longer uses: only its folder finds it.
  const sampleKey = await put(storageKeys.pronunciationSample(user.id, randomUUID().replace(/-/g, "")));
  const share = await createShareLink(user.id, podcast.id, { expiration: 7 });
  if (!("token" in share) || !share.token) throw new Error("no share link");
  const feed = ensureFeed(user.id, null)!;
  db.insert(schema.llmUsage).values({ podcastId: podcast.id, provider: "openai", model: "gpt", promptTokens: 5 }).run();
  const newsletter = db
    .insert(schema.newsletters)
    .values({
      ownerId: user.id,
      campaignId: campaign.id,
      podcastId: podcast.id,
      publicId: `nl-${tag}`,
      edition: 1,
      title: "Summer",
      coverImageKey: photoKey,
      publishedAt: new Date(),
    })
    .returning()
    .get();
  db.insert(schema.newsletterStories)
    .values({
      newsletterId: newsletter.id,
      contributionId: contribution.id,
      title: "The lake",
      content: "The lake in 1962.",
    })
    .run();
  db.insert(schema.apiKeys)
    .values({ name: `key ${tag}`, keyHash: `hash-${tag}`, createdById: user.id })
    .run();
  const book = db
    .insert(schema.books)
    .values({ ownerId: user.id, campaignId: campaign.id, trim: "6x9", status: "done", storyCount: 1 })
    .returning()
    .get();
  const bookKey = await put(`books/${book.id}.pdf`);
  db.update(schema.books).set({ fileKey: bookKey }).where(eq(schema.books.id, book.id)).run();
  const bookToken = ensureBookLink(contribution.id);
  const videoKey = await put(`testimonials/${tag}/video.webm`);
  // Sized copies the pages asked for (decision 0163): they go with their image.
  const sizedKeys = [await put(variantKey(photoKey, 96, "webp")), await put(variantKey(coverKey, 192, "jpeg"))];
  db.insert(schema.testimonialResponses)
    .values({
      campaignId: testimonialCampaignId,
      respondentName: "Tess",
      respondentEmail: user.email.toUpperCase(),
      videoKey,
      consentGiven: true,
      consentTimestamp: new Date(),
    })
    .run();
  createVerificationToken(user.id, "reset");
  enqueueJob("generate-podcast", { podcastId: podcast.id, attempt: 1 }, { runAt: new Date(Date.now() + 3_600_000) });
  db.insert(schema.emailOutbox)
    .values({
      kind: "campaign_reminder",
      to: `Gran <${contact.email}>`,
      from: "x@example.com",
      subject: "A reminder",
      html: "",
      text: "",
      dedupeKey: `reminder:${invitation.id}:1`,
    })
    .run();
  db.insert(schema.emailOutbox)
    .values({ kind: "password_reset", to: user.email, from: "x@example.com", subject: "Reset", html: "", text: "" })
    .run();
  return {
    campaign,
    podcast,
    newsletter,
    shareToken: share.token,
    feedToken: feed.token,
    bookToken,
    keys: [
      photoKey,
      documentKey,
      sampleKey,
      originalKey,
      normalizedKey,
      pdfKey,
      audioKey,
      chaptersKey,
      coverKey,
      bookKey,
      videoKey,
      ...sizedKeys,
      ...drawnKeys,
    ],
  };
}

export type Family = Awaited<ReturnType<typeof seedFamily>>;
