// An archive back into an installation (`npm run import`): data.json is checked against its schema,
// every media entry is streamed from the zip into storage under new keys, then every row is written in
// one transaction with new ids, so a failed import leaves no rows (and removes the objects it stored).
import { randomBytes, randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import yauzl from "yauzl";
import {
  campaignStatuses,
  campaigns,
  contributionAttachments,
  contributionRecordings,
  contributions,
  newsletters,
  newsletterStories,
  podcastFeeds,
  podcasts,
} from "#db/schema";
import { loggedErasures } from "~/features/account/erasure-log.server";
import { newsletterPaths } from "~/features/newsletters/content";
import { db } from "~/lib/db.server";
import { keyExtension } from "~/lib/file-types";
import { getStorage } from "~/lib/storage/storage.server";
import { countWords } from "~/lib/word-count";
import { createUser, getUserByEmail } from "~/models/user.server";
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, ArchiveSchema, type ArchiveData } from "./schema";

export class ArchiveImportError extends Error {}

type OpenZip = {
  entries: Map<string, yauzl.Entry>;
  open: (name: string) => Promise<Readable>;
  close: () => void;
};

/** The zip's directory (no entry's data read yet), and a way to stream any entry. */
function openZip(file: string): Promise<OpenZip> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) => {
      if (error) return reject(new ArchiveImportError(`Not a zip archive: ${error.message}`));
      const entries = new Map<string, yauzl.Entry>();
      zip.on("entry", (entry: yauzl.Entry) => {
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.on("error", reject);
      zip.on("end", () =>
        resolve({
          entries,
          open: (name) =>
            new Promise((done, fail) => {
              const entry = entries.get(name);
              if (!entry) return fail(new ArchiveImportError(`The archive lacks ${name}`));
              zip.openReadStream(entry, (err, stream) => (err ? fail(err) : done(stream)));
            }),
          close: () => zip.close(),
        }),
      );
      zip.readEntry();
    });
  });
}

async function readText(zip: OpenZip, name: string) {
  const parts: Buffer[] = [];
  for await (const chunk of await zip.open(name)) parts.push(chunk as Buffer);
  return Buffer.concat(parts).toString("utf8");
}

function parseData(text: string): ArchiveData {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ArchiveImportError("data.json is not JSON");
  }
  const head = json as { format?: unknown; version?: unknown };
  if (head?.format !== ARCHIVE_FORMAT) throw new ArchiveImportError("Not a Storyhearth archive (data.json has another format)");
  if (head.version !== ARCHIVE_FORMAT_VERSION)
    throw new ArchiveImportError(`Archive version ${String(head.version)} is not one this installation reads (${ARCHIVE_FORMAT_VERSION})`);
  const parsed = ArchiveSchema.safeParse(json);
  if (!parsed.success) throw new ArchiveImportError(`data.json does not match its schema: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data;
}

type CampaignStatus = (typeof campaignStatuses)[number];
/** A collection keeps its status, except one caught making a podcast: nothing is making it here. */
const statusOf = (status: string): CampaignStatus =>
  (campaignStatuses as readonly string[]).includes(status) && status !== "generating_podcast" ? (status as CampaignStatus) : "closed";

export type ImportResult = {
  collections: number;
  stories: number;
  photos: number;
  recordings: number;
  episodes: number;
  newsletters: number;
  /** Stories, recordings and episodes left out because their removal was asked for after the archive was made. */
  withheld: number;
};

/** The account an archive goes to: an id, or an address (the account is made if none has it, once data.json is good). */
export type ImportOwner = string | { email: string };

async function ownerIdOf(owner: ImportOwner) {
  if (typeof owner === "string") return owner;
  return ((await getUserByEmail(owner.email)) ?? (await createUser({ email: owner.email }))).id;
}

/**
 * What an archive made before a relative's removal request must not bring back (issue 32): the logged
 * requests of this installation (account/erasure-log.server.ts) name the archive's ids. A story asked
 * away goes with its photos, recording and newsletter copies; a recording asked away goes alone; and the
 * episodes of their collection finished since the story arrived, which may read or play it (an archive
 * keeps no script to tell), stay out too. An account deletion is not applied: its archive is its owner's.
 */
async function removalsAskedFor(data: ArchiveData) {
  const logged = await loggedErasures(getStorage());
  const removedStories = new Set(logged.story.map((e) => e.id));
  const removedRecordings = new Set(logged.recording.map((e) => e.id));
  const stories = new Set(data.stories.filter((s) => removedStories.has(s.id)).map((s) => s.id));
  const recordings = new Set(data.stories.flatMap((s) => (s.recording && !stories.has(s.id) && removedRecordings.has(s.recording.id) ? [s.recording.id] : [])));
  const since = new Map<string, number>(); // collection -> the earliest withheld story's arrival
  for (const s of data.stories)
    if (stories.has(s.id) || (s.recording && recordings.has(s.recording.id))) since.set(s.collectionId, Math.min(since.get(s.collectionId) ?? Infinity, Date.parse(s.submittedAt)));
  const episodes = new Set(
    data.episodes.filter((e) => e.collectionId && since.has(e.collectionId) && (!e.completedAt || Date.parse(e.completedAt) >= since.get(e.collectionId)!)).map((e) => e.id),
  );
  return { stories, recordings, episodes };
}

/**
 * Which stories each chapter tells, under the stories' new ids (what the book's QR links play). Null when
 * the archive does not say (an older episode or archive), as for an episode made before chapters named stories.
 */
function chapterStoriesOf(episode: ArchiveData["episodes"][number], ids: Map<string, string>) {
  if (!episode.chapters.some((chapter) => chapter.storyIds)) return null;
  return episode.chapters.map(({ title, start, storyIds = [] }) => ({
    title,
    start,
    contributionIds: storyIds.flatMap((id) => (ids.has(id) ? [ids.get(id)!] : [])),
  }));
}

/** Imports the archive at `file` as the owner's; everything gets new ids. */
export async function importArchive(file: string, owner: ImportOwner): Promise<ImportResult> {
  const zip = await openZip(file);
  const stored: string[] = [];
  const storage = getStorage();
  try {
    const data = parseData(await readText(zip, "data.json"));
    const ownerId = await ownerIdOf(owner);
    const put = async (entry: string, key: string) => {
      await storage.put(key, await zip.open(entry));
      stored.push(key);
      return key;
    };
    const ids = new Map<string, string>(); // old id -> new id, for every kind (ids are UUIDs: no clashes)
    const newId = (old: string) => {
      const id = randomUUID();
      ids.set(old, id);
      return id;
    };
    for (const c of data.collections) newId(c.id);
    const withhold = await removalsAskedFor(data);

    // Media first (async), rows after (one synchronous transaction).
    const photoRows: (typeof contributionAttachments.$inferInsert)[] = [];
    const recordingRows: (typeof contributionRecordings.$inferInsert)[] = [];
    const storyRows: (typeof contributions.$inferInsert)[] = [];
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
        const key = await put(photo.file, `photos/${id}/${randomUUID()}.${keyExtension(photo.file) || "bin"}`);
        photoRows.push({
          id: newId(photo.id),
          contributionId: id,
          storageKey: key,
          fileName: photo.fileName,
          contentType: photo.contentType,
          size: photo.size,
        });
      }
      const rec = story.recording;
      if (rec && !withhold.recordings.has(rec.id)) {
        const recId = newId(rec.id);
        const normalizedKey = await put(rec.file, `recordings/${id}/${recId}.${keyExtension(rec.file) || "bin"}`);
        const originalKey = rec.original
          ? await put(rec.original.file, `recordings/${id}/${recId}-original.${keyExtension(rec.original.file) || "bin"}`)
          : null;
        recordingRows.push({
          id: recId,
          contributionId: id,
          status: "ready",
          normalizedKey,
          originalKey,
          originalFileName: rec.original?.fileName ?? null,
          originalFormat: rec.original?.format ?? null,
          durationSeconds: rec.durationSeconds,
          transcript: rec.transcript,
        });
      }
    }
    const episodeRows: (typeof podcasts.$inferInsert)[] = [];
    for (const episode of data.episodes.filter((e) => !withhold.episodes.has(e.id))) {
      const id = newId(episode.id);
      const audioKey = await put(episode.audio, `podcasts/${id}.mp3`);
      episodeRows.push({
        id,
        ownerId,
        campaignId: episode.collectionId ? ids.get(episode.collectionId) ?? null : null,
        title: episode.title,
        description: episode.description,
        transcript: episode.transcript,
        status: "complete",
        duration: episode.durationSeconds,
        fileSize: zip.entries.get(episode.audio)!.uncompressedSize,
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
      const coverImageKey = newsletter.cover ? await put(newsletter.cover, `newsletters/${id}/cover.${keyExtension(newsletter.cover) || "bin"}`) : null;
      newsletterRows.push({
        id,
        ownerId,
        publicId,
        campaignId: newsletter.collectionId ? ids.get(newsletter.collectionId) ?? null : null,
        podcastId: newsletter.episodeId ? ids.get(newsletter.episodeId) ?? null : null,
        edition: newsletter.edition,
        title: newsletter.title,
        subtitle: newsletter.subtitle,
        familyName: newsletter.familyName,
        coverImageKey,
        publishedAt: newsletter.publishedAt ? new Date(newsletter.publishedAt) : null,
      });
      const paths = newsletterPaths(publicId);
      newsletter.stories.filter((item) => !item.storyId || !withhold.stories.has(item.storyId)).forEach((item, i) =>
        newsletterStoryRows.push({
          newsletterId: id,
          contributionId: item.storyId ? ids.get(item.storyId) ?? null : null,
          category: item.category,
          title: item.title,
          author: item.author,
          content: item.text,
          images: item.photoIds.flatMap((photoId) => (ids.has(photoId) ? [paths.image(ids.get(photoId)!)] : [])),
          sortOrder: i,
        }),
      );
    }

    db.transaction((tx) => {
      for (const [sortOrder, c] of data.collections.entries()) {
        tx.insert(campaigns)
          .values({
            id: ids.get(c.id)!,
            ownerId,
            sortOrder,
            publicId: randomBytes(16).toString("base64url"),
            title: c.title,
            description: c.description,
            prompt: c.prompt,
            status: statusOf(c.status),
            createdAt: new Date(c.createdAt),
          })
          .run();
        // A feed's address was a secret of the old installation: a new one is made, revoked if the old was.
        for (const feed of c.feeds)
          tx.insert(podcastFeeds)
            .values({
              ownerId,
              campaignId: ids.get(c.id)!,
              token: randomBytes(24).toString("base64url"),
              revokedAt: feed.revoked ? new Date() : null,
              createdAt: new Date(feed.createdAt),
            })
            .run();
      }
      if (storyRows.length) tx.insert(contributions).values(storyRows).run();
      if (photoRows.length) tx.insert(contributionAttachments).values(photoRows).run();
      if (recordingRows.length) tx.insert(contributionRecordings).values(recordingRows).run();
      if (episodeRows.length) tx.insert(podcasts).values(episodeRows).run();
      if (newsletterRows.length) tx.insert(newsletters).values(newsletterRows).run();
      if (newsletterStoryRows.length) tx.insert(newsletterStories).values(newsletterStoryRows).run();
    });
    stored.length = 0; // kept: the rows now point at them
    return {
      collections: data.collections.length,
      stories: storyRows.length,
      photos: photoRows.length,
      recordings: recordingRows.length,
      episodes: episodeRows.length,
      newsletters: newsletterRows.length,
      withheld: withhold.stories.size + withhold.recordings.size + withhold.episodes.size,
    };
  } finally {
    zip.close();
    await Promise.all(stored.map((key) => storage.remove(key)));
  }
}
