import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";

import { RenderBusyError } from "~/audio/render-queue.server";
import { voiceSampleFile } from "~/audio/voice-sample.server";
import { isAccent, isVoiceId } from "~/audio/voices.server";
import { requireApiUser } from "~/features/account/auth.server";
import { scriptMessages } from "~/features/podcasts/script/script-messages";
import { apiError } from "~/lib/http.server";
import { recordSystemError } from "~/lib/system-errors.server";
import { tooManyJson } from "~/lib/too-many.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const voiceId = params.voiceId ?? "";
  if (!isVoiceId(voiceId)) apiError(404, "Voice not found");
  const accent = new URL(request.url).searchParams.get("accent") || "american";
  if (!isAccent(accent)) apiError(400, "Unknown accent. Use american, british, australian or indian.");

  const file = await voiceSampleFile(voiceId, accent, user.id).catch((error: unknown) => {
    if (error instanceof RenderBusyError)
      throw tooManyJson(scriptMessages.pronunciations.samplesBusy(error.retryAfterSeconds), error.retryAfterSeconds);
    recordSystemError({ error, errorType: "voice_sample_failed", workflow: "voices", severity: "medium" });
    return null;
  });
  if (!file) apiError(500, "Voice sample failed");
  return new Response(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "audio/mpeg",
      "Content-Length": String(file.size),
      // The key changes when another engine speaks; the URL does not, so browsers keep it only a day.
      "Cache-Control": "private, max-age=86400",
    },
  });
}
