// An archive back into an installation. The archive is untrusted input (decision 0198): every entry is
// checked before use and all rows go in one transaction, so a failed import leaves nothing behind.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import {
  campaigns,
  campaignStatuses,
  contributionAttachments,
  contributionDocuments,
  contributions,
  newsletters,
  newsletterStories,
  podcastFeeds,
  podcasts,
} from "#db/schema";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

import { probeAudio } from "~/audio/recording.server";
import { loggedErasures } from "~/features/account/erasure-log.server";
import { documentOf } from "~/features/contributions/documents.server";
import { storyMessages } from "~/features/contributions/messages";
import { receivePhoto, storePhotoFile } from "~/features/contributions/photos.server";
import { receiveArchivedRecording, recordingTempPath } from "~/features/contributions/recordings.server";
import { newsletterPaths } from "~/features/newsletters/content";
import { db } from "~/lib/db.server";
import { wakeJobs } from "~/lib/queue/wake.server";
import { storageKeys } from "~/lib/storage/keys";
import { getStorage } from "~/lib/storage/storage.server";
import { countWords } from "~/lib/word-count";
import { getUserByEmail, insertUser } from "~/models/user.server";

import {
  INSERT_BATCH_ROWS,
  MAX_DATA_JSON_BYTES,
  MAX_DOCUMENT_ENTRY_BYTES,
  MAX_EPISODE_ENTRY_BYTES,
  MAX_PHOTO_ENTRY_BYTES,
  MAX_RECORDING_ENTRY_BYTES,
} from "./import-limits";
import { ArchiveImportError, openArchiveZip } from "./read-zip.server";
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, ArchiveSchema, type ArchiveData } from "./schema";

export { ArchiveImportError } from "./read-zip.server";

function parseData(bytes: Buffer): ArchiveData {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new ArchiveImportError("data.json is not JSON");
  }
  const head = json as { format?: unknown; version?: unknown };
  if (head?.format !== ARCHIVE_FORMAT)
    throw new ArchiveImportError("Not a Storyhearth archive (data.json has another format)");
  if (head.version !== ARCHIVE_FORMAT_VERSION)
    throw new ArchiveImportError(
      `Archive version ${String(head.version)} is not one this installation reads (${ARCHIVE_FORMAT_VERSION})`,
    );
  const parsed = ArchiveSchema.safeParse(json);
  if (!parsed.success)
    throw new ArchiveImportError(
      `data.json does not match its schema: ${parsed.error.issues[0]?.message ?? "invalid"}`,
    );
  return parsed.data;
}

type CampaignStatus = (typeof campaignStatuses)[number];
const statusOf = (status: string): CampaignStatus =>
  (campaignStatuses as readonly string[]).includes(status) && status !== "generating_podcast"
    ? (status as CampaignStatus)
    : "closed";

export type ImportResult = {
  collections: number;
  stories: number;
  photos: number;
  documents: number;
  recordings: number;
  episodes: number;
  newsletters: number;
  withheld: number;
};

export type ImportOwner = string | { email: string };

async function ownerOf(owner: ImportOwner) {
  if (typeof owner === "string") return { id: owner, create: null };
  const found = await getUserByEmail(owner.email);
  return found ? { id: found.id, create: null } : { id: randomUUID(), create: { email: owner.email } };
}

// Removals logged after the archive was made must not come back; an account deletion is not applied,
// since the archive is its owner's.
async function removalsAskedFor(data: ArchiveData) {
  const logged = await loggedErasures(getStorage());
  const removedStories = new Set(logged.story.map((e) => e.id));
  const removedRecordings = new Set(logged.recording.map((e) => e.id));
  const stories = new Set(data.stories.filter((s) => removedStories.has(s.id)).map((s) => s.id));
  const recordings = new Set(
    data.stories.flatMap((s) =>
      s.recording && !stories.has(s.id) && removedRecordings.has(s.recording.id) ? [s.recording.id] : [],
    ),
  );
  const since = new Map<string, number>(); // collection -> the earliest withheld story's arrival
  for (const s of data.stories)
    if (stories.has(s.id) || (s.recording && recordings.has(s.recording.id)))
      since.set(s.collectionId, Math.min(since.get(s.collectionId) ?? Infinity, Date.parse(s.submittedAt)));
  const episodes = new Set(
    data.episodes
      .filter(
        (e) =>
          e.collectionId &&
          since.has(e.collectionId) &&
          (!e.completedAt || Date.parse(e.completedAt) >= since.get(e.collectionId)!),
      )
      .map((e) => e.id),
  );
  return { stories, recordings, episodes };
}

function chapterStoriesOf(episode: ArchiveData["episodes"][number], ids: Map<string, string>) {
  if (!episode.chapters.some((chapter) => chapter.storyIds)) return null;
  return episode.chapters.map(({ title, start, storyIds = [] }) => ({
    title,
    start,
    contributionIds: storyIds.flatMap((id) => (ids.has(id) ? [ids.get(id)!] : [])),
  }));
}

function entriesToRead(data: ArchiveData, withhold: Awaited<ReturnType<typeof removalsAskedFor>>) {
  const wanted: Array<{ name: string; limit: number }> = [];
  for (const story of data.stories) {
    if (withhold.stories.has(story.id)) continue;
    for (const photo of story.photos) wanted.push({ name: photo.file, limit: MAX_PHOTO_ENTRY_BYTES });
    for (const document of story.documents ?? []) wanted.push({ name: document.file, limit: MAX_DOCUMENT_ENTRY_BYTES });
    const rec = story.recording;
    if (rec && !withhold.recordings.has(rec.id))
      wanted.push({ name: (rec.original ?? rec).file, limit: MAX_RECORDING_ENTRY_BYTES });
  }
  for (const episode of data.episodes)
    if (!withhold.episodes.has(episode.id)) wanted.push({ name: episode.audio, limit: MAX_EPISODE_ENTRY_BYTES });
  for (const newsletter of data.newsletters)
    if (newsletter.cover) wanted.push({ name: newsletter.cover, limit: MAX_PHOTO_ENTRY_BYTES });
  return wanted;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const refusal = storyMessages.recording.refusal;

export async function importArchive(file: string, owner: ImportOwner): Promise<ImportResult> {
  const zip = await openArchiveZip(file);
  const stored: string[] = [];
  const storage = getStorage();
  const scratch = recordingTempPath(".in");
  try {
    await zip.claim([{ name: "data.json", limit: MAX_DATA_JSON_BYTES }]);
    const data = parseData(await zip.readBytes("data.json"));
    const withhold = await removalsAskedFor(data);
    // Every size and overlap is checked before the first file is stored.
    await zip.claim(entriesToRead(data, withhold));
    const { id: ownerId, create } = await ownerOf(owner);
    const ids = new Map<string, string>(); // old id -> new id, for every kind (ids are UUIDs: no clashes)
    const newId = (old: string) => {
      const id = randomUUID();
      ids.set(old, id);
      return id;
    };
    for (const c of data.collections) newId(c.id);

    const photoRows: (typeof contributionAttachments.$inferInsert)[] = [];
    const documentRows: (typeof contributionDocuments.$inferInsert)[] = [];
    const storyRows: (typeof contributions.$inferInsert)[] = [];
    const recordings: Array<() => void> = [];
    const photoKeyByBytes = new Map<string, string>(); // a newsletter's cover is a copy of one of its photos
    for (const story of data.stories) {
      if (withhold.stories.has(story.id)) continue;
      const id = newId(story.id);
      const campaignId = ids.get(story.collectionId);
      if (!campaignId) throw new ArchiveImportError(`Story ${story.id} names a collection the archive lacks`);
      storyRows.push({
        id,
        campaignId,
        contributorName: story.contributorName,
        storyContent: story.text,
        title: story.titleByOwner ? (story.title ?? null) : null,
        submissionMethod: story.submissionMethod,
        wordCount: countWords(story.text),
        submittedAt: new Date(story.submittedAt),
      });
      for (const photo of story.photos) {
        const bytes = await zip.readBytes(photo.file);
        const received = await receivePhoto(bytes, photo.fileName);
        if (!received) throw new ArchiveImportError(`${photo.file} is not a photo`);
        const row = await storePhotoFile(id, received);
        stored.push(row.storageKey);
        photoKeyByBytes.set(sha256(bytes), row.storageKey);
        photoRows.push({ id: newId(photo.id), ...row });
      }
      for (const document of story.documents ?? []) {
        const received = documentOf(await zip.readBytes(document.file), document.fileName);
        if (!received) throw new ArchiveImportError(`${document.file} is not a document we keep`);
        const storageKey = storageKeys.document(id, `${randomUUID()}.${received.ext}`);
        const { size } = await storage.put(storageKey, received.bytes);
        stored.push(storageKey);
        documentRows.push({
          id: newId(document.id),
          contributionId: id,
          storageKey,
          fileName: received.fileName,
          contentType: received.type,
          size,
        });
      }
      const rec = story.recording;
      if (rec && !withhold.recordings.has(rec.id)) {
        // Checked and converted again, as when a relative sends it; the archive's own MP3 is not needed.
        const source = rec.original ?? { file: rec.file, fileName: null };
        const size = await zip.readToFile(source.file, scratch);
        const received = await receiveArchivedRecording(id, { path: scratch, fileName: source.fileName ?? "", size });
        if (!received.ok)
          throw new ArchiveImportError(
            `${source.file} is not a recording we can keep: ${refusal[received.code].owner}`,
          );
        stored.push(received.originalKey);
        recordings.push(() => received.keep(rec.transcript));
      }
    }
    const episodeRows: (typeof podcasts.$inferInsert)[] = [];
    for (const episode of data.episodes.filter((e) => !withhold.episodes.has(e.id))) {
      const id = newId(episode.id);
      await zip.readToFile(episode.audio, scratch);
      if (!(await probeAudio(scratch))?.format.split(",").includes("mp3"))
        throw new ArchiveImportError(`${episode.audio} is not an MP3`);
      const audioKey = storageKeys.episode(id);
      const { size } = await storage.put(audioKey, createReadStream(scratch));
      stored.push(audioKey);
      episodeRows.push({
        id,
        ownerId,
        campaignId: episode.collectionId ? (ids.get(episode.collectionId) ?? null) : null,
        title: episode.title,
        description: episode.description,
        transcript: episode.transcript,
        status: "complete",
        duration: episode.durationSeconds,
        fileSize: size,
        audioKey,
        completedAt: episode.completedAt ? new Date(episode.completedAt) : new Date(),
        chapterStories: chapterStoriesOf(episode, ids),
      });
    }
    const newsletterRows: (typeof newsletters.$inferInsert)[] = [];
    const newsletterStoryRows: (typeof newsletterStories.$inferInsert)[] = [];
    for (const newsletter of data.newsletters) {
      const id = newId(newsletter.id);
      const publicId = randomBytes(16).toString("base64url");
      const coverImageKey = newsletter.cover
        ? (photoKeyByBytes.get(sha256(await zip.readBytes(newsletter.cover))) ?? null)
        : null;
      newsletterRows.push({
        id,
        ownerId,
        publicId,
        campaignId: newsletter.collectionId ? (ids.get(newsletter.collectionId) ?? null) : null,
        podcastId: newsletter.episodeId ? (ids.get(newsletter.episodeId) ?? null) : null,
        edition: newsletter.edition,
        title: newsletter.title,
        subtitle: newsletter.subtitle,
        familyName: newsletter.familyName,
        coverImageKey,
        publishedAt: newsletter.publishedAt ? new Date(newsletter.publishedAt) : null,
      });
      const paths = newsletterPaths(publicId);
      newsletter.stories
        .filter((item) => !item.storyId || !withhold.stories.has(item.storyId))
        .forEach((item, i) =>
          newsletterStoryRows.push({
            newsletterId: id,
            contributionId: item.storyId ? (ids.get(item.storyId) ?? null) : null,
            category: item.category,
            title: item.title,
            author: item.author,
            content: item.text,
            images: item.photoIds.flatMap((photoId) => (ids.has(photoId) ? [paths.image(ids.get(photoId)!)] : [])),
            sortOrder: i,
          }),
        );
    }
    const collectionRows = data.collections.map((c, sortOrder) => ({
      id: ids.get(c.id)!,
      ownerId,
      sortOrder,
      publicId: randomBytes(16).toString("base64url"),
      title: c.title,
      description: c.description,
      prompt: c.prompt,
      status: statusOf(c.status),
      createdAt: new Date(c.createdAt),
    }));
    // A feed's address was a secret of the old installation: a new one is made, revoked if the old was.
    const feedRows = data.collections.flatMap((c) =>
      c.feeds.map((feed) => ({
        ownerId,
        campaignId: ids.get(c.id)!,
        token: randomBytes(24).toString("base64url"),
        revokedAt: feed.revoked ? new Date() : null,
        createdAt: new Date(feed.createdAt),
      })),
    );

    db.transaction((tx) => {
      const insertAll = <T extends SQLiteTable>(table: T, rows: T["$inferInsert"][]) => {
        for (let i = 0; i < rows.length; i += INSERT_BATCH_ROWS)
          tx.insert(table)
            .values(rows.slice(i, i + INSERT_BATCH_ROWS))
            .run();
      };
      if (create) insertUser({ id: ownerId, email: create.email });
      insertAll(campaigns, collectionRows);
      insertAll(podcastFeeds, feedRows);
      insertAll(contributions, storyRows);
      insertAll(contributionAttachments, photoRows);
      insertAll(contributionDocuments, documentRows);
      for (const keep of recordings) keep();
      insertAll(podcasts, episodeRows);
      insertAll(newsletters, newsletterRows);
      insertAll(newsletterStories, newsletterStoryRows);
    });
    stored.length = 0; // kept: the rows now point at them
    if (recordings.length) wakeJobs();
    return {
      collections: data.collections.length,
      stories: storyRows.length,
      photos: photoRows.length,
      documents: documentRows.length,
      recordings: recordings.length,
      episodes: episodeRows.length,
      newsletters: newsletterRows.length,
      withheld: withhold.stories.size + withhold.recordings.size + withhold.episodes.size,
    };
  } finally {
    zip.close();
    await fs.rm(scratch, { force: true });
    await Promise.all(stored.map((key) => storage.remove(key)));
  }
}
