// All of it works without JavaScript (details elements and a form).
import { Form } from "@remix-run/react";
import { CopyField } from "~/components/ui/copy-field";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { podcastMessages } from "~/features/podcasts/messages";

const f = podcastMessages.feed;

export type FeedPanelData = { url: string; qrUrl: string };

export function FeedPanel({ feed, scope }: { feed: FeedPanelData; scope: "family" | "collection" }) {
  return (
    <Card className="space-y-4" data-testid="feed-panel">
      <CardTitle>{f.heading}</CardTitle>
      <p className="text-sm text-muted-foreground">{scope === "family" ? f.intro : f.collectionIntro}</p>
      <CopyField url={feed.url} text={f.copy} testId="feed-url" />
      <details>
        <summary className="cursor-pointer text-sm font-medium text-primary">{f.showQr}</summary>
                {/* Fetched once the code is asked for: an image in a closed <details> is not loaded. */}
        <img src={feed.qrUrl} alt={f.qrLabel} width={192} height={192} loading="lazy" className="mt-3 w-48 max-w-full bg-white" />
      </details>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-primary">{f.howTo}</summary>
        <dl className="mt-3 space-y-2 text-sm">
          {f.apps.map((app) => (
            <div key={app.name}>
              <dt className="font-medium">{app.name}</dt>
              <dd className="text-muted-foreground">{app.steps}</dd>
            </div>
          ))}
        </dl>
      </details>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-destructive">{f.revokeSummary}</summary>
        <Form method="post" className="mt-3 space-y-2">
          <p className="text-sm text-muted-foreground">{f.revokeText}</p>
          <Button type="submit" name="intent" value="revoke-feed" variant="destructive" size="sm">
            {f.revoke}
          </Button>
        </Form>
      </details>
    </Card>
  );
}
