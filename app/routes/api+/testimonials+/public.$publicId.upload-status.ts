import type { LoaderFunctionArgs } from "@remix-run/node";

import { testimonialMessages } from "~/features/testimonials/messages";
import { rejectionResponse, requireOpenCampaign } from "~/features/testimonials/submit.server";
import { isValidUploadId } from "~/features/testimonials/upload-limits";
import { uploadStatus } from "~/features/testimonials/uploads.server";
import { apiError } from "~/lib/http.server";
import { ensurePrimary } from "~/lib/litefs.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  // Chunks wait on the primary's disk (every POST lands there), so the answer must come from it too.
  await ensurePrimary();
  const campaign = requireOpenCampaign(params.publicId);
  const uploadId = new URL(request.url).searchParams.get("uploadId") ?? "";
  if (!isValidUploadId(uploadId)) apiError(400, testimonialMessages.api.badUploadId);
  let status;
  try {
    status = await uploadStatus(campaign.id, uploadId);
  } catch (error) {
    return rejectionResponse(error);
  }
  if (!status) apiError(404, testimonialMessages.api.uploadNotFound);
  const { duration: _duration, fileName: _fileName, ...shown } = status;
  return Response.json(shown);
}
