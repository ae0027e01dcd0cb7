import type { LoaderFunctionArgs } from "@remix-run/node";

import { servePhoto } from "~/features/contributions/photos.server";
import { getNewsletterImage } from "~/features/newsletters/newsletters.server";
import { notFound } from "~/lib/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const image = getNewsletterImage(params.newsletterId ?? "", params.imageId ?? "");
  if (!image) throw notFound();
  return servePhoto(request, image, "private, max-age=86400");
}
