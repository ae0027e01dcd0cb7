// Shared by the admin page and the JSON calls, so they can never drift apart.
import {
  deleteTestimonialCampaign,
  type TestimonialCampaign,
  type TestimonialResponseRow,
} from "~/features/testimonials/campaigns.server";
import { getStorage } from "~/lib/storage/storage.server";

export const shareUrl = (origin: string, publicId: string) => `${origin}/testimonials/${publicId}`;

export const videoUrlFor = (campaignId: string, responseId: string) =>
  `/api/admin/testimonials/${campaignId}/responses/${responseId}/video`;
export const adminVideoUrlFor = (campaignId: string, responseId: string) =>
  `${videoUrlFor(campaignId, responseId)}?download=true`;

export function campaignJson(c: TestimonialCampaign) {
  return {
    id: c.id,
    publicId: c.publicId,
    title: c.title,
    description: c.description,
    questions: c.questions.map((q) => ({ question: q.question, helperText: q.helperText ?? null })),
    isActive: c.isActive,
    allowTextResponses: c.allowTextResponses,
    createdAt: c.createdAt.toISOString(),
    responseCount: c.responseCount,
  };
}

export function responseJson(r: TestimonialResponseRow) {
  const hasVideo = Boolean(r.videoKey);
  return {
    id: r.id,
    respondentName: r.respondentName,
    respondentEmail: r.respondentEmail,
    submittedAt: r.submittedAt.toISOString(),
    consentGiven: r.consentGiven,
    consentTimestamp: r.consentTimestamp.toISOString(),
    responses: r.responses,
    selectedQuestions: r.selectedQuestions,
    videoUrl: hasVideo ? videoUrlFor(r.campaignId, r.id) : null,
    adminVideoUrl: hasVideo ? adminVideoUrlFor(r.campaignId, r.id) : null,
    videoSize: r.videoSize,
    videoMimeType: r.videoMimeType,
    videoDuration: r.videoDuration,
  };
}
export type ResponseJson = ReturnType<typeof responseJson>;

export async function deleteCampaignAndVideos(id: string) {
  const { deleted, videoKeys } = deleteTestimonialCampaign(id);
  await Promise.all(
    videoKeys.map((key) =>
      getStorage()
        .remove(key)
        .catch(() => {}),
    ),
  );
  return deleted;
}
