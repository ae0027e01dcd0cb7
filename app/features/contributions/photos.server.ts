// The photos that come with e-mail replies: re-encoded once on arrival (upright, size capped, no
// metadata: decision 0151), served to the owner and in newsletters, and removed by the owner.
// Photos stored before that rule are re-encoded by a one-off job, and on their next serve if the
// job has not reached them yet; no original is kept, not even for the owner.
import { randomUUID } from "node:crypto";
import { downloadName, storedFileType } from "~/lib/file-types";
import { ImageError, imageVersion, reencodePhoto, removeImageVariants, serveImage, type StoredImage } from "~/lib/images.server";
import { readStoredBytes } from "~/lib/storage/read-bytes.server";
import { getStorage } from "~/lib/storage/storage.server";
import { recordSystemError } from "~/lib/system-errors.server";
import {
  addAttachment,
  deleteOwnedPhoto,
  forgetUnreadablePhoto,
  getPhotoById,
  getPhotoByStorageKey,
  photosStoredAsSent,
  replacePhotoFile,
} from "~/models/contribution-attachment.server";
import { storageKeys } from "~/lib/storage/keys";

/** Every re-encoded photo lives under this prefix; a key outside it is a photo stored as it was sent. */
const PHOTO_PREFIX = "photos/";
const photoKey = (contributionId: string, image: StoredImage) => storageKeys.photo(contributionId, `${randomUUID()}.${image.ext}`);


export type ReceivedPhoto = { image: StoredImage; fileName: string };

/** A received picture as we keep it, or null when it is not one (it is then dropped like any other file). */
export async function receivePhoto(bytes: Uint8Array, sentName: string): Promise<ReceivedPhoto | null> {
  try {
    const image = await reencodePhoto(bytes);
    // The sender's name with the extension of what we stored ("IMG_1.HEIC" → "IMG_1.jpg").
    return { image, fileName: downloadName(sentName, image.ext, "photo") };
  } catch (error) {
    if (error instanceof ImageError) return null;
    throw error;
  }
}

/** A received photo's file in storage, under the story's id; the caller writes its row. */
export async function storePhotoFile(contributionId: string, { image, fileName }: ReceivedPhoto) {
  const storageKey = photoKey(contributionId, image);
  const { size } = await getStorage().put(storageKey, image.bytes);
  return { contributionId, storageKey, fileName, contentType: image.type, size };
}

export async function storeStoryPhotos(contributionId: string, photos: ReceivedPhoto[]) {
  for (const photo of photos) addAttachment(await storePhotoFile(contributionId, photo));
}

type StoredPhoto = { id: string; storageKey: string; fileName: string; contentType: string };

/**
 * A photo stored as it was sent, re-encoded now: the row points at the new file before the old one is
 * removed. Null when it cannot be read as an image (the row goes: it was never viewable) or is gone.
 */
async function reencodeStoredPhoto(photo: StoredPhoto): Promise<StoredPhoto | null> {
  const storage = getStorage();
  const bytes = await readStoredBytes(photo.storageKey);
  const received = bytes ? await receivePhoto(bytes, photo.fileName) : null;
  if (!received) {
    if (forgetUnreadablePhoto(photo.id, photo.storageKey)) {
      await storage.remove(photo.storageKey);
      recordSystemError({ error: new Error(`Photo ${photo.id} could not be read as an image and was removed`), errorType: "photo_unreadable", workflow: "photos:reencode", severity: "low" });
    }
    return null;
  }
  const contributionId = photo.storageKey.split("/")[1] ?? "legacy";
  const storageKey = photoKey(contributionId, received.image);
  const { size } = await storage.put(storageKey, received.image.bytes);
  if (!replacePhotoFile(photo.id, photo.storageKey, { storageKey, contentType: received.image.type, size, fileName: received.fileName })) {
    // Another request re-encoded or removed it first: this copy is nobody's, theirs is served.
    await storage.remove(storageKey);
    const current = getPhotoById(photo.id);
    return current?.storageKey.startsWith(PHOTO_PREFIX) ? current : null;
  }
  await storage.remove(photo.storageKey);
  return { ...photo, storageKey, contentType: received.image.type, fileName: received.fileName };
}

/** The one-off job: every photo stored as it was sent, re-encoded (a batch at a time). */
export async function reencodePhotosStoredAsSent(batch = 50) {
  let done = 0;
  for (let photos = photosStoredAsSent(PHOTO_PREFIX, batch); photos.length > 0; photos = photosStoredAsSent(PHOTO_PREFIX, batch)) {
    for (const photo of photos) {
      await reencodeStoredPhoto(photo);
      done++;
    }
  }
  return done;
}

/**
 * Answers with a photo, re-encoding first one stored before the rule (404 when it cannot be); `?w=`
 * asks for a sized copy (images.server). Every photo route is for one reader: never a shared cache.
 */
export async function servePhoto(request: Request, photo: StoredPhoto, cacheControl: string) {
  const servable = photo.storageKey.startsWith(PHOTO_PREFIX) ? photo : await reencodeStoredPhoto(photo);
  if (!servable) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  // The type our re-encoding gave the file (its key's extension), not the row's: archives imported
  // before decision 0198 copied theirs, SVG and HTML included.
  return serveImage(request, servable.storageKey, { contentType: storedFileType(servable.storageKey), shared: false, cacheControl });
}

/** A newsletter's cover names its photo by file; null when no photo is stored under that key. */
export async function servePhotoByKey(request: Request, storageKey: string, cacheControl: string) {
  const photo = getPhotoByStorageKey(storageKey);
  return photo ? servePhoto(request, photo, cacheControl) : null;
}

/** A photo's bytes for a document that embeds it (the newsletter's PDF); one stored as sent is re-encoded first. */
export async function photoBytes(storageKey: string) {
  const photo = getPhotoByStorageKey(storageKey);
  const current = photo && !photo.storageKey.startsWith(PHOTO_PREFIX) ? await reencodeStoredPhoto(photo) : photo;
  return current ? readStoredBytes(current.storageKey) : null;
}

/** False when the photo is not one of this owner's in this campaign (the caller answers 404). */
export async function removeStoryPhoto(ownerId: string, campaignId: string, photoId: string) {
  const storageKey = deleteOwnedPhoto(ownerId, campaignId, photoId);
  if (!storageKey) return false;
  // After the commit: a file left by a crash here is unreachable, a row without its file would not be.
  await getStorage().remove(storageKey);
  await removeImageVariants(getStorage(), storageKey);
  return true;
}

export const storyPhotoUrl = (campaignId: string, photoId: string) => `/campaigns/${campaignId}/photos/${photoId}`;

/** What a page needs to show a stored photo in a small box: its URL and its version (for caching). */
export const storyPhotoSource = (campaignId: string, photo: { id: string; storageKey: string }) => ({
  url: storyPhotoUrl(campaignId, photo.id),
  version: photo.storageKey.startsWith(PHOTO_PREFIX) ? imageVersion(photo.storageKey) : null,
});
