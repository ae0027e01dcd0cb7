import type { LoaderFunctionArgs } from "@remix-run/node";

import { feedQrSvg } from "~/features/podcasts/listening/feeds.server";
import { notFound } from "~/lib/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const svg = feedQrSvg(request, params.token ?? "");
  if (!svg) throw notFound();
  // Private and short-lived: a revoked feed's code stops being shown within the hour at most.
  return new Response(svg, {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "private, max-age=3600" },
  });
}
