import { listRecentPodcasts } from "~/features/collections/dashboard.server";
import type { RecentPodcastCard } from "~/features/podcasts/components/recent-podcasts";
import { statusGroup } from "~/features/podcasts/library-view";
import { formatDay, formatDuration } from "~/lib/text-format";

/** The same newest-first list as GET /api/podcasts/recent, ready for the grid. */
export function recentPodcastCards(ownerId: string): RecentPodcastCard[] {
  return listRecentPodcasts(ownerId).map((p) => ({
    id: p.id,
    title: p.title,
    group: statusGroup(p.status),
    duration: formatDuration(p.duration),
    createdAt: formatDay(p.createdAt),
    listens: p.listens,
  }));
}
