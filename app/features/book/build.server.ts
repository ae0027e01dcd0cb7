// The family book (issue 32, decision 0160): the owner asks, the "build-book" job lays it out into a
// temporary file and stores it, counting the stories laid out so the owner's page can show progress.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { bookTrims } from "#db/schema";
import { ensureCollectionCover } from "~/features/podcasts/covers.server";
import { now } from "~/lib/clock.server";
import { appUrl } from "~/lib/env.server";
import { getStorage } from "~/lib/storage/storage.server";
import { enqueueJob } from "~/lib/queue/queue.server";
import { wakeJobs } from "~/lib/queue/wake.server";
import { getOwnedCampaign } from "~/models/campaign.server";
import { countLiveBookLinks, createBook, ensureBookLink, getBook, latestBook, listBookStories, listStoryPhotos, revokeBookLinks, updateBook, type Book } from "~/models/book.server";
import { getUserById } from "~/models/user.server";
import { bookMessages } from "./messages";
import { renderBook } from "./render.server";

export const BookRequestSchema = z.object({
  trim: z.enum(bookTrims, { error: bookMessages.badTrim }),
  bleed: z.literal("on").optional(),
});

/** The printed QR code's short link: short so it also reads well under the code. */
export const bookLinkUrl = (token: string) => `${appUrl().replace(/\/+$/, "")}/b/${token}`;

export async function requestBook(ownerId: string, campaignId: string, form: FormData) {
  // Another owner's collection is a 404 whatever was sent, as if it did not exist.
  if (!getOwnedCampaign(ownerId, campaignId)) return { ok: false as const, status: 404, message: "Not Found" };
  const parsed = BookRequestSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { ok: false as const, status: 400, message: bookMessages.badTrim };
  const storyCount = listBookStories(campaignId).length;
  if (storyCount === 0) return { ok: false as const, status: 400, message: bookMessages.noStories };
  const book = createBook({ ownerId, campaignId, trim: parsed.data.trim, bleed: parsed.data.bleed === "on", storyCount });
  enqueueJob("build-book", { bookId: book.id }, { maxAttempts: 2 });
  wakeJobs();
  return { ok: true as const, book };
}

async function readStored(key: string) {
  const file = await getStorage().read(key);
  if (!file) return null;
  const parts: Buffer[] = [];
  for await (const chunk of file.stream) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts);
}

export const bookFileKey = (book: Pick<Book, "id">) => `books/${book.id}.pdf`;

export async function buildBookJob(payload: Record<string, unknown>) {
  const book = typeof payload.bookId === "string" ? getBook(payload.bookId) : undefined;
  if (!book || book.status === "done") return;
  const campaign = getOwnedCampaign(book.ownerId, book.campaignId);
  if (!campaign) return;
  const owner = await getUserById(book.ownerId);
  const rows = listBookStories(book.campaignId);
  updateBook(book.id, { status: "running", storiesDone: 0, storyCount: rows.length });
  const tmp = path.join(os.tmpdir(), `book-${book.id}-${randomUUID()}.pdf`);
  try {
    const coverKey = await ensureCollectionCover(campaign);
    const pages = await renderBook(
      {
        trim: book.trim,
        bleed: book.bleed,
        title: campaign.title,
        familyName: owner?.lastName?.trim() || null,
        description: campaign.description,
        madeOn: now(),
        cover: await readStored(coverKey),
        stories: rows.map((row) => ({
          contributorName: row.contributorName,
          submittedAt: row.submittedAt,
          text: row.storyContent,
          photoKeys: listStoryPhotos(row.id).map((p) => p.storageKey),
          listenUrl: row.recordingKey ? bookLinkUrl(ensureBookLink(row.id)) : null,
        })),
        loadPhoto: readStored,
        onStory: (done) => updateBook(book.id, { storiesDone: done }),
      },
      fs.createWriteStream(tmp),
    );
    await getStorage().put(bookFileKey(book), fs.createReadStream(tmp));
    updateBook(book.id, { status: "done", pageCount: pages, fileKey: bookFileKey(book) });
  } catch (error) {
    updateBook(book.id, { status: "failed" });
    throw error;
  } finally {
    await fs.promises.rm(tmp, { force: true });
  }
}

/** What the owner's book page shows: the latest book's progress or its download, and the live QR links. */
export function bookPageView(ownerId: string, campaignId: string) {
  const book = latestBook(ownerId, campaignId);
  return {
    storyCount: listBookStories(campaignId).length,
    liveLinks: countLiveBookLinks(campaignId),
    book: book
      ? {
          id: book.id,
          status: book.status,
          storiesDone: book.storiesDone,
          storyCount: book.storyCount,
          pageCount: book.pageCount,
          trim: book.trim,
          bleed: book.bleed,
          href: `/campaigns/${campaignId}/book/${book.id}.pdf`,
        }
      : null,
  };
}

export const turnOffBookLinks = (ownerId: string, campaignId: string) => (getOwnedCampaign(ownerId, campaignId) ? revokeBookLinks(campaignId, now()) : null);
