// The menu is a <details>; its items open dialogs through the URL or post a form: no JavaScript needed.
import { Form, useLocation } from "@remix-run/react";

import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { ListLink } from "~/components/ui/list-link";
import { libraryMessages } from "~/features/podcasts/library/library-messages";
import { podcastActionMessages } from "~/features/podcasts/library/podcast-action-messages";
import { podcastCoverUrl } from "~/features/podcasts/podcast-view";
import { imageSrcSet, imageUrl } from "~/lib/image-urls";

export type PodcastCardData = {
  id: string;
  title: string;
  group: "ready" | "processing" | "failed";
  duration: string;
  createdAt: string;
  listens: number;
  hostLabel: string;
  campaignTitle: string | null;
  pinned: boolean;
  coverVersion: string | null;
};

export function PodcastCard({
  podcast,
  dialogHref,
  formAction,
}: {
  podcast: PodcastCardData;
  dialogHref: (kind: string, id: string) => string;
  formAction: string;
}) {
  // Keyed by location, the menu comes back closed after any navigation.
  const location = useLocation();
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="podcast-card" data-podcast-id={podcast.id}>
      <div className="flex items-start gap-3">
        {podcast.group === "processing" ? (
          <span
            role="status"
            aria-label={libraryMessages.list.processing}
            className="mt-1 inline-block h-10 w-10 shrink-0 animate-spin rounded-full border-4 border-muted border-t-primary"
          />
        ) : podcast.group === "ready" ? (
          <ListLink
            to={`/podcast/${podcast.id}`}
            aria-label={libraryMessages.list.play(podcast.title)}
            className="relative block h-14 w-14 shrink-0 overflow-hidden rounded-md border border-border bg-muted"
          >
            <img
              src={imageUrl(podcastCoverUrl(podcast.id), 96, podcast.coverVersion)}
              srcSet={imageSrcSet(podcastCoverUrl(podcast.id), podcast.coverVersion, 192)}
              sizes="56px"
              alt=""
              width={56}
              height={56}
              loading="lazy"
              decoding="async"
              className="h-full w-full object-cover"
            />
            <span
              aria-hidden="true"
              className="absolute inset-0 flex items-center justify-center bg-black/25 text-lg text-white"
            >
              ▶
            </span>
          </ListLink>
        ) : (
          <span
            aria-hidden="true"
            className="mt-1 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-muted text-destructive"
          >
            !
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold">
            <ListLink to={`/podcast/${podcast.id}`} className="hover:underline">
              {podcast.title}
            </ListLink>
          </h2>
          <p className="text-xs text-muted-foreground">
            {`${podcast.createdAt} · ${podcast.duration} · ${podcast.hostLabel}`}
          </p>
        </div>
        <details key={location.key} className="relative">
          <summary
            className="cursor-pointer list-none rounded-md px-2 py-1 text-lg leading-none hover:bg-muted"
            aria-label={libraryMessages.list.menu(podcast.title)}
          >
            <span aria-hidden="true">⋮</span>
          </summary>
          <div className="menu-panel absolute right-0 z-20 mt-1 w-52">
            <ListLink to={dialogHref("edit", podcast.id)} className="menu-item">
              {podcastActionMessages.menu.editDetails}
            </ListLink>
            <ListLink to={dialogHref("collection", podcast.id)} className="menu-item">
              {podcastActionMessages.menu.addToCollection}
            </ListLink>
            <Form method="post" action={formAction}>
              <input type="hidden" name="intent" value="transcript" />
              <input type="hidden" name="podcastId" value={podcast.id} />
              <button type="submit" className="menu-item">
                {podcastActionMessages.menu.generateTranscript}
              </button>
            </Form>
            <ListLink to={dialogHref("delete", podcast.id)} className="menu-item text-destructive">
              {podcastActionMessages.menu.delete}
            </ListLink>
          </div>
        </details>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        {podcast.group === "processing" ? <Badge>{libraryMessages.list.processing}</Badge> : null}
        {podcast.group === "failed" ? <Badge variant="destructive">{libraryMessages.list.failed}</Badge> : null}
        {podcast.pinned ? <Badge variant="outline">{libraryMessages.list.saved}</Badge> : null}
        {podcast.campaignTitle ? <Badge variant="secondary">{podcast.campaignTitle}</Badge> : null}
        <span className="ml-auto text-muted-foreground">{libraryMessages.list.listens(podcast.listens)}</span>
      </div>
    </Card>
  );
}
