// The one place images from people are decoded and written again (decision 0151). A photo is never
// stored as it came: libvips decodes it (the content decides the type, never the name), turns it
// upright from its EXIF orientation, caps its size and writes a fresh file without metadata, so a
// phone's GPS position, camera serial and embedded thumbnails stay behind.
import sharp, { type Sharp } from "sharp";

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
    return { image: sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate(), hasAlpha: meta.hasAlpha === true };
  } catch {
    throw new ImageError();
  }
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
