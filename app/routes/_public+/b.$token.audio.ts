import type { LoaderFunctionArgs } from "@remix-run/node";

import { bookListening } from "~/features/book/listen.server";
import { notFound } from "~/lib/http.server";
import { serveStoredFile } from "~/lib/serve-file.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const play = bookListening(params.token ?? "")?.play;
  if (!play) throw notFound();
  return serveStoredFile(request, play.key, { contentType: "audio/mpeg", cacheControl: "private, max-age=3600" });
}
