import type { ActionFunctionArgs } from "@remix-run/node";

import { testimonialMessages } from "~/features/testimonials/messages";
import { ChunkFieldsSchema } from "~/features/testimonials/schemas";
import { rejectionResponse, requireOpenCampaign } from "~/features/testimonials/submit.server";
import { CHUNK_BYTES, MULTIPART_OVERHEAD_BYTES } from "~/features/testimonials/upload-limits";
import { chunkPlacement, discardIncoming, readVideoForm, saveChunk } from "~/features/testimonials/uploads.server";
import { apiError, requireMethod } from "~/lib/http.server";

// Each chunk streams straight into its place in the video. Why: docs/decisions/0114-chunks-written-in-place.md
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const campaign = requireOpenCampaign(params.publicId);
  if (Number(request.headers.get("content-length") ?? 0) > CHUNK_BYTES + MULTIPART_OVERHEAD_BYTES) {
    apiError(413, testimonialMessages.api.chunkTooLarge);
  }
  let upload;
  try {
    upload = await readVideoForm(request, {
      fileField: "chunk",
      maxFileBytes: CHUNK_BYTES,
      placeFile: chunkPlacement(campaign.id, (fields) => ChunkFieldsSchema.safeParse(fields).data ?? null),
    });
  } catch (error) {
    const response = rejectionResponse(error);
    return response.status === 413
      ? Response.json({ message: testimonialMessages.api.chunkTooLarge }, { status: 413 })
      : response;
  }
  const parsed = ChunkFieldsSchema.safeParse(upload.fields);
  if (!parsed.success || !upload.file) {
    await discardIncoming(upload.file);
    apiError(
      400,
      parsed.success ? testimonialMessages.api.chunkMissing : (parsed.error.issues[0]?.message ?? "Invalid chunk"),
    );
  }
  try {
    const outcome = await saveChunk(campaign.id, parsed.data, upload.file);
    if (!outcome.allChunksReceived) return Response.json(outcome);
    const { allChunksReceived, videoPath, videoSize, mimeType } = outcome;
    return Response.json({ allChunksReceived, videoPath, videoSize, mimeType, uploadId: parsed.data.uploadId });
  } catch (error) {
    return rejectionResponse(error);
  }
}

export const loader = () => apiError(405, "Use POST to send a chunk");
