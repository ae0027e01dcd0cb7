import type { LoaderFunctionArgs } from "@remix-run/node";
import { serveStoredFile } from "~/lib/serve-file.server";
import { storyOfBookLink } from "~/models/book.server";

// A printed QR code's recording, no sign-in; a turned-off link is a 404.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const story = storyOfBookLink(params.token ?? "");
  if (!story?.recordingKey) throw new Response("Not Found", { status: 404 });
  return serveStoredFile(request, story.recordingKey, { contentType: "audio/mpeg", cacheControl: "private, max-age=3600" });
}
