import { listRecentPodcasts } from "~/features/collections/dashboard.server";
import type { RecentPodcastCard } from "~/features/podcasts/library/components/recent-podcasts";
import { cardBasics } from "~/features/podcasts/library/library-view";

export function recentPodcastCards(ownerId: string): RecentPodcastCard[] {
  return listRecentPodcasts(ownerId).map(cardBasics);
}
