// Counted on the page's GET, so it works without JavaScript; a write, so it runs on the primary.
import { recordListen } from "~/features/podcasts/library/library.server";
import { readListenVisits, serializeListenVisits } from "~/features/podcasts/listening/listening-cookies.server";
import { ensurePrimary } from "~/lib/litefs.server";

import { isNewVisit, markVisit } from "./listen-visits";

export async function countListenOncePerVisit(request: Request, podcastId: string, now = Date.now()) {
  const visits = await readListenVisits(request);
  let counted = false;
  if (isNewVisit(visits, podcastId, now)) {
    await ensurePrimary();
    counted = recordListen(podcastId);
  }
  return { counted, setCookie: await serializeListenVisits(markVisit(visits, podcastId, now)) };
}
