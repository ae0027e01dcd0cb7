import type { LoaderFunctionArgs } from "@remix-run/node";

import { getNewsletterRecordingKey } from "~/features/newsletters/newsletters.server";
import { notFound } from "~/lib/http.server";
import { serveStoredFile } from "~/lib/serve-file.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = getNewsletterRecordingKey(params.newsletterId ?? "", params.storyId ?? "");
  if (!key) throw notFound();
  return serveStoredFile(request, key, { contentType: "audio/mpeg" });
}
