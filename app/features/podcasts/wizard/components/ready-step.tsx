import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";

import { buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { PodcastPlayer } from "~/features/podcasts/listening/components/podcast-player";
import { SharePanel, type GeneratedShare } from "~/features/podcasts/listening/components/share-panel";
import { podcastCoverUrl } from "~/features/podcasts/podcast-view";
import { wizardMessages } from "~/features/podcasts/wizard/wizard-messages";
import { wizardUrls } from "~/features/podcasts/wizard/wizard-urls";

export type ReadyPodcast = { id: string; title: string; audioUrl: string | null; hasTranscript: boolean };
export type ReadyShare = {
  newsletterHref: string | null;
  pinned: boolean;
  share: GeneratedShare | null;
  failed?: boolean;
  lastResult?: SubmissionResult<string[]> | null;
};

export function ReadyStep({ podcast, panel }: { podcast: ReadyPodcast; panel: ReadyShare }) {
  return (
    <div className="space-y-6">
      <Card className="space-y-6">
        <div className="space-y-1">
          <CardTitle>{wizardMessages.ready.heading}</CardTitle>
          <p className="text-muted-foreground">{podcast.title}</p>
        </div>
        {podcast.audioUrl ? (
          <PodcastPlayer src={podcast.audioUrl} title={podcast.title} artworkUrl={podcastCoverUrl(podcast.id)} />
        ) : null}
      </Card>
      {podcast.audioUrl ? (
        <SharePanel
          podcastId={podcast.id}
          title={podcast.title}
          hasTranscript={podcast.hasTranscript}
          newsletterHref={panel.newsletterHref}
          pinned={panel.pinned}
          share={panel.share}
          failed={panel.failed ?? false}
          lastResult={panel.lastResult}
        />
      ) : null}
      <div className="flex flex-wrap justify-between gap-2">
        <Link to={wizardUrls.progress(podcast.id)} className={buttonClass("outline")}>
          {wizardMessages.page.back}
        </Link>
        <Link to={wizardUrls.upload()} className={buttonClass()}>
          {wizardMessages.ready.createAnother}
        </Link>
      </div>
    </div>
  );
}
