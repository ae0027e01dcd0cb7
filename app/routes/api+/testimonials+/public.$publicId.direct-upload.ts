import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import {
  completeDirectUpload,
  directUploadsEnabled,
  directUploadStatus,
  readTicket,
  signParts,
  startDirectUpload,
} from "~/features/testimonials/direct-uploads.server";
import { DirectUploadSchema } from "~/features/testimonials/schemas";
import { rejectionResponse, requireOpenCampaign } from "~/features/testimonials/submit.server";
import { apiError, readBody, requireMethod } from "~/lib/http.server";

// With the S3 driver the browser sends the video's parts to the bucket itself; the local driver
// answers { mode: "server" } and the client sends chunks here as before. Why: docs/decisions/0145-direct-uploads-to-the-bucket.md
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const campaign = requireOpenCampaign(params.publicId);
  const body = await readBody(request, DirectUploadSchema);
  try {
    if (body.intent === "start") {
      if (!directUploadsEnabled()) return Response.json({ mode: "server" });
      return Response.json({ mode: "direct", ...(await startDirectUpload(campaign.id, body)) });
    }
    const ticket = readTicket(body.ticket, campaign.id);
    if (body.intent === "sign") return Response.json(await signParts(ticket, body.partNumbers));
    return Response.json(await completeDirectUpload(ticket));
  } catch (error) {
    return rejectionResponse(error);
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const campaign = requireOpenCampaign(params.publicId);
  const token = new URL(request.url).searchParams.get("ticket");
  if (!token) apiError(400, "ticket is required");
  try {
    return Response.json(await directUploadStatus(readTicket(token, campaign.id)));
  } catch (error) {
    return rejectionResponse(error);
  }
}
