// Photos are re-encoded on arrival (upright, size capped, no metadata: decision 0151); no original is kept.
import { randomUUID } from "node:crypto";

import { downloadName, storedFileType } from "~/lib/file-types";
import {
  ImageError,
  imageVersion,
  reencodePhoto,
  removeImageVariants,
  serveImage,
  type StoredImage,
} from "~/lib/images.server";
import { storageKeys } from "~/lib/storage/keys";
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

const PHOTO_PREFIX = "photos/";
const photoKey = (contributionId: string, image: StoredImage) =>
  storageKeys.photo(contributionId, `${randomUUID()}.${image.ext}`);

export type ReceivedPhoto = { image: StoredImage; fileName: string };

export async function receivePhoto(bytes: Uint8Array, sentName: string): Promise<ReceivedPhoto | null> {
  try {
    const image = await reencodePhoto(bytes);
    return { image, fileName: downloadName(sentName, image.ext, "photo") };
  } catch (error) {
    if (error instanceof ImageError) return null;
    throw error;
  }
}

export async function storePhotoFile(contributionId: string, { image, fileName }: ReceivedPhoto) {
  const storageKey = photoKey(contributionId, image);
  const { size } = await getStorage().put(storageKey, image.bytes);
  return { contributionId, storageKey, fileName, contentType: image.type, size };
}

export async function storeStoryPhotos(contributionId: string, photos: ReceivedPhoto[]) {
  for (const photo of photos) addAttachment(await storePhotoFile(contributionId, photo));
}

type StoredPhoto = { id: string; storageKey: string; fileName: string; contentType: string };

async function reencodeStoredPhoto(photo: StoredPhoto): Promise<StoredPhoto | null> {
  const storage = getStorage();
  const bytes = await readStoredBytes(photo.storageKey);
  const received = bytes ? await receivePhoto(bytes, photo.fileName) : null;
  if (!received) {
    if (forgetUnreadablePhoto(photo.id, photo.storageKey)) {
      await storage.remove(photo.storageKey);
      recordSystemError({
        error: new Error(`Photo ${photo.id} could not be read as an image and was removed`),
        errorType: "photo_unreadable",
        workflow: "photos:reencode",
        severity: "low",
      });
    }
    return null;
  }
  const contributionId = photo.storageKey.split("/")[1] ?? "legacy";
  const storageKey = photoKey(contributionId, received.image);
  const { size } = await storage.put(storageKey, received.image.bytes);
  if (
    !replacePhotoFile(photo.id, photo.storageKey, {
      storageKey,
      contentType: received.image.type,
      size,
      fileName: received.fileName,
    })
  ) {
    await storage.remove(storageKey);
    const current = getPhotoById(photo.id);
    return current?.storageKey.startsWith(PHOTO_PREFIX) ? current : null;
  }
  await storage.remove(photo.storageKey);
  return { ...photo, storageKey, contentType: received.image.type, fileName: received.fileName };
}

export async function reencodePhotosStoredAsSent(batch = 50) {
  let done = 0;
  for (
    let photos = photosStoredAsSent(PHOTO_PREFIX, batch);
    photos.length > 0;
    photos = photosStoredAsSent(PHOTO_PREFIX, batch)
  ) {
    for (const photo of photos) {
      await reencodeStoredPhoto(photo);
      done++;
    }
  }
  return done;
}

export async function servePhoto(request: Request, photo: StoredPhoto, cacheControl: string) {
  const servable = photo.storageKey.startsWith(PHOTO_PREFIX) ? photo : await reencodeStoredPhoto(photo);
  if (!servable) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  // The type our re-encoding gave the file, not the row's: an imported archive's row may say SVG or HTML.
  return serveImage(request, servable.storageKey, {
    contentType: storedFileType(servable.storageKey),
    shared: false,
    cacheControl,
  });
}

export async function servePhotoByKey(request: Request, storageKey: string, cacheControl: string) {
  const photo = getPhotoByStorageKey(storageKey);
  return photo ? servePhoto(request, photo, cacheControl) : null;
}

export async function photoBytes(storageKey: string) {
  const photo = getPhotoByStorageKey(storageKey);
  const current = photo && !photo.storageKey.startsWith(PHOTO_PREFIX) ? await reencodeStoredPhoto(photo) : photo;
  return current ? readStoredBytes(current.storageKey) : null;
}

export async function removeStoryPhoto(ownerId: string, campaignId: string, photoId: string) {
  const storageKey = deleteOwnedPhoto(ownerId, campaignId, photoId);
  if (!storageKey) return false;
  await getStorage().remove(storageKey);
  await removeImageVariants(getStorage(), storageKey);
  return true;
}

export const storyPhotoUrl = (campaignId: string, photoId: string) => `/campaigns/${campaignId}/photos/${photoId}`;

export const storyPhotoSource = (campaignId: string, photo: { id: string; storageKey: string }) => ({
  url: storyPhotoUrl(campaignId, photo.id),
  version: photo.storageKey.startsWith(PHOTO_PREFIX) ? imageVersion(photo.storageKey) : null,
});
