// What the stories page shows of a collection's replies: story cards with their photos, and the
// e-mails that arrived with nothing usable (decision 0120). Callers check ownership first.
import type { EmptyReplyData } from "~/features/contributions/components/empty-replies";
import type { StoryCardData } from "~/features/contributions/components/story-card";
export { REMOVE_PHOTO_INTENT } from "~/features/contributions/components/story-photos";
import { listCampaignPhotos } from "~/models/contribution-attachment.server";
import { listContributions, type Contribution } from "~/models/contribution.server";
import { listEmptyReplies } from "~/models/empty-reply.server";
import { formatDateTimeAt } from "~/lib/format-date";
import { redirectWithToast } from "~/lib/toast.server";
import { storyMessages } from "./messages";
import { removeStoryPhoto, storyPhotoUrl } from "./photos.server";
import { stripQuotedReply } from "./quote-strip";

function toStoryCard(c: Contribution, photos: StoryCardData["photos"]): StoryCardData {
  const story = c.storyContent.trim() ? stripQuotedReply(c.storyContent) : "";
  return {
    id: c.id,
    contributorName: c.contributorName,
    contributorEmail: c.contributorEmail,
    sentFrom: c.sentFrom,
    submissionMethod: c.submissionMethod,
    submittedLabel: formatDateTimeAt(c.submittedAt),
    story,
    fullContent: c.storyContent,
    showFull: story !== "" && (c.submissionMethod === "email" || story !== c.storyContent.trim()),
    photos,
  };
}

export function listStoryCards(campaignId: string): StoryCardData[] {
  const photos = new Map<string, StoryCardData["photos"]>();
  for (const photo of listCampaignPhotos(campaignId)) {
    const list = photos.get(photo.contributionId) ?? [];
    list.push({ id: photo.id, url: storyPhotoUrl(campaignId, photo.id), fileName: photo.fileName });
    photos.set(photo.contributionId, list);
  }
  return listContributions(campaignId).map((c) => toStoryCard(c, photos.get(c.id) ?? []));
}

export function listEmptyReplyCards(campaignId: string): EmptyReplyData[] {
  return listEmptyReplies(campaignId).map((r) => ({
    id: r.id,
    contributorEmail: r.contributorEmail,
    sentFrom: r.sentFrom,
    subject: r.subject,
    receivedLabel: formatDateTimeAt(r.receivedAt),
    content: r.content,
  }));
}

/** The stories page's remove-photo form: 400 without a photo id, 404 for a photo not the owner's. */
export async function removePhotoAction(ownerId: string, campaignId: string, formData: FormData, pageUrl: string) {
  const photoId = formData.get("photoId");
  if (typeof photoId !== "string" || !photoId) throw new Response(storyMessages.validation.photoMissing, { status: 400 });
  if (!(await removeStoryPhoto(ownerId, campaignId, photoId))) throw new Response("Not Found", { status: 404 });
  return redirectWithToast(pageUrl, storyMessages.toast.photoRemoved);
}
