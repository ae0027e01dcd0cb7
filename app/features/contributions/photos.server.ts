// The photos that come with e-mail replies, as the owner sees and removes them on the stories page.
import { deleteOwnedPhoto } from "~/models/contribution-attachment.server";
import { getStorage } from "~/lib/storage/storage.server";

/** False when the photo is not one of this owner's in this campaign (the caller answers 404). */
export async function removeStoryPhoto(ownerId: string, campaignId: string, photoId: string) {
  const storageKey = deleteOwnedPhoto(ownerId, campaignId, photoId);
  if (!storageKey) return false;
  // After the commit: a file left by a crash here is unreachable, a row without its file would not be.
  await getStorage().remove(storageKey);
  return true;
}

export const storyPhotoUrl = (campaignId: string, photoId: string) => `/campaigns/${campaignId}/photos/${photoId}`;
