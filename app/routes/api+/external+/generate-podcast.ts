import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";

import { requireApiKey } from "~/features/external-api/api-key-auth.server";
import { startExternalPodcast } from "~/features/external-api/podcasts.server";
import { answerPodcastErrors } from "~/features/podcasts/api.server";
import { GenerationOptionsSchema, VoiceConfigSchema } from "~/features/podcasts/schemas";
import { offeredVoicesOnly } from "~/features/podcasts/voice-offer.server";
import { apiError, readBody, requireMethod } from "~/lib/http.server";
import { wakeJobs } from "~/lib/queue/wake.server";

const Body = z.object({
  // createTextStory checks these with the wizard's messages.
  title: z.unknown(),
  content: z.unknown(),
  voiceConfig: VoiceConfigSchema.default(() => VoiceConfigSchema.parse({})),
  options: GenerationOptionsSchema.default(() => GenerationOptionsSchema.parse({})),
});

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { ownerId } = requireApiKey(request);
  const body = await readBody(request, offeredVoicesOnly(Body, ["voiceConfig"]));
  const started = await answerPodcastErrors(() => startExternalPodcast(ownerId, body));
  wakeJobs();
  return Response.json(started, { status: 202 });
}

export const loader = () => apiError(405, "Use POST to generate a podcast");
