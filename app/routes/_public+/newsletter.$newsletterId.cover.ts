import type { LoaderFunctionArgs } from "@remix-run/node";
import { getNewsletterCoverKey } from "~/features/newsletters/newsletters.server";
import { storedImageType } from "~/features/newsletters/files.server";
import { serveStoredFile } from "~/lib/serve-file.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = getNewsletterCoverKey(params.newsletterId ?? "");
  const type = key ? await storedImageType(key) : null;
  if (!key || !type) throw new Response("Not Found", { status: 404 });
  return serveStoredFile(request, key, { contentType: type, cacheControl: "private, max-age=86400" });
}
