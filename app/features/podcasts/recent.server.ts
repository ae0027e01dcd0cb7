import { listRecentPodcasts } from "~/features/collections/dashboard.server";
import type { RecentPodcastCard } from "~/features/podcasts/components/recent-podcasts";
import { cardBasics } from "~/features/podcasts/library-view";

/** The same newest-first list as GET /api/podcasts/recent, ready for the grid. */
export function recentPodcastCards(ownerId: string): RecentPodcastCard[] {
  return listRecentPodcasts(ownerId).map(cardBasics);
}
