// The landing page's sample episode, with byte ranges like every episode. Public: visitors hear it.
import type { LoaderFunctionArgs } from "@remix-run/node";

import { audioResponse } from "~/features/podcasts/listening/audio-response.server";
import { ensureSampleEpisode } from "~/features/site/sample-episode.server";
import { recordSystemError } from "~/lib/system-errors.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const key = await ensureSampleEpisode().catch((error: unknown) => {
    recordSystemError({ error, errorType: "sample_episode_failed", workflow: "site", severity: "low" });
    return null;
  });
  if (!key)
    return new Response("The sample episode is not available right now.", {
      status: 503,
      headers: { "Retry-After": "60" },
    });
  return audioResponse(request, key);
}
