// Test data and checks for "Download everything" (Vitest and Playwright): a demo-like family (stories with
// photos, a relative's recording with its original, a chaptered episode, a newsletter) and a reader of
// the zip that checks every page's relative links land on entries inside it.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { contributionRecordings } from "#db/schema";
import yauzl from "yauzl";

import { createNewsletter } from "~/features/newsletters/newsletters.server";
import { db } from "~/lib/db.server";
import { getStorage } from "~/lib/storage/storage.server";

import { createCompletePodcast, makeMp3 } from "./listening-helpers";
import { createNewsletterCollection, STORIES } from "./newsletter-helpers";

/** A second of AAC in MP4 as a relative's original is kept: real audio, its metadata already stripped. */
export const ORIGINAL_M4A = readFileSync(path.join(import.meta.dirname, "../fixtures/media/voice.m4a"));

/** Two collections of the owner: the first with photos, a recording, a chaptered episode (its chapters naming their stories) and a newsletter. */
export async function createArchiveFamily(ownerId: string) {
  const summer = await createNewsletterCollection(ownerId, {
    title: `Summers at the Lake ${randomUUID().slice(0, 4)}`,
    podcast: false,
    stories: [
      { text: STORIES.childhood, name: "Grandpa Joe", photo: true },
      { text: STORIES.holiday, name: "Aunt May", photo: true },
      { text: STORIES.plain, name: null },
    ],
  });
  const voiced = summer.stories[1]!;
  const id = randomUUID();
  const normalizedKey = `recordings/${voiced.id}/${id}.mp3`;
  const originalKey = `recordings/${voiced.id}/${id}-original.m4a`;
  await getStorage().put(normalizedKey, await makeMp3());
  await getStorage().put(originalKey, ORIGINAL_M4A);
  db.insert(contributionRecordings)
    .values({
      id,
      contributionId: voiced.id,
      status: "ready",
      originalKey,
      originalFileName: "Aunt May.m4a",
      originalFormat: "mov,mp4,m4a/aac",
      normalizedKey,
      durationSeconds: 2,
      transcript: "Every Christmas Eve we sang.",
    })
    .run();
  const episode = await createCompletePodcast(ownerId, {
    title: "Summer at the lake",
    campaignId: summer.campaign.id,
    audio: {
      seconds: 6,
      chapters: [
        { title: "Grandpa Joe", start: 0, end: 3 },
        { title: "Aunt May", start: 3, end: 6 },
      ],
    },
    // As the episode job records them (podcasts.chapter_stories): the book's QR links play these chapters.
    chapterStories: [
      { title: "Grandpa Joe", start: 0, contributionIds: [summer.stories[0]!.id] },
      { title: "Aunt May", start: 3, contributionIds: [voiced.id] },
    ],
  });
  const made = createNewsletter(ownerId, summer.campaign.id);
  if (!made.ok) throw new Error(`newsletter not made: ${made.reason}`);
  const kitchen = await createNewsletterCollection(ownerId, {
    title: `Grandma's Kitchen ${randomUUID().slice(0, 4)}`,
    podcast: false,
    sortOrder: 2,
    stories: [{ text: "Bread on Sundays.", name: "Cousin Sam" }],
  });
  return {
    summer,
    kitchen,
    episode,
    newsletter: made.newsletter,
    recording: { id, normalizedKey, originalKey },
  };
}

/** Every entry of a zip, name -> bytes (tests only: real archives are never held whole). */
export function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const parts: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => parts.push(chunk));
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(parts));
            zip.readEntry();
          });
          stream.on("error", reject);
        });
      });
      zip.on("end", () => resolve(entries));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

/** The href/src links of every HTML page that do not land on an entry of the zip (or leave it). */
export function brokenLinks(entries: Map<string, Buffer>) {
  const broken: string[] = [];
  for (const [name, bytes] of entries) {
    if (!name.endsWith(".html")) continue;
    for (const match of bytes.toString("utf8").matchAll(/\s(?:href|src)="([^"]*)"/g)) {
      const link = match[1]!.replace(/&amp;/g, "&");
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(name), link.split("#")[0]!));
      if (/^[a-z]+:|^\/\//i.test(link) || link.startsWith("/") || target.startsWith("..") || !entries.has(target))
        broken.push(`${name} -> ${link}`);
    }
  }
  return broken;
}
