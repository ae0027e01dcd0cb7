import type { ActionFunctionArgs } from "@remix-run/node";

import { testimonialMessages } from "~/features/testimonials/messages";
import { consentTime, PublicSubmissionSchema } from "~/features/testimonials/schemas";
import { rejectionResponse, requireOpenCampaign, storeSubmission } from "~/features/testimonials/submit.server";
import { MAX_VIDEO_BYTES, MULTIPART_OVERHEAD_BYTES } from "~/features/testimonials/upload-limits";
import { discardIncoming, readVideoForm, UploadRejected } from "~/features/testimonials/uploads.server";
import { now } from "~/lib/clock.server";
import { apiError, requireMethod } from "~/lib/http.server";
import { recordSystemError } from "~/lib/system-errors.server";

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const campaign = requireOpenCampaign(params.publicId);
  if (Number(request.headers.get("content-length") ?? 0) > MAX_VIDEO_BYTES + MULTIPART_OVERHEAD_BYTES) {
    apiError(413, testimonialMessages.api.fileTooLarge);
  }
  let upload;
  try {
    upload = await readVideoForm(request, { fileField: "video", maxFileBytes: MAX_VIDEO_BYTES });
  } catch (error) {
    return rejectionResponse(error);
  }
  const parsed = PublicSubmissionSchema.safeParse(upload.fields);
  if (!parsed.success) {
    await discardIncoming(upload.file);
    apiError(400, parsed.error.issues[0]?.message ?? "Invalid submission");
  }
  try {
    const response = await storeSubmission({
      campaign,
      ...parsed.data,
      consentTimestamp: consentTime(upload.fields.consentTimestamp, now()),
      video: upload.file ? { stagedPath: upload.file.path, size: upload.file.size } : null,
    });
    return Response.json({ id: response.id, message: testimonialMessages.upload.success }, { status: 201 });
  } catch (error) {
    await discardIncoming(upload.file);
    if (!(error instanceof UploadRejected)) {
      recordSystemError({
        error,
        errorType: "testimonial_submit_failed",
        workflow: "testimonial-submit",
        severity: "medium",
      });
    }
    return rejectionResponse(error);
  }
}

export const loader = () => apiError(405, "Use POST to submit a testimonial");
