import type { LoaderFunctionArgs } from "@remix-run/node";

import { getNewsletterAudioKey } from "~/features/newsletters/newsletters.server";
import { notFound } from "~/lib/http.server";
import { serveStoredFile } from "~/lib/serve-file.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = getNewsletterAudioKey(params.newsletterId ?? "");
  if (!key) throw notFound();
  return serveStoredFile(request, key, { contentType: "audio/mpeg" });
}
