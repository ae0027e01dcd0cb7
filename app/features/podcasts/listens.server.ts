// Counting listens: on the GET of the podcast page (and of a share page), once per visit (see
// listen-visits.ts). Works without JavaScript; the count is a write, so it runs on the primary.
import { recordListen } from "~/features/podcasts/library.server";
import { readListenVisits, serializeListenVisits } from "~/features/podcasts/listening-cookies.server";
import { ensurePrimary } from "~/lib/litefs.server";
import { isNewVisit, markVisit } from "./listen-visits";

/** Counts the listen if this is a new visit; answers whether it counted and the Set-Cookie that remembers the visit. */
export async function countListenOncePerVisit(request: Request, podcastId: string, now = Date.now()) {
  const visits = await readListenVisits(request);
  let counted = false;
  if (isNewVisit(visits, podcastId, now)) {
    await ensurePrimary();
    counted = recordListen(podcastId);
  }
  return { counted, setCookie: await serializeListenVisits(markVisit(visits, podcastId, now)) };
}
