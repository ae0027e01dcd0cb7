// Public like the newsletter: the unguessable id is the key.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getNewsletterAudioKey } from "~/features/newsletters/newsletters.server";
import { serveStoredFile } from "~/lib/serve-file.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = getNewsletterAudioKey(params.newsletterId ?? "");
  if (!key) throw new Response("Not Found", { status: 404 });
  return serveStoredFile(request, key, { contentType: "audio/mpeg" });
}
