// The family book: the "build-book" job lays it out in the layout thread into a temporary file, then stores it.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { bookTrims } from "#db/schema";
import { z } from "zod";

import { storyLengthLabel } from "~/features/contributions/story-length";
import { familyStory } from "~/features/contributions/story-text";
import { ensureCollectionCover } from "~/features/podcasts/covers/covers.server";
import { now } from "~/lib/clock.server";
import { appUrl } from "~/lib/env.server";
import { JobEnded, jobStep } from "~/lib/queue/job-steps.server";
import { enqueueJob } from "~/lib/queue/queue.server";
import { wakeJobs } from "~/lib/queue/wake.server";
import { storageKeys } from "~/lib/storage/keys";
import { getStorage } from "~/lib/storage/storage.server";
import {
  countLiveBookLinks,
  createBook,
  ensureBookLink,
  getBook,
  latestBook,
  listBookStories,
  listCollectionPhotos,
  listStoryPhotos,
  revokeBookLinks,
  storyChapters,
  updateBook,
  type Book,
} from "~/models/book.server";
import { getOwnedCampaign, listCampaigns } from "~/models/campaign.server";
import { getUserById } from "~/models/user.server";

import { BOOK_WORDS_MAX } from "./book-words";
import { BookLayoutError, type LayoutFailure } from "./layout-failure";
import { renderBookInThread } from "./layout-thread.server";
import { spokenOf } from "./listen.server";
import { bookMessages } from "./messages";
import { PREVIEW_PAGES } from "./preview.server";
import type { SmallPhoto } from "./render.server";

const { dedication: DEDICATION_MAX, foreword: FOREWORD_MAX } = BOOK_WORDS_MAX;

const ownerWords = (max: number, tooLong: string) =>
  z
    .string()
    .optional()
    .transform((v) => v?.replace(/\r\n?/g, "\n").trim() || null)
    .refine((v) => v === null || v.length <= max, { error: tooLong });

export const BookRequestSchema = z.object({
  trim: z.enum(bookTrims, { error: bookMessages.badTrim }),
  dedication: ownerWords(DEDICATION_MAX, bookMessages.dedicationTooLong(DEDICATION_MAX)),
  foreword: ownerWords(FOREWORD_MAX, bookMessages.forewordTooLong(FOREWORD_MAX)),
  bleed: z.literal("on").optional(),
  cover: z.string().optional(),
});

function coverChoices(campaignIds: string[]) {
  return listCollectionPhotos(campaignIds).filter(
    (p) => p.contentType === "image/jpeg" || p.contentType === "image/png",
  );
}

export type BookWords = { dedication: string; foreword: string };
type Asked = { ok: true; book: Book } | { ok: false; status: number; message: string; words?: BookWords };

const wordsOf = (form: FormData): BookWords => ({
  dedication: String(form.get("dedication") ?? ""),
  foreword: String(form.get("foreword") ?? ""),
});

function askForBook(ownerId: string, campaignIds: string[], form: FormData, several: boolean): Asked {
  const parsed = BookRequestSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success)
    return {
      ok: false,
      status: 400,
      message: parsed.error.issues[0]?.message ?? bookMessages.badTrim,
      words: wordsOf(form),
    };
  const storyCount = campaignIds.reduce((n, id) => n + listBookStories(id).length, 0);
  if (storyCount === 0) return { ok: false, status: 400, message: bookMessages.noStories, words: wordsOf(form) };
  const cover =
    parsed.data.cover && parsed.data.cover !== "art"
      ? coverChoices(campaignIds).find((p) => p.id === parsed.data.cover)
      : null;
  if (cover === undefined) return { ok: false, status: 400, message: bookMessages.badCover, words: wordsOf(form) };
  const book = createBook({
    ownerId,
    campaignId: campaignIds[0]!,
    campaignIds: several ? campaignIds : null,
    trim: parsed.data.trim,
    bleed: parsed.data.bleed === "on",
    storyCount,
    coverPhotoKey: cover?.storageKey ?? null,
    dedication: parsed.data.dedication,
    foreword: parsed.data.foreword,
  });
  enqueueJob("build-book", { bookId: book.id }, { maxAttempts: 2 });
  wakeJobs();
  return { ok: true, book };
}

export const bookLinkUrl = (token: string) => `${appUrl().replace(/\/+$/, "")}/b/${token}`;

export function requestBook(ownerId: string, campaignId: string, form: FormData): Asked {
  if (!getOwnedCampaign(ownerId, campaignId)) return { ok: false, status: 404, message: "Not Found" };
  return askForBook(ownerId, [campaignId], form, false);
}

export function requestAccountBook(ownerId: string, form: FormData): Asked {
  const picked = new Set(form.getAll("collection").map(String));
  const all = form.get("intent") === "all";
  const ids = listCampaigns(ownerId)
    .filter((c) => all || picked.has(c.id))
    .map((c) => c.id);
  if (ids.length === 0) return { ok: false, status: 400, message: bookMessages.noCollections, words: wordsOf(form) };
  return askForBook(ownerId, ids, form, true);
}

async function readStored(key: string) {
  const file = await getStorage().read(key);
  if (!file) return null;
  const parts: Buffer[] = [];
  for await (const chunk of file.stream) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts);
}

export const bookFileKey = (book: Pick<Book, "id">) => storageKeys.book(book.id);

export async function buildBookJob(payload: Record<string, unknown>) {
  const book = typeof payload.bookId === "string" ? getBook(payload.bookId) : undefined;
  if (!book) throw new JobEnded("The book is gone");
  if (book.status === "done") return;
  const campaigns = (book.campaignIds ?? [book.campaignId])
    .map((id) => getOwnedCampaign(book.ownerId, id))
    .filter((c) => c !== undefined);
  const first = campaigns[0];
  if (!first) return;
  const owner = await getUserById(book.ownerId);
  const familyName = owner?.lastName?.trim() || null;
  const several = book.campaignIds !== null;
  const rows = campaigns.flatMap((c) => {
    const chapters = storyChapters(c.id);
    return listBookStories(c.id).map((row) => ({
      ...row,
      chapter: chapters.get(row.id),
      part: several ? c.title : undefined,
    }));
  });
  updateBook(book.id, { status: "running", storiesDone: 0, storyCount: rows.length });
  const tmp = path.join(os.tmpdir(), `book-${book.id}-${randomUUID()}.pdf`);
  const small: SmallPhoto[] = [];
  try {
    const cover =
      (book.coverPhotoKey ? await readStored(book.coverPhotoKey) : null) ??
      (await readStored(await ensureCollectionCover(first)));
    const pages = await renderBookInThread(
      {
        trim: book.trim,
        bleed: book.bleed,
        title: several ? bookMessages.pdf.severalTitle : first.title,
        familyName,
        description: several ? null : first.description,
        madeOn: now(),
        cover,
        coverPhotoKey: book.coverPhotoKey,
        dedication: book.dedication,
        foreword: book.foreword,
        stories: rows.map((row) => {
          const story = familyStory(row, listStoryPhotos(row.id), spokenOf(row));
          return {
            contributorName: story.contributor.name,
            submittedAt: row.submittedAt,
            title: story.title,
            text: story.voiceOnly ? (story.transcript ?? "") : story.body,
            lengthLabel: story.voiceOnly ? storyLengthLabel(story.length) : null,
            voiceOnly: story.voiceOnly,
            photoKeys: story.media.flatMap((item) => (item.kind === "photo" ? [item.photo.storageKey] : [])),
            listenUrl: row.recordingKey || row.chapter ? bookLinkUrl(ensureBookLink(row.id)) : null,
            part: row.part,
          };
        }),
        loadPhoto: readStored,
        onStory: (done) => updateBook(book.id, { storiesDone: done }),
        onSmallPhoto: (photo) => small.push(photo),
      },
      tmp,
    );
    await jobStep("build-book:store");
    await getStorage().put(bookFileKey(book), fs.createReadStream(tmp));
    const lowResPhotos = small.map((p) => ({
      key: p.key,
      story: p.story < 0 ? "" : rows[p.story]!.contributorName?.trim() || bookMessages.pdf.anonymous.toLowerCase(),
      width: p.width,
      height: p.height,
      printedInches: Math.round(p.printedInches * 10) / 10,
    }));
    updateBook(book.id, { status: "done", pageCount: pages, fileKey: bookFileKey(book), lowResPhotos });
    if (!getBook(book.id)) {
      await getStorage().remove(bookFileKey(book));
      throw new JobEnded("The book was deleted while it was made");
    }
  } catch (error) {
    if (error instanceof JobEnded) throw error;
    updateBook(book.id, {
      status: "failed",
      failure: failureOf(book.id, error instanceof BookLayoutError ? error.reason : "other"),
    });
    throw error;
  } finally {
    await fs.promises.rm(tmp, { force: true });
  }
}

export function abandonedBookJob(payload: Record<string, unknown>) {
  const book = typeof payload.bookId === "string" ? getBook(payload.bookId) : undefined;
  if (book && book.status !== "done") updateBook(book.id, { status: "failed", failure: failureOf(book.id, "stopped") });
}

function failureOf(bookId: string, reason: LayoutFailure) {
  const book = getBook(bookId);
  if (!book?.storyCount) return bookMessages.failedReasons[reason];
  const at = Math.min(book.storiesDone, book.storyCount - 1);
  const campaignIds = book.campaignIds ?? [book.campaignId];
  const story = campaignIds.flatMap((id) => listBookStories(id))[at];
  return bookMessages.failedAt(
    story?.contributorName?.trim() || null,
    at + 1,
    book.storyCount,
    bookMessages.failedReasons[reason],
  );
}

export const bookHref = (book: Pick<Book, "id" | "campaignId" | "campaignIds">) =>
  book.campaignIds ? `/books/${book.id}` : `/campaigns/${book.campaignId}/book/${book.id}`;

function bookView(book: Book | undefined) {
  if (!book) return null;
  const base = bookHref(book);
  const pages = Math.min(PREVIEW_PAGES, book.pageCount ?? 0);
  return {
    id: book.id,
    status: book.status,
    storiesDone: book.storiesDone,
    storyCount: book.storyCount,
    pageCount: book.pageCount,
    trim: book.trim,
    bleed: book.bleed,
    href: `${base}.pdf`,
    preview:
      book.status === "done"
        ? Array.from({ length: pages }, (_, i) => ({
            src: `${base}/page/${i + 1}.png`,
            alt: bookMessages.previewAlt(i + 1, book.pageCount ?? 0),
          }))
        : [],
    lowRes: (book.lowResPhotos ?? []).map((p) => bookMessages.lowResPhoto(p)),
    failure: book.status === "failed" ? book.failure : null,
  };
}

const latestWords = (book: Book | undefined) => ({
  book: bookView(book),
  words: { dedication: book?.dedication ?? "", foreword: book?.foreword ?? "" } satisfies BookWords,
});

const coverOptions = (campaignIds: string[]) =>
  coverChoices(campaignIds).map((p, i) => ({ id: p.id, label: bookMessages.coverPhoto(i + 1, p.contributorName) }));

export function bookPageView(ownerId: string, campaignId: string) {
  return {
    storyCount: listBookStories(campaignId).length,
    liveLinks: countLiveBookLinks(campaignId),
    covers: coverOptions([campaignId]),
    ...latestWords(latestBook(ownerId, campaignId)),
  };
}

export function accountBookPageView(ownerId: string) {
  const collections = listCampaigns(ownerId).map((c) => ({
    id: c.id,
    title: c.title,
    storyCount: listBookStories(c.id).length,
  }));
  return {
    collections,
    covers: coverOptions(collections.map((c) => c.id)),
    ...latestWords(latestBook(ownerId, null)),
  };
}

export const turnOffBookLinks = (ownerId: string, campaignId: string) =>
  getOwnedCampaign(ownerId, campaignId) ? revokeBookLinks(campaignId, now()) : null;
