import type { ActionFunctionArgs } from "@remix-run/node";
import type { z } from "zod";

import { directUploadedVideo, readTicket } from "~/features/testimonials/direct-uploads.server";
import { testimonialMessages } from "~/features/testimonials/messages";
import { ChunkedSubmissionSchema, consentTime } from "~/features/testimonials/schemas";
import { rejectionResponse, requireOpenCampaign, storeSubmission } from "~/features/testimonials/submit.server";
import { assembledUpload, forgetUpload } from "~/features/testimonials/uploads.server";
import { now } from "~/lib/clock.server";
import { apiError, readBody, requireMethod } from "~/lib/http.server";

// The client's size and type claims are replaced by what the server measured. A video the browser
// put in the bucket itself comes with its ticket instead of an uploadId (decision 0145).
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const campaign = requireOpenCampaign(params.publicId);
  const body = await readBody(request, ChunkedSubmissionSchema);
  try {
    const video = await receivedVideo(campaign.id, body);
    const response = await storeSubmission({
      id: video.responseId,
      campaign,
      respondentName: body.respondentName,
      respondentEmail: body.respondentEmail,
      responses: body.responses,
      selectedQuestions: body.selectedQuestions,
      consentTimestamp: consentTime(body.consentTimestamp, now()),
      video: video.stored,
    });
    if (video.uploadId) await forgetUpload(video.uploadId);
    return Response.json({ id: response.id, message: testimonialMessages.upload.success }, { status: 201 });
  } catch (error) {
    if (error instanceof Response) throw error;
    return rejectionResponse(error);
  }
}

async function receivedVideo(campaignId: string, body: z.infer<typeof ChunkedSubmissionSchema>) {
  if (body.directUpload !== undefined) {
    const direct = await directUploadedVideo(readTicket(body.directUpload, campaignId));
    return {
      responseId: direct.responseId,
      uploadId: null,
      stored: { storedKey: direct.storedKey, size: direct.size },
    };
  }
  const upload = await assembledUpload(campaignId, body.uploadId!);
  if (body.videoPath && body.videoPath !== upload.videoPath) apiError(400, testimonialMessages.api.uploadMismatch);
  return {
    responseId: upload.responseId,
    uploadId: body.uploadId!,
    stored: {
      stagedPath: upload.stagedPath,
      size: upload.videoSize,
      facts: { mimeType: upload.mimeType, duration: upload.duration },
    },
  };
}

export const loader = () => apiError(405, "Use POST to submit a chunked testimonial");
