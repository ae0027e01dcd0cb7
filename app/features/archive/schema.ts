// The shape of an archive's data.json (docs/archive-format.md); a breaking change raises the version.
import { z } from "zod";

export const ARCHIVE_FORMAT = "storyhearth-archive";
export const ARCHIVE_FORMAT_VERSION = 1;

const entryPath = z.string().regex(/^(?!\/)(?!.*(?:^|\/)\.\.(?:\/|$))[A-Za-z0-9._/-]+$/);
const isoDate = z.iso.datetime();

export const PhotoSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  file: entryPath,
});

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
  title: z.string().optional(),
  titleByOwner: z.boolean().optional(),
  text: z.string(),
  page: entryPath,
  photos: z.array(PhotoSchema),
  documents: z.array(DocumentSchema).optional(),
  recording: RecordingSchema.nullable(),
});

export const ChapterSchema = z.object({
  title: z.string(),
  start: z.number().nonnegative(),
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
  feeds: z.array(z.object({ revoked: z.boolean(), createdAt: isoDate })),
});

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
  book: BookFileSchema.nullable().optional(),
});

export type ArchiveData = z.infer<typeof ArchiveSchema>;
export type ArchiveStory = z.infer<typeof StorySchema>;
export type ArchiveEpisode = z.infer<typeof EpisodeSchema>;
export type ArchiveCollection = z.infer<typeof CollectionSchema>;
export type ArchiveNewsletter = z.infer<typeof NewsletterSchema>;

export const archiveJsonSchema = () => z.toJSONSchema(ArchiveSchema, { target: "draft-2020-12" });
