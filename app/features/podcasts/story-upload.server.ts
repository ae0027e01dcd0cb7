// Reads the wizard's first step from a request: a multipart form (storyTitle, storyContent, pdfFile)
// streamed part by part, so a file over the limit is counted and dropped, not held in memory, and
// the answer is the spec's 'File too large' rather than a broken connection.
import { MaxPartSizeExceededError, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { MAX_PDF_BYTES, type StoryUpload } from "~/features/podcasts/stories.server";
import { podcastMessages } from "~/features/podcasts/messages";
import { PodcastRequestError } from "./errors";

const u = podcastMessages.upload;

/** Past this the upload is not worth reading to its end: the connection is dropped. */
const HARD_CAP_BYTES = 5 * MAX_PDF_BYTES;
/** A typed field (title, story) of at most 200,000 characters fits in this. */
const MAX_TEXT_FIELD_BYTES = 1024 * 1024;

type Parsed = { fields: Map<string, string>; file: { bytes: Uint8Array; name: string } | null; oversized: string | null };

async function readMultipart(request: Request): Promise<Parsed> {
  const parsed: Parsed = { fields: new Map(), file: null, oversized: null };
  const handler: UploadHandler = async ({ name, filename, data }) => {
    const isFile = typeof filename === "string";
    const limit = isFile ? MAX_PDF_BYTES : MAX_TEXT_FIELD_BYTES;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size > HARD_CAP_BYTES) throw new MaxPartSizeExceededError(name, HARD_CAP_BYTES);
      // Keep reading past the limit (so the answer reaches the browser) but keep nothing.
      if (size <= limit) chunks.push(chunk);
    }
    if (size > limit) {
      parsed.oversized ??= name;
    } else if (isFile && name === "pdfFile") {
      parsed.file = { bytes: Buffer.concat(chunks), name: filename ?? "" };
    } else if (!isFile && (name === "storyTitle" || name === "storyContent")) {
      parsed.fields.set(name, Buffer.concat(chunks).toString("utf8"));
    }
    return undefined;
  };
  await unstable_parseMultipartFormData(request, handler);
  return parsed;
}

/**
 * The story fields of a POST /api/stories/upload (multipart; a urlencoded or JSON body may carry the
 * typed fields). Unreadable input is 'Upload failed'; a file over 20 MB is 'File too large'.
 */
export async function readStoryUpload(request: Request): Promise<StoryUpload> {
  const type = request.headers.get("content-type") ?? "";
  try {
    if (type.includes("multipart/form-data")) {
      const { fields, file, oversized } = await readMultipart(request);
      if (oversized === "pdfFile") throw new PodcastRequestError(413, u.tooLarge, "pdfFile");
      if (oversized) throw new PodcastRequestError(413, oversized === "storyTitle" ? u.titleTooLong : u.contentTooLong, oversized);
      return { storyTitle: fields.get("storyTitle") ?? null, storyContent: fields.get("storyContent") ?? null, pdf: file };
    }
    if (type.includes("application/x-www-form-urlencoded")) {
      const form = await request.formData();
      const text = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : null);
      return { storyTitle: text("storyTitle"), storyContent: text("storyContent"), pdf: null };
    }
    if (type.includes("application/json")) {
      const body = (await request.json()) as unknown;
      const text = (name: string) => {
        const value = body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;
        return typeof value === "string" ? value : null;
      };
      return { storyTitle: text("storyTitle"), storyContent: text("storyContent"), pdf: null };
    }
  } catch (error) {
    if (error instanceof PodcastRequestError) throw error;
    if (error instanceof MaxPartSizeExceededError) throw new PodcastRequestError(413, u.tooLarge, "pdfFile");
    throw new PodcastRequestError(400, u.failed);
  }
  throw new PodcastRequestError(415, u.failed);
}
