import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";

import type { EmptyReplyData } from "~/features/contributions/components/empty-replies";
import { REPLY_READING_INTENT, type StoryCardData } from "~/features/contributions/components/story-card";
import { EDIT_STORY_INTENT } from "~/features/contributions/components/story-text-edit";
import { EDIT_TITLE_INTENT } from "~/features/contributions/components/story-title-edit";
import { displayAddress } from "~/lib/display-address";
import { formatDateTimeAt } from "~/lib/format-date";
import { notFound } from "~/lib/http.server";
import { formatBytes } from "~/lib/number-format";
import { redirectWithToast } from "~/lib/toast.server";
import { listCampaignPhotos } from "~/models/contribution-attachment.server";
import { listCampaignDocuments } from "~/models/contribution-document.server";
import { listCampaignRecordings, type Recording } from "~/models/contribution-recording.server";
import {
  editStoryText,
  listContributionsPage,
  setReplyReading,
  setStoryTitle,
  type Contribution,
} from "~/models/contribution.server";
import { listEmptyReplies, type EmptyReply } from "~/models/empty-reply.server";

import { automaticReplySummary } from "./automatic-mail";
import { storyDocumentUrl } from "./documents.server";
import { forwardedLabel } from "./forwarded";
import { refusalForOwner, refusedNote, storyMessages } from "./messages";
import { removeStoryPhoto, storyPhotoSource } from "./photos.server";
import { ownWords } from "./quote-strip";
import { deleteOwnedRecording, isPlayable, recordingUrl } from "./recordings.server";
import { EditStoryTextSchema, EditStoryTitleSchema } from "./schemas";
import { storyLengthLabel } from "./story-length";
import { familyStory, forwardedParts, ownerStoryText, readStory } from "./story-text";

export { REMOVE_PHOTO_INTENT } from "~/features/contributions/components/story-photos";

export { DELETE_RECORDING_INTENT } from "~/features/contributions/components/story-recording";
export { EDIT_STORY_INTENT, EDIT_TITLE_INTENT };

export { REPLY_READING_INTENT };

function toRecordingCard(campaignId: string, r: Recording): NonNullable<StoryCardData["recording"]> {
  return {
    id: r.id,
    status: r.status,
    url: r.status === "ready" ? recordingUrl(campaignId, r.id) : null,
    originalUrl: r.originalKey ? recordingUrl(campaignId, r.id, true) : null,
    reason: r.status === "refused" ? refusalForOwner(r.reason) : null,
    removalRequested: r.removalRequestedAt !== null,
    duration: r.durationSeconds,
  };
}

function toStoryCard(
  campaignId: string,
  c: Contribution,
  photos: StoryCardData["photos"],
  documents: StoryCardData["documents"],
  recording: Recording | undefined,
): StoryCardData {
  // The owner sees their relatives' private links here (their own page); the title and length are the family's.
  const { story, reading } = readStory(c);
  const view = familyStory(c, [], recording && isPlayable(recording) ? recording : null);
  const whole = story === c.storyContent.trim();
  const showFull =
    c.originalStoryContent === null &&
    story !== "" &&
    !reading?.rest &&
    !(reading && whole) &&
    (c.submissionMethod === "email" || !whole);
  return {
    id: c.id,
    contributorName: c.contributorName,
    contributorEmail: c.contributorEmail,
    sentFrom: c.sentFrom,
    submissionMethod: c.submissionMethod,
    submittedLabel: formatDateTimeAt(c.submittedAt),
    story,
    // Sent only where the card shows it: a story page carries every text once.
    fullContent: showFull ? c.storyContent : "",
    showFull,
    originalText: c.originalStoryContent,
    rest: reading?.rest ?? "",
    keepMore: reading?.keepMore ?? false,
    keepLess: reading?.keepLess ?? false,
    photos,
    documents,
    forwarded: forwardedParts(c).map((f) => ({
      label: `${forwardedLabel(f)}${f.subject ? ` (${f.subject})` : ""}`,
      text: f.text,
    })),
    refusedNote: refusedNote(c.refusedAttachments),
    editText: ownerStoryText(c),
    recording: recording ? toRecordingCard(campaignId, recording) : null,
    title: view.title,
    titled: view.titled,
    lengthLabel: storyLengthLabel(view.length),
  };
}

export function listStoryCards(campaignId: string, window: { limit: number; offset: number }): StoryCardData[] {
  const photos = new Map<string, StoryCardData["photos"]>();
  for (const photo of listCampaignPhotos(campaignId)) {
    const list = photos.get(photo.contributionId) ?? [];
    list.push({ id: photo.id, ...storyPhotoSource(campaignId, photo), fileName: photo.fileName });
    photos.set(photo.contributionId, list);
  }
  const documents = new Map<string, StoryCardData["documents"]>();
  for (const d of listCampaignDocuments(campaignId)) {
    const list = documents.get(d.contributionId) ?? [];
    list.push({
      id: d.id,
      url: storyDocumentUrl(campaignId, d.id),
      fileName: d.fileName,
      sizeLabel: formatBytes(d.size),
    });
    documents.set(d.contributionId, list);
  }
  const recordings = new Map(listCampaignRecordings(campaignId).map((r) => [r.contributionId, r]));
  return listContributionsPage(campaignId, window).map((c) =>
    toStoryCard(campaignId, c, photos.get(c.id) ?? [], documents.get(c.id) ?? [], recordings.get(c.id)),
  );
}

function emptyReplyHeadline(r: EmptyReply) {
  if (r.kind === "bounce") return storyMessages.emptyReplies.bounce(r.contributorEmail);
  if (r.kind === "automatic")
    return storyMessages.emptyReplies.automatic(
      senderName(r.sentFrom) ?? (r.contributorEmail ? displayAddress(r.contributorEmail) : null) ?? "The relative",
      automaticReplySummary(ownWords(r.content) || r.content),
    );
  return storyMessages.emptyReplies.from(r.contributorEmail);
}

const senderName = (sentFrom: string | null) =>
  /^(.+?)\s*<[^<>]+>$/.exec(sentFrom ?? "")?.[1]?.replace(/^"|"$/g, "") || null;

export function listEmptyReplyCards(campaignId: string): EmptyReplyData[] {
  return listEmptyReplies(campaignId).map((r) => ({
    id: r.id,
    headline: emptyReplyHeadline(r),
    contributorEmail: r.contributorEmail,
    sentFrom: r.sentFrom,
    subject: r.subject,
    receivedLabel: formatDateTimeAt(r.receivedAt),
    content: r.content,
    refusedNote: refusedNote(r.refusedAttachments),
  }));
}

export async function removePhotoAction(ownerId: string, campaignId: string, formData: FormData, pageUrl: string) {
  const photoId = formData.get("photoId");
  if (typeof photoId !== "string" || !photoId)
    throw new Response(storyMessages.validation.photoMissing, { status: 400 });
  if (!(await removeStoryPhoto(ownerId, campaignId, photoId))) throw notFound();
  return redirectWithToast(pageUrl, storyMessages.toast.photoRemoved);
}

export function editStoryAction(ownerId: string, campaignId: string, formData: FormData, pageUrl: string) {
  const submission = parseWithZod(formData, { schema: EditStoryTextSchema });
  const contributionId = String(formData.get("contributionId") ?? "");
  if (submission.status !== "success")
    return data(
      { intent: EDIT_STORY_INTENT as typeof EDIT_STORY_INTENT, contributionId, result: submission.reply() },
      { status: 400 },
    );
  if (!editStoryText(ownerId, campaignId, submission.value.contributionId, submission.value.storyContent))
    throw notFound();
  return redirectWithToast(pageUrl, storyMessages.toast.storyEdited);
}

export function editTitleAction(ownerId: string, campaignId: string, formData: FormData, pageUrl: string) {
  const submission = parseWithZod(formData, { schema: EditStoryTitleSchema });
  const contributionId = String(formData.get("contributionId") ?? "");
  if (submission.status !== "success")
    return data(
      { intent: EDIT_TITLE_INTENT as typeof EDIT_TITLE_INTENT, contributionId, result: submission.reply() },
      { status: 400 },
    );
  const { storyTitle } = submission.value;
  if (!setStoryTitle(ownerId, campaignId, submission.value.contributionId, storyTitle)) throw notFound();
  return redirectWithToast(pageUrl, storyTitle ? storyMessages.toast.titleSaved : storyMessages.toast.titleCleared);
}

export function replyReadingAction(ownerId: string, campaignId: string, formData: FormData, pageUrl: string) {
  const contributionId = formData.get("contributionId");
  const choice = formData.get("keep");
  if (typeof contributionId !== "string" || !contributionId || (choice !== "whole" && choice !== "cut"))
    throw new Response(storyMessages.validation.replyReadingMissing, { status: 400 });
  if (!setReplyReading(ownerId, campaignId, contributionId, choice)) throw notFound();
  return redirectWithToast(pageUrl, choice === "whole" ? storyMessages.toast.keptMore : storyMessages.toast.keptLess);
}

export async function deleteRecordingAction(ownerId: string, campaignId: string, formData: FormData, pageUrl: string) {
  const recordingId = formData.get("recordingId");
  if (typeof recordingId !== "string" || !recordingId)
    throw new Response(storyMessages.recording.missing, { status: 400 });
  if (!(await deleteOwnedRecording(ownerId, campaignId, recordingId))) throw notFound();
  return redirectWithToast(pageUrl, storyMessages.toast.recordingDeleted);
}
