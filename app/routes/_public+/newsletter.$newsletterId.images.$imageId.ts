import type { LoaderFunctionArgs } from "@remix-run/node";
import { getNewsletterImage } from "~/features/newsletters/newsletters.server";
import { serveStoredFile } from "~/lib/serve-file.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const image = getNewsletterImage(params.newsletterId ?? "", params.imageId ?? "");
  if (!image) throw new Response("Not Found", { status: 404 });
  return serveStoredFile(request, image.storageKey, { contentType: image.contentType, cacheControl: "private, max-age=86400" });
}
