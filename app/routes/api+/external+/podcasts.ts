import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireApiKey } from "~/features/external-api/api-key-auth.server";
import { listExternalPodcasts } from "~/features/external-api/podcasts.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { ownerId } = requireApiKey(request);
  return Response.json(listExternalPodcasts(ownerId));
}
