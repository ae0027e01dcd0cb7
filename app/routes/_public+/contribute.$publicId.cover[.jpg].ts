import type { LoaderFunctionArgs } from "@remix-run/node";
import { ensureCollectionCover, serveCover } from "~/features/podcasts/covers.server";
import { getPublicCampaign } from "~/models/contribution.server";

// The image of the answer page's link preview, as open as the page itself.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const campaign = await getPublicCampaign(params.publicId ?? "");
  if (!campaign) throw new Response("Not Found", { status: 404 });
  return serveCover(request, await ensureCollectionCover(campaign), { shared: true });
}
