// What every storage driver is, and the keys it accepts; the drivers import this, not each other.
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";

export type StoredFile = { size: number };
export type ByteRange = { start: number; end: number };

export interface Storage {
  put(key: string, body: Buffer | Uint8Array | Readable): Promise<StoredFile>;
  /** A stream of the file (or of `range`, inclusive), or null when there is no such file. */
  read(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null>;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** Every finished file whose key starts with `prefix` (a folder such as "backups/", or a name's start); never a half-written one. */
  list(prefix: string): Promise<Array<{ key: string; size: number }>>;
}

/** Keys are app-made paths like "attachments/<id>/<name>"; anything that could escape the root is refused. */
export function assertSafeKey(key: string) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key) || key.split("/").some((part) => part === ".." || part === "." || part === "")) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

// ── Where every stored file lives ──────────────────────────────────────────
// Every key the app stores is built here, so this is the whole list of folders. A family's folders are
// named after one of its rows (the schema's table name); an account's erasure lists each of them by that
// row's id, which also finds a file no row points at yet (a job's copy written moments before).

const ownerFolder = (userId: string) => createHash("sha256").update(`pronunciation-samples:${userId}`).digest("hex").slice(0, 32);

/** A family's folders: `prefix(id)` of a row of `table` holds only that row's files. */
export const familyFolders = {
  photos: { table: "contributions", prefix: (contributionId: string) => `photos/${contributionId}/` },
  recordings: { table: "contributions", prefix: (contributionId: string) => `recordings/${contributionId}/` },
  documents: { table: "contributions", prefix: (contributionId: string) => `documents/${contributionId}/` },
  storyPdfs: { table: "stories", prefix: (storyId: string) => `stories/${storyId}/` },
  episodes: { table: "podcasts", prefix: (podcastId: string) => `podcasts/${podcastId}.` },
  uploadedCovers: { table: "podcasts", prefix: (podcastId: string) => `covers/uploaded/${podcastId}-` },
  books: { table: "books", prefix: (bookId: string) => `books/${bookId}.` },
  /** Samples of the family's pronunciations in every voice it heard them in; by a hash of the account, so a queued erasure's list of folders names nobody. */
  pronunciationSamples: { table: "users", prefix: (userId: string) => `pronunciation-samples/${ownerFolder(userId)}/` },
  testimonialVideos: { table: "testimonial_responses", prefix: (responseId: string, campaignId = "") => `testimonials/${campaignId}/${responseId}.` },
} as const;

/**
 * Folders whose names are hashes: a family's drawn covers (of its titles and name), the sized copies of
 * its images (of the image's key) and the samples of its pronunciations (of the words). Their owner
 * computes the keys of a family's files (the account's erasure asks the podcasts feature for them).
 */
export const hashedFolders = ["covers/generated/", "variants/", "pronunciation-samples/"] as const;

/** The service's own folders: never a family's file (voices, backups, the erasure log, uploads in progress). */
export const serviceFolders = ["voice-samples/", "voice-pace/", "backups/", "consent/", "uploads/"] as const;

export const storageKeys = {
  photo: (contributionId: string, fileName: string) => `${familyFolders.photos.prefix(contributionId)}${fileName}`,
  recording: (contributionId: string, fileName: string) => `${familyFolders.recordings.prefix(contributionId)}${fileName}`,
  document: (contributionId: string, fileName: string) => `${familyFolders.documents.prefix(contributionId)}${fileName}`,
  storyPdf: (storyId: string) => `${familyFolders.storyPdfs.prefix(storyId)}story.pdf`,
  episode: (podcastId: string) => `${familyFolders.episodes.prefix(podcastId)}mp3`,
  /** Beside its episode, so the episode's folder takes it along. */
  chapters: (episodeKey: string) => `${episodeKey}.chapters.json`,
  uploadedCover: (podcastId: string, unique: string) => `${familyFolders.uploadedCovers.prefix(podcastId)}${unique}.jpg`,
  book: (bookId: string) => `${familyFolders.books.prefix(bookId)}pdf`,
  testimonialVideo: (campaignId: string, responseId: string, ext: string) => `${familyFolders.testimonialVideos.prefix(responseId, campaignId)}${ext}`,
  generatedCover: (hash: string) => `covers/generated/${hash}.jpg`,
  variant: (hash: string, width: number, ext: string) => `variants/${hash}/${width}.${ext}`,
  pronunciationSample: (userId: string, hash: string) => `${familyFolders.pronunciationSamples.prefix(userId)}${hash}.mp3`,
  /** Where samples were kept before each family's had its folder; an erasure still looks there. */
  sharedPronunciationSample: (hash: string) => `pronunciation-samples/${hash}.mp3`,
  voiceSample: (name: string) => `voice-samples/${name}.mp3`,
  voicePace: (tag: string) => `voice-pace/${tag}.mp3`,
  upload: (uploadId: string, fileName: string) => `uploads/${uploadId}/${fileName}`,
};
