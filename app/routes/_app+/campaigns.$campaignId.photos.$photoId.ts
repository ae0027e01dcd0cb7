import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireUser } from "~/features/account/auth.server";
import { servePhoto } from "~/features/contributions/photos.server";
import { notFound } from "~/lib/http.server";
import { getOwnedPhoto } from "~/models/contribution-attachment.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const photo = getOwnedPhoto(user.id, params.campaignId ?? "", params.photoId ?? "");
  if (!photo) throw notFound();
  return servePhoto(request, photo, "private, max-age=3600");
}
