import { createReadStream } from "node:fs";
import type { LoaderFunctionArgs } from "@remix-run/node";

import { findCampaignByPublicId } from "~/features/testimonials/campaigns.server";
import { draftVideoPath, draftVideoSize, isDraftId, loadDraft } from "~/features/testimonials/drafts.server";
import { mediaResponse } from "~/features/testimonials/media.server";
import { notFound } from "~/lib/http.server";
import { ensurePrimary } from "~/lib/litefs.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await ensurePrimary();
  const campaign = findCampaignByPublicId(params.publicId ?? "");
  const draftId = new URL(request.url).searchParams.get("draft");
  if (!campaign || !isDraftId(draftId)) throw notFound();
  const state = await loadDraft(draftId, campaign.id);
  const size = state?.video ? await draftVideoSize(draftId) : null;
  if (!state?.video || size === null) throw notFound();
  return mediaResponse(request, {
    size,
    mimeType: state.video.mimeType,
    open: (range) => createReadStream(draftVideoPath(draftId), range),
  });
}
