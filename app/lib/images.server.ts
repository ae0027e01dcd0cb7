// The one place images from people are decoded and written again, so a phone's GPS position stays behind (decision 0151).
import { createHash } from "node:crypto";
import sharp, { type Sharp } from "sharp";

import { IMAGE_WIDTHS, type ImageWidth } from "~/lib/image-urls";
import { serveStoredFile } from "~/lib/serve-file.server";
import { getStorage, type Storage } from "~/lib/storage/storage.server";

import { storageKeys } from "./storage/keys";

/** A picture larger than this many pixels is refused before decoding (a decompression bomb). */
export const MAX_INPUT_PIXELS = 50_000_000;
export const MAX_PHOTO_EDGE = 3200;

const DECODABLE = ["jpeg", "png", "webp", "heif", "gif"];

export class ImageError extends Error {
  constructor() {
    super("not an image");
    this.name = "ImageError";
  }
}

export async function openImage(bytes: Uint8Array): Promise<{ image: Sharp; hasAlpha: boolean }> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.format || !DECODABLE.includes(meta.format)) throw new ImageError();
    if (meta.format === "heif" && meta.compression === "hevc")
      return { image: await decodeHevcHeif(bytes, meta), hasAlpha: meta.hasAlpha === true };
    return {
      image: sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate(),
      hasAlpha: meta.hasAlpha === true,
    };
  } catch {
    throw new ImageError();
  }
}

// sharp ships no HEVC decoder, so libheif in WebAssembly decodes an iPhone's HEIC photo (decision 0166).
async function decodeHevcHeif(bytes: Uint8Array, meta: { width?: number; height?: number }): Promise<Sharp> {
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_INPUT_PIXELS) throw new ImageError();
  const { default: decodeHeic } = await import("heic-decode");
  const { width, height, data } = await decodeHeic({ buffer: bytes });
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width, height, channels: 4 },
    limitInputPixels: MAX_INPUT_PIXELS,
  });
}

export type StoredImage = { bytes: Buffer; type: "image/jpeg" | "image/png"; ext: "jpg" | "png" };

export async function reencodePhoto(bytes: Uint8Array, maxEdge = MAX_PHOTO_EDGE): Promise<StoredImage> {
  const { image, hasAlpha } = await openImage(bytes);
  const resized = image.resize(maxEdge, maxEdge, { fit: "inside", withoutEnlargement: true });
  try {
    const transparent = hasAlpha && !(await image.clone().stats()).isOpaque;
    if (transparent)
      return { bytes: await resized.png({ compressionLevel: 9 }).toBuffer(), type: "image/png", ext: "png" };
    return { bytes: await resized.jpeg({ quality: 85, mozjpeg: true }).toBuffer(), type: "image/jpeg", ext: "jpg" };
  } catch {
    throw new ImageError();
  }
}

export type VariantFormat = "webp" | "jpeg";

export function parseImageWidth(value: string | null): ImageWidth | null {
  const width = Number(value);
  return (IMAGE_WIDTHS as readonly number[]).includes(width) ? (width as ImageWidth) : null;
}

export const negotiateImageFormat = (accept: string | null): VariantFormat =>
  /\bimage\/webp\b/i.test(accept ?? "") ? "webp" : "jpeg";

export const imageVersion = (key: string) => createHash("sha256").update(key).digest("base64url").slice(0, 16);

export const variantKey = (sourceKey: string, width: ImageWidth, format: VariantFormat) =>
  storageKeys.variant(
    createHash("sha256").update(sourceKey).digest("hex").slice(0, 32),
    width,
    format === "webp" ? "webp" : "jpg",
  );

export async function ensureImageVariant(
  storage: Storage,
  sourceKey: string,
  width: ImageWidth,
  format: VariantFormat,
): Promise<string | null> {
  const key = variantKey(sourceKey, width, format);
  if ((await storage.size(key)) !== null) return key;
  const source = await storage.read(sourceKey);
  if (!source) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of source.stream) chunks.push(chunk as Buffer);
  const { image } = await openImage(Buffer.concat(chunks));
  const resized = image.resize(width, width, { fit: "inside", withoutEnlargement: true });
  const bytes =
    format === "webp"
      ? await resized.webp({ quality: 78 }).toBuffer()
      : await resized.flatten({ background: "#ffffff" }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  await storage.put(key, bytes);
  return key;
}

export async function removeImageVariants(storage: Storage, sourceKey: string) {
  const folder = variantKey(sourceKey, IMAGE_WIDTHS[0], "jpeg").replace(/[^/]+$/, "");
  for (const file of await storage.list(folder)) await storage.remove(file.key);
}

// A `?v=` URL names one exact file, so it may be cached for a year; without it a replaced image shows at once.
export async function serveImage(
  request: Request,
  key: string,
  { contentType, shared, cacheControl }: { contentType: string; shared: boolean; cacheControl: string },
) {
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
