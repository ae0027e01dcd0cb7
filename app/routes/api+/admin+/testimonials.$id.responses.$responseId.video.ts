import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireApiAdmin } from "~/features/account/auth.server";
import {
  getTestimonialResponse,
  requireTestimonialCampaign,
  setTestimonialVideoDuration,
} from "~/features/testimonials/campaigns.server";
import { mediaResponse } from "~/features/testimonials/media.server";
import { testimonialMessages } from "~/features/testimonials/messages";
import { extensionFor } from "~/features/testimonials/recording";
import { withLocalFile } from "~/features/testimonials/uploads.server";
import { videoDuration } from "~/features/testimonials/video.server";
import { apiError } from "~/lib/http.server";
import { getStorage } from "~/lib/storage/storage.server";

// X-Video-Duration on every answer: MediaRecorder's WebM has no duration of its own.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const campaign = requireTestimonialCampaign(params.id);
  const response = getTestimonialResponse(campaign.id, params.responseId ?? "");
  if (!response?.videoKey) apiError(404, testimonialMessages.api.videoNotFound);
  const key = response.videoKey;
  const size = await getStorage().size(key);
  if (size === null) apiError(404, testimonialMessages.api.videoNotFound);

  let duration = response.videoDuration;
  if (duration === null) {
    duration = await withLocalFile(key, videoDuration).catch(() => null);
    if (duration !== null) setTestimonialVideoDuration(response.id, duration);
  }
  const mimeType = response.videoMimeType ?? "video/webm";
  const headers: Record<string, string> = {};
  if (duration !== null) headers["X-Video-Duration"] = duration.toFixed(3);
  if (new URL(request.url).searchParams.get("download") === "true") {
    const name = response.respondentName.replace(/[^A-Za-z0-9_-]+/g, "-").slice(0, 60) || "response";
    headers["Content-Disposition"] = `attachment; filename="testimonial-${name}.${extensionFor(mimeType)}"`;
  }
  return mediaResponse(request, {
    size,
    mimeType,
    headers,
    open: async (range) => (await getStorage().read(key, range))?.stream ?? null,
  });
}
