import type { LoaderFunctionArgs } from "@remix-run/node";

import { ensurePodcastCover, serveCover } from "~/features/podcasts/covers/covers.server";
import { hasShareAccess } from "~/features/podcasts/listening/listening-cookies.server";
import { notFound } from "~/lib/http.server";
import { resolveShareLink } from "~/models/share-link.server";

// Messengers fetch a preview's image without cookies: a password-protected share's cover is only
// for those who unlocked it, so its link preview shows none.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const share = resolveShareLink(params.token ?? "");
  if (share.state !== "open") throw notFound();
  const locked = share.link.passwordHash !== null;
  if (locked && !(await hasShareAccess(request, share.link.id))) throw notFound();
  return serveCover(request, await ensurePodcastCover(share.podcast), { shared: !locked });
}
