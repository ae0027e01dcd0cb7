// The one place images from people are decoded and written again (decision 0151). A photo is never
// stored as it came: libvips decodes it (the content decides the type, never the name), turns it
// upright from its EXIF orientation, caps its size and writes a fresh file without metadata, so a
// phone's GPS position, camera serial and embedded thumbnails stay behind.
import { createHash } from "node:crypto";
import sharp, { type Sharp } from "sharp";
import { IMAGE_WIDTHS, type ImageWidth } from "~/lib/image-urls";
import { serveStoredFile } from "~/lib/serve-file.server";
import { getStorage, type Storage } from "~/lib/storage/storage.server";
import { storageKeys } from "./storage/keys";

/** A picture larger than this many pixels is refused before decoding (a decompression bomb). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** The long edge of a stored photo: enough for a full printed page at 300 dpi, far under a phone's original. */
export const MAX_PHOTO_EDGE = 3200;

const DECODABLE = ["jpeg", "png", "webp", "heif", "gif"];

export class ImageError extends Error {
  constructor() {
    super("not an image");
    this.name = "ImageError";
  }
}

/**
 * A sharp pipeline on `bytes`, already turned upright; throws ImageError for what libvips cannot read
 * as one of the photo formats we take. Only the first frame of an animation is read.
 */
export async function openImage(bytes: Uint8Array): Promise<{ image: Sharp; hasAlpha: boolean }> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.format || !DECODABLE.includes(meta.format)) throw new ImageError();
    if (meta.format === "heif" && meta.compression === "hevc") return { image: await decodeHevcHeif(bytes, meta), hasAlpha: meta.hasAlpha === true };
    return { image: sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate(), hasAlpha: meta.hasAlpha === true };
  } catch {
    throw new ImageError();
  }
}

/**
 * An iPhone's photo (HEIC: HEIF holding HEVC). sharp's libvips reads the file but ships no HEVC
 * decoder, so libheif compiled to WebAssembly (heic-decode) decodes it, upright already (HEIF says
 * its rotation in the file, which libheif applies), and sharp goes on from its pixels (decision 0166).
 */
async function decodeHevcHeif(bytes: Uint8Array, meta: { width?: number; height?: number }): Promise<Sharp> {
  // The same bound as every other picture, checked before a pixel is decoded.
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_INPUT_PIXELS) throw new ImageError();
  const { default: decodeHeic } = await import("heic-decode");
  const { width, height, data } = await decodeHeic({ buffer: bytes });
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 }, limitInputPixels: MAX_INPUT_PIXELS });
}

export type StoredImage = { bytes: Buffer; type: "image/jpeg" | "image/png"; ext: "jpg" | "png" };

/**
 * A photo as we keep it: upright, at most `maxEdge` px on its long side, no metadata, JPEG (PNG when
 * it has transparency, so a screenshot's clear background stays clear). Both are what browsers, the
 * newsletter's PDF and every mail client show. Throws ImageError for what is not a readable image.
 */
export async function reencodePhoto(bytes: Uint8Array, maxEdge = MAX_PHOTO_EDGE): Promise<StoredImage> {
  const { image, hasAlpha } = await openImage(bytes);
  const resized = image.resize(maxEdge, maxEdge, { fit: "inside", withoutEnlargement: true });
  try {
    // Phones save screenshots with an alpha channel that is all opaque; those are smaller as JPEG too.
    const transparent = hasAlpha && !(await image.clone().stats()).isOpaque;
    // sharp writes no metadata unless asked (withMetadata/keepExif), so none is asked for here.
    if (transparent) return { bytes: await resized.png({ compressionLevel: 9 }).toBuffer(), type: "image/png", ext: "png" };
    return { bytes: await resized.jpeg({ quality: 85, mozjpeg: true }).toBuffer(), type: "image/jpeg", ext: "jpg" };
  } catch {
    throw new ImageError();
  }
}

// Sized copies: a page asks for the width its box needs, made once per stored image, width
// and format, and kept beside it in storage, so a request after the first only reads a file.

export type VariantFormat = "webp" | "jpeg";

/** `?w=` as one of IMAGE_WIDTHS, else null (the original). */
export function parseImageWidth(value: string | null): ImageWidth | null {
  const width = Number(value);
  return (IMAGE_WIDTHS as readonly number[]).includes(width) ? (width as ImageWidth) : null;
}

/** WebP when the Accept header names it (every current browser's image requests do), else JPEG. */
export const negotiateImageFormat = (accept: string | null): VariantFormat => (/\bimage\/webp\b/i.test(accept ?? "") ? "webp" : "jpeg");

/** A short hash of what a stored image is: its key names its content, so a new image gets a new URL. */
export const imageVersion = (key: string) => createHash("sha256").update(key).digest("base64url").slice(0, 16);

export const variantKey = (sourceKey: string, width: ImageWidth, format: VariantFormat) =>
  storageKeys.variant(createHash("sha256").update(sourceKey).digest("hex").slice(0, 32), width, format === "webp" ? "webp" : "jpg");

/**
 * The storage key of `sourceKey` at most `width` px wide in `format`, encoded and stored now when it is
 * not there yet. Null when the source is gone. The source is a file we wrote ourselves (no metadata).
 */
export async function ensureImageVariant(storage: Storage, sourceKey: string, width: ImageWidth, format: VariantFormat): Promise<string | null> {
  const key = variantKey(sourceKey, width, format);
  if ((await storage.size(key)) !== null) return key;
  const source = await storage.read(sourceKey);
  if (!source) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of source.stream) chunks.push(chunk as Buffer);
  const { image } = await openImage(Buffer.concat(chunks));
  const resized = image.resize(width, width, { fit: "inside", withoutEnlargement: true });
  // A transparent PNG photo keeps its clear background as WebP; as JPEG it sits on white, not black.
  const bytes =
    format === "webp" ? await resized.webp({ quality: 78 }).toBuffer() : await resized.flatten({ background: "#ffffff" }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  await storage.put(key, bytes);
  return key;
}

/** Removes every sized copy of `sourceKey` (when the image itself goes). */
export async function removeImageVariants(storage: Storage, sourceKey: string) {
  const folder = variantKey(sourceKey, IMAGE_WIDTHS[0], "jpeg").replace(/[^/]+$/, "");
  for (const file of await storage.list(folder)) await storage.remove(file.key);
}

/**
 * Answers with the stored image `key`: at `?w=` one of IMAGE_WIDTHS (WebP when the browser takes it)
 * or, without it, the original as `contentType` (feeds, downloads, a photo opened whole). A URL whose
 * `?v=` is the stored file's hash names that very image, so it may be kept for a year: by any cache
 * when `shared`, by the viewer's browser only otherwise. Without it `cacheControl` holds and the ETag
 * names the file, so a replaced image shows at once.
 */
export async function serveImage(request: Request, key: string, { contentType, shared, cacheControl }: { contentType: string; shared: boolean; cacheControl: string }) {
  const url = new URL(request.url);
  const width = parseImageWidth(url.searchParams.get("w"));
  const format = width ? negotiateImageFormat(request.headers.get("Accept")) : null;
  const served = width && format ? await ensureImageVariant(getStorage(), key, width, format) : key;
  if (!served) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const versioned = url.searchParams.get("v") === imageVersion(key);
  const response = await serveStoredFile(request, served, {
    contentType: format === "webp" ? "image/webp" : format === "jpeg" ? "image/jpeg" : contentType,
    cacheControl: versioned ? `${shared ? "public" : "private"}, max-age=31536000, immutable` : cacheControl,
    etag: `"${createHash("sha256").update(served).digest("base64url").slice(0, 22)}"`,
  });
  if (width) response.headers.set("Vary", "Accept");
  return response;
}
