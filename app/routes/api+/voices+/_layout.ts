import type { LoaderFunctionArgs } from "@remix-run/node";

import { listVoices } from "~/audio/voices.server";
import { requireApiUser } from "~/features/account/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  return Response.json({ voices: listVoices() });
}
