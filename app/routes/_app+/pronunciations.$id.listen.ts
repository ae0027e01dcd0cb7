// GET /pronunciations/:id/listen?voice=&accent= — the owner's entry spoken (the 'Listen' button, decision 0128).
import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";

import { RenderBusyError } from "~/audio/render-queue.server";
import { isAccent, isVoiceId } from "~/audio/voices.server";
import { requireUser } from "~/features/account/auth.server";
import { pronunciationSample } from "~/features/podcasts/script/pronunciations.server";
import { scriptMessages } from "~/features/podcasts/script/script-messages";
import { notFound } from "~/lib/http.server";
import { recordSystemError } from "~/lib/system-errors.server";
import { tooManyText } from "~/lib/too-many.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const query = new URL(request.url).searchParams;
  const voice = query.get("voice") || "female-warm";
  const accent = query.get("accent") || "american";
  if (!isVoiceId(voice) || !isAccent(accent)) throw new Response("Unknown voice or accent", { status: 400 });

  let file: Awaited<ReturnType<typeof pronunciationSample>>;
  try {
    file = await pronunciationSample(user.id, params.id ?? "", voice, accent);
  } catch (error) {
    if (error instanceof RenderBusyError)
      throw tooManyText(scriptMessages.pronunciations.samplesBusy(error.retryAfterSeconds), error.retryAfterSeconds);
    recordSystemError({ error, errorType: "pronunciation_sample_failed", workflow: "voices", severity: "medium" });
    throw new Response("Voice sample failed", { status: 503, headers: { "Retry-After": "10" } });
  }
  if (!file) throw notFound();
  return new Response(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "audio/mpeg",
      "Content-Length": String(file.size),
      "Cache-Control": "private, max-age=86400",
    },
  });
}
