import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireUser } from "~/features/account/auth.server";
import { downloadName, keyExtension, storedFileType } from "~/lib/file-types";
import { notFound } from "~/lib/http.server";
import { serveStoredFile } from "~/lib/serve-file.server";
import { getOwnedRecording } from "~/models/contribution-recording.server";

// A story's recording for the collection's owner only: the normalized copy, or with ?original=1 the
// file as it came, saved under the type ffprobe found (its key's extension), never the sender's.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const recording = getOwnedRecording(user.id, params.campaignId ?? "", params.recordingId ?? "");
  const original = new URL(request.url).searchParams.get("original") === "1";
  const key = original ? recording?.originalKey : recording?.normalizedKey;
  if (!recording || !key) throw notFound();
  return serveStoredFile(request, key, {
    contentType: storedFileType(key),
    cacheControl: "private, max-age=3600",
    ...(original ? { downloadName: downloadName(recording.originalFileName, keyExtension(key), "recording") } : {}),
  });
}
