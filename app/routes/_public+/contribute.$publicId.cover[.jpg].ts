import type { LoaderFunctionArgs } from "@remix-run/node";

import { ensureCollectionCover, serveCover } from "~/features/podcasts/covers/covers.server";
import { notFound } from "~/lib/http.server";
import { getPublicCampaign } from "~/models/contribution.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const campaign = await getPublicCampaign(params.publicId ?? "");
  if (!campaign) throw notFound();
  return serveCover(request, await ensureCollectionCover(campaign), { shared: true });
}
