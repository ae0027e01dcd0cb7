import type { LoaderFunctionArgs } from "@remix-run/node";

import { servePhotoByKey } from "~/features/contributions/photos.server";
import { getNewsletterCoverKey } from "~/features/newsletters/newsletters.server";
import { notFound } from "~/lib/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = getNewsletterCoverKey(params.newsletterId ?? "");
  const served = key ? await servePhotoByKey(request, key, "private, max-age=86400") : null;
  if (!served) throw notFound();
  return served;
}
