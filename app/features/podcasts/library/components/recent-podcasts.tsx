import { Link } from "@remix-run/react";

import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { libraryMessages } from "~/features/podcasts/library/library-messages";
import type { StatusFilter } from "~/features/podcasts/library/library-view";

export type RecentPodcastCard = {
  id: string;
  title: string;
  group: Exclude<StatusFilter, "all">;
  duration: string;
  createdAt: string;
  listens: number;
};

export function RecentPodcastsGrid({ podcasts }: { podcasts: RecentPodcastCard[] }) {
  return (
    <section aria-labelledby="recent-podcasts-heading" className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h2 id="recent-podcasts-heading" className="text-xl font-semibold">
          {libraryMessages.recent.heading}
        </h2>
        <Link to="/my-podcasts" className={buttonClass("outline", "sm")}>
          {libraryMessages.recent.viewAll}
        </Link>
      </div>
      {podcasts.length ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="recent-podcasts">
          {podcasts.map((p) => (
            <li key={p.id} className="min-w-0">
              <Card className="flex h-full flex-col gap-2 p-4">
                <h3 className="truncate font-semibold">
                  <Link to={`/podcast/${p.id}`} className="hover:underline">
                    {p.title}
                  </Link>
                </h3>
                <p className="text-xs text-muted-foreground">
                  {`${p.createdAt} · ${p.duration} · ${libraryMessages.list.listens(p.listens)}`}
                </p>
                {p.group === "processing" ? (
                  <Badge className="self-start">{libraryMessages.list.processing}</Badge>
                ) : null}
                {p.group === "failed" ? (
                  <Badge variant="destructive" className="self-start">
                    {libraryMessages.list.failed}
                  </Badge>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">{libraryMessages.list.noPodcasts}</p>
      )}
    </section>
  );
}
