import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { wizardMessages } from "~/features/podcasts/wizard-messages";
import { wizardUrls } from "~/features/podcasts/wizard-schemas";

const m = wizardMessages.ready;

/** The browser's own player, so it plays without JavaScript. */
export function ReadyStep({ podcast }: { podcast: { id: string; title: string; audioUrl: string | null } }) {
  return (
    <Card className="space-y-6">
      <div className="space-y-1">
        <CardTitle>{m.heading}</CardTitle>
        <p className="text-muted-foreground">{podcast.title}</p>
      </div>
      {podcast.audioUrl ? <audio controls preload="metadata" src={podcast.audioUrl} aria-label={m.player} className="w-full" /> : null}
      <div className="flex flex-wrap justify-between gap-2">
        <Link to={wizardUrls.progress(podcast.id)} className={buttonClass("outline")}>
          {wizardMessages.page.back}
        </Link>
        <div className="flex flex-wrap gap-2">
          <Link to={`/podcast/${podcast.id}`} className={buttonClass("outline")}>
            {m.share}
          </Link>
          <Link to={wizardUrls.upload()} className={buttonClass()}>
            {m.createAnother}
          </Link>
        </div>
      </div>
    </Card>
  );
}
