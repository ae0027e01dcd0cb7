// One path for the standard upload, the chunked upload and the no-JavaScript draft (decision 0109).
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";

import {
  createTestimonialResponse,
  findCampaignByPublicId,
  getTestimonialResponse,
  type PublicTestimonialCampaign,
} from "~/features/testimonials/campaigns.server";
import { env } from "~/lib/env.server";
import { getStorage } from "~/lib/storage/storage.server";

import { testimonialMessages } from "./messages";
import { MAX_SELECTED_QUESTIONS, type SelectedQuestion, type TextResponse } from "./schemas";
import { publishStagedVideo, requireVideo, responseVideoKey, UploadRejected, withLocalFile } from "./uploads.server";
import { checkVideo } from "./video.server";

export function requireOpenCampaign(publicId: string | undefined) {
  const campaign = findCampaignByPublicId(publicId ?? "");
  if (!campaign) throw Response.json({ message: testimonialMessages.api.campaignNotFound }, { status: 404 });
  if (!campaign.isActive)
    throw Response.json(
      { message: testimonialMessages.api.inactive, title: testimonialMessages.campaign.inactive.title },
      { status: 403 },
    );
  return campaign;
}

/** The client's question text is ignored: the campaign's own wording is stored. */
export function answersFor(
  campaign: PublicTestimonialCampaign,
  list: ReadonlyArray<{ questionIndex: number; response: string }>,
): TextResponse[] {
  if (!campaign.allowTextResponses) return [];
  const seen = new Set<number>();
  return list
    .map((r) => ({
      questionIndex: r.questionIndex,
      question: campaign.questions[r.questionIndex]?.question ?? "",
      response: r.response.trim(),
    }))
    .filter((r) => r.question !== "" && r.response !== "" && !seen.has(r.questionIndex) && seen.add(r.questionIndex));
}

export function selectedFor(
  campaign: PublicTestimonialCampaign,
  indices: readonly number[] | undefined,
): SelectedQuestion[] {
  return [...new Set(indices ?? [])]
    .filter((i) => campaign.questions[i] !== undefined)
    .slice(0, MAX_SELECTED_QUESTIONS)
    .sort((a, b) => a - b)
    .map((questionIndex) => ({ questionIndex, question: campaign.questions[questionIndex]!.question }));
}

type VideoFacts = { mimeType: string; duration: number | null };
type CheckedVideo = VideoFacts & { size: number };
export type StagedVideo =
  { stagedPath: string; size: number; facts?: VideoFacts } | { storedKey: string; size: number; facts?: undefined };

async function requireStoredVideo(key: string): Promise<CheckedVideo> {
  const facts = await withLocalFile(key, async (file) => {
    const checked = await checkVideo(file);
    if (checked && env().STORAGE_DRIVER !== "local") await getStorage().put(key, createReadStream(file));
    return checked;
  });
  if (!facts) {
    await getStorage().remove(key);
    throw new UploadRejected(400, testimonialMessages.api.notAVideo);
  }
  return facts;
}

export async function storeSubmission(input: {
  id?: string;
  campaign: PublicTestimonialCampaign;
  respondentName: string;
  respondentEmail: string;
  responses: ReadonlyArray<{ questionIndex: number; response: string }>;
  selectedQuestions?: readonly number[];
  consentTimestamp: Date;
  video: StagedVideo | null;
}) {
  const { campaign, video } = input;
  const id = input.id ?? randomUUID();
  const earlier = () => (input.id ? getTestimonialResponse(campaign.id, input.id) : undefined);
  const done = earlier();
  if (done) return done;
  let stored: { key: string; size: number; mimeType: string; duration: number | null } | null = null;
  if (video) {
    if ("storedKey" in video) {
      const facts = await requireStoredVideo(video.storedKey);
      stored = { key: video.storedKey, size: facts.size, mimeType: facts.mimeType, duration: facts.duration };
    } else {
      const facts = video.facts ? { ...video.facts, size: video.size } : await requireVideo(video.stagedPath);
      const key = responseVideoKey(campaign.id, id, facts.mimeType);
      await publishStagedVideo(video.stagedPath, key);
      stored = { key, size: facts.size, mimeType: facts.mimeType, duration: facts.duration };
    }
  }
  try {
    return createTestimonialResponse({
      id,
      campaignId: campaign.id,
      respondentName: input.respondentName.trim(),
      respondentEmail: input.respondentEmail.trim(),
      responses: answersFor(campaign, input.responses),
      selectedQuestions: selectedFor(campaign, input.selectedQuestions),
      consentTimestamp: input.consentTimestamp,
      video: stored,
    });
  } catch (error) {
    // The same submission, sent twice at once, was stored by the other request: that one stands.
    const other = earlier();
    if (other) return other;
    if (stored) await getStorage().remove(stored.key);
    throw error;
  }
}

export function rejectionResponse(error: unknown): Response {
  if (error instanceof UploadRejected)
    return Response.json({ ...error.extra, message: error.message }, { status: error.status });
  throw error;
}
