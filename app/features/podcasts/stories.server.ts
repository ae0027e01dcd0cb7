import { randomUUID } from "node:crypto";
import { stories } from "#db/schema";
import { and, eq } from "drizzle-orm";

import { PodcastRequestError } from "~/features/podcasts/errors";
import { MAX_PDF_MB, podcastMessages } from "~/features/podcasts/messages";
import { extractPdfText, hasPdfSignature } from "~/features/podcasts/pdf-text.server";
import { STORY_CONTENT_MAX, STORY_TITLE_MAX, StoryTextSchema } from "~/features/podcasts/schemas";
import { db } from "~/lib/db.server";
import { storageKeys } from "~/lib/storage/keys";
import { getStorage } from "~/lib/storage/storage.server";

export type Story = typeof stories.$inferSelect;

export const MAX_PDF_BYTES = MAX_PDF_MB * 1024 * 1024;

export function getOwnedStory(ownerId: string, storyId: string) {
  return db.query.stories.findFirst({ where: and(eq(stories.id, storyId), eq(stories.ownerId, ownerId)) });
}

const textStoryErrors = new Map(
  [
    podcastMessages.upload.missingTitle,
    podcastMessages.upload.missingContent,
    podcastMessages.upload.titleTooLong,
    podcastMessages.upload.contentTooLong,
  ].map((m) => [m.description as string, m]),
);

export function createTextStory(ownerId: string, input: { storyTitle?: unknown; storyContent?: unknown }) {
  const parsed = StoryTextSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new PodcastRequestError(
      400,
      textStoryErrors.get(issue.message) ?? podcastMessages.upload.failed,
      String(issue.path[0]),
    );
  }
  return db
    .insert(stories)
    .values({ ownerId, title: parsed.data.storyTitle, content: parsed.data.storyContent, source: "text" })
    .returning()
    .get();
}

export function titleFromFileName(name: string) {
  const base = name.replace(/^.*[\\/]/, "").replace(/\.pdf$/i, "");
  return base.replace(/[_-]+/g, " ").replace(/\s+/g, " ").trim();
}

export type PdfUpload = { bytes: Uint8Array; name: string };

export async function createPdfStory(ownerId: string, pdf: PdfUpload, typedTitle?: string | null) {
  if (pdf.bytes.byteLength > MAX_PDF_BYTES)
    throw new PodcastRequestError(413, podcastMessages.upload.tooLarge, "pdfFile");
  if (!hasPdfSignature(pdf.bytes)) throw new PodcastRequestError(415, podcastMessages.upload.invalidType, "pdfFile");

  let extracted: Awaited<ReturnType<typeof extractPdfText>>;
  try {
    extracted = await extractPdfText(pdf.bytes);
  } catch {
    throw new PodcastRequestError(422, podcastMessages.upload.unreadablePdf, "pdfFile");
  }
  if (!extracted.text) throw new PodcastRequestError(422, podcastMessages.upload.noTextInPdf, "pdfFile");
  if (extracted.text.length > STORY_CONTENT_MAX)
    throw new PodcastRequestError(413, podcastMessages.upload.contentTooLong, "pdfFile");

  const title = (
    typedTitle?.trim() ||
    extracted.title ||
    titleFromFileName(pdf.name) ||
    podcastMessages.upload.untitled
  ).slice(0, STORY_TITLE_MAX);
  const id = randomUUID();
  const pdfKey = storageKeys.storyPdf(id);
  const storage = getStorage();
  await storage.put(pdfKey, pdf.bytes);
  try {
    return db
      .insert(stories)
      .values({ id, ownerId, title, content: extracted.text, source: "pdf", pdfKey })
      .returning()
      .get();
  } catch (error) {
    await storage.remove(pdfKey);
    throw error;
  }
}

export type StoryUpload = { storyTitle?: string | null; storyContent?: string | null; pdf?: PdfUpload | null };

export async function createStoryFromUpload(ownerId: string, { storyTitle, storyContent, pdf }: StoryUpload) {
  if (pdf && pdf.bytes.byteLength > 0) return createPdfStory(ownerId, pdf, storyTitle);
  if (!storyTitle?.trim() && !storyContent?.trim())
    throw new PodcastRequestError(400, podcastMessages.upload.noFile, "pdfFile");
  return createTextStory(ownerId, { storyTitle, storyContent });
}
