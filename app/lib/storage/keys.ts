import { createHash } from "node:crypto";
import type { Readable } from "node:stream";

export type StoredFile = { size: number };
export type ByteRange = { start: number; end: number };

export interface Storage {
  put(key: string, body: Buffer | Uint8Array | Readable): Promise<StoredFile>;
  read(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null>;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  list(prefix: string): Promise<Array<{ key: string; size: number }>>;
}

/** Keys are app-made paths like "attachments/<id>/<name>"; anything that could escape the root is refused. */
export function assertSafeKey(key: string) {
  if (
    !/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key) ||
    key.split("/").some((part) => part === ".." || part === "." || part === "")
  ) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

// Every stored key is built here; an account's erasure lists a family's folders by its rows' ids.

const ownerFolder = (userId: string) =>
  createHash("sha256").update(`pronunciation-samples:${userId}`).digest("hex").slice(0, 32);

export const familyFolders = {
  photos: { table: "contributions", prefix: (contributionId: string) => `photos/${contributionId}/` },
  recordings: { table: "contributions", prefix: (contributionId: string) => `recordings/${contributionId}/` },
  documents: { table: "contributions", prefix: (contributionId: string) => `documents/${contributionId}/` },
  storyPdfs: { table: "stories", prefix: (storyId: string) => `stories/${storyId}/` },
  episodes: { table: "podcasts", prefix: (podcastId: string) => `podcasts/${podcastId}.` },
  uploadedCovers: { table: "podcasts", prefix: (podcastId: string) => `covers/uploaded/${podcastId}-` },
  books: { table: "books", prefix: (bookId: string) => `books/${bookId}.` },
  pronunciationSamples: { table: "users", prefix: (userId: string) => `pronunciation-samples/${ownerFolder(userId)}/` },
  testimonialVideos: {
    table: "testimonial_responses",
    prefix: (responseId: string, campaignId = "") => `testimonials/${campaignId}/${responseId}.`,
  },
} as const;

export const hashedFolders = ["covers/generated/", "variants/", "pronunciation-samples/"] as const;

export const serviceFolders = ["voice-samples/", "voice-pace/", "backups/", "consent/", "uploads/"] as const;

export const storageKeys = {
  photo: (contributionId: string, fileName: string) => `${familyFolders.photos.prefix(contributionId)}${fileName}`,
  recording: (contributionId: string, fileName: string) =>
    `${familyFolders.recordings.prefix(contributionId)}${fileName}`,
  document: (contributionId: string, fileName: string) =>
    `${familyFolders.documents.prefix(contributionId)}${fileName}`,
  storyPdf: (storyId: string) => `${familyFolders.storyPdfs.prefix(storyId)}story.pdf`,
  episode: (podcastId: string) => `${familyFolders.episodes.prefix(podcastId)}mp3`,
  chapters: (episodeKey: string) => `${episodeKey}.chapters.json`,
  uploadedCover: (podcastId: string, unique: string) =>
    `${familyFolders.uploadedCovers.prefix(podcastId)}${unique}.jpg`,
  book: (bookId: string) => `${familyFolders.books.prefix(bookId)}pdf`,
  testimonialVideo: (campaignId: string, responseId: string, ext: string) =>
    `${familyFolders.testimonialVideos.prefix(responseId, campaignId)}${ext}`,
  generatedCover: (hash: string) => `covers/generated/${hash}.jpg`,
  variant: (hash: string, width: number, ext: string) => `variants/${hash}/${width}.${ext}`,
  pronunciationSample: (userId: string, hash: string) =>
    `${familyFolders.pronunciationSamples.prefix(userId)}${hash}.mp3`,
  sharedPronunciationSample: (hash: string) => `pronunciation-samples/${hash}.mp3`,
  voiceSample: (name: string) => `voice-samples/${name}.mp3`,
  voicePace: (tag: string) => `voice-pace/${tag}.mp3`,
  upload: (uploadId: string, fileName: string) => `uploads/${uploadId}/${fileName}`,
};
