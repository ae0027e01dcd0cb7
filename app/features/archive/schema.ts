// The shape of an archive's data.json: one home for the format, read by the exporter, the tests and
// (later) the importer. docs/archive-format.md describes it; a breaking change raises the version.
import { z } from "zod";

export const ARCHIVE_FORMAT = "storyhearth-archive";
export const ARCHIVE_FORMAT_VERSION = 1;

/** A path inside the zip, relative to its root (never absolute, never climbing out). */
const entryPath = z.string().regex(/^(?!\/)(?!.*(?:^|\/)\.\.(?:\/|$))[A-Za-z0-9._/-]+$/);
const isoDate = z.iso.datetime();

export const PhotoSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  file: entryPath,
});

/** A document that came with an e-mail reply (decision 0213), kept as it was sent. */
export const DocumentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  file: entryPath,
});

export const RecordingSchema = z.object({
  id: z.string(),
  durationSeconds: z.number().nullable(),
  transcript: z.string().nullable(),
  file: entryPath,
  original: z
    .object({
      fileName: z.string().nullable(),
      format: z.string().nullable(),
      file: entryPath,
    })
    .nullable(),
});

export const StorySchema = z.object({
  id: z.string(),
  collectionId: z.string(),
  contributorName: z.string().nullable(),
  submissionMethod: z.enum(["email", "web"]),
  submittedAt: isoDate,
  /** The owner's title, or one made from the story. Absent: an archive made before stories had titles. */
  title: z.string().optional(),
  /** Whether the owner chose the title (an import keeps it as theirs). */
  titleByOwner: z.boolean().optional(),
  text: z.string(),
  page: entryPath,
  photos: z.array(PhotoSchema),
  /** Absent: an archive made before documents were kept. */
  documents: z.array(DocumentSchema).optional(),
  recording: RecordingSchema.nullable(),
});

export const ChapterSchema = z.object({
  title: z.string(),
  start: z.number().nonnegative(),
  /** The stories this chapter tells (the book's QR links play them from here). Absent: not known (an older episode or archive). */
  storyIds: z.array(z.string()).optional(),
});

export const EpisodeSchema = z.object({
  id: z.string(),
  collectionId: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  completedAt: isoDate.nullable(),
  transcript: z.string().nullable(),
  chapters: z.array(ChapterSchema),
  page: entryPath,
  audio: entryPath,
  transcriptFile: entryPath.nullable(),
});

export const NewsletterSchema = z.object({
  id: z.string(),
  collectionId: z.string().nullable(),
  episodeId: z.string().nullable(),
  edition: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  familyName: z.string().nullable(),
  publishedAt: isoDate.nullable(),
  page: entryPath,
  cover: entryPath.nullable(),
  stories: z.array(
    z.object({
      storyId: z.string().nullable(),
      category: z.string(),
      title: z.string(),
      author: z.string().nullable(),
      text: z.string(),
      photoIds: z.array(z.string()),
    }),
  ),
});

export const CollectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  prompt: z.string(),
  status: z.string(),
  createdAt: isoDate,
  page: entryPath,
  storyIds: z.array(z.string()),
  /** The collection's private podcast feed, when one was made; revoked feeds stay revoked. */
  feeds: z.array(z.object({ revoked: z.boolean(), createdAt: isoDate })),
});

/** The family book's PDF as last made (the newest finished one), kept beside the site. */
export const BookFileSchema = z.object({
  file: entryPath,
  pageCount: z.number().int().nullable(),
  trim: z.string(),
  madeAt: isoDate,
});

export const ArchiveSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_FORMAT_VERSION),
  exportedAt: isoDate,
  scope: z.enum(["account", "collection"]),
  owner: z.object({ name: z.string() }),
  collections: z.array(CollectionSchema),
  stories: z.array(StorySchema),
  episodes: z.array(EpisodeSchema),
  newsletters: z.array(NewsletterSchema),
  /** Absent: an archive made before books were kept in it; null: no book had been made. */
  book: BookFileSchema.nullable().optional(),
});

export type ArchiveData = z.infer<typeof ArchiveSchema>;
export type ArchiveStory = z.infer<typeof StorySchema>;
export type ArchiveEpisode = z.infer<typeof EpisodeSchema>;
export type ArchiveCollection = z.infer<typeof CollectionSchema>;
export type ArchiveNewsletter = z.infer<typeof NewsletterSchema>;

/** The JSON Schema written beside data.json, so the archive explains itself without this code. */
export const archiveJsonSchema = () => z.toJSONSchema(ArchiveSchema, { target: "draft-2020-12" });
