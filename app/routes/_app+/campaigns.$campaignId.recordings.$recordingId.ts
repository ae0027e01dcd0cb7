import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/features/account/auth.server";
import { getOwnedRecording } from "~/models/contribution-recording.server";
import { serveStoredFile } from "~/lib/serve-file.server";

// A story's recording for the collection's owner only: the normalized copy, or with ?original=1 the file as it came.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const recording = getOwnedRecording(user.id, params.campaignId ?? "", params.recordingId ?? "");
  const original = new URL(request.url).searchParams.get("original") === "1";
  const key = original ? recording?.originalKey : recording?.normalizedKey;
  if (!recording || !key) throw new Response("Not Found", { status: 404 });
  const name = original ? (recording.originalFileName ?? key.split("/").pop()!) : "recording.mp3";
  return serveStoredFile(request, key, {
    contentType: original ? "application/octet-stream" : "audio/mpeg",
    cacheControl: "private, max-age=3600",
    ...(original ? { downloadName: name } : {}),
  });
}
