import type { LoaderFunctionArgs } from "@remix-run/node";
import { listExternalPodcasts } from "~/features/external-api/podcasts.server";
import { requireApiKey } from "~/features/external-api/api-key-auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { ownerId } = requireApiKey(request);
  return Response.json(listExternalPodcasts(ownerId));
}
