// All of it works without JavaScript (details elements and a form).
import { Form } from "@remix-run/react";

import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { CopyField } from "~/components/ui/copy-field";
import { podcastMessages } from "~/features/podcasts/messages";

export type FeedPanelData = { url: string; qrUrl: string };

export function FeedPanel({ feed, scope }: { feed: FeedPanelData; scope: "family" | "collection" }) {
  return (
    <Card className="space-y-4" data-testid="feed-panel">
      <CardTitle>{podcastMessages.feed.heading}</CardTitle>
      <p className="text-sm text-muted-foreground">
        {scope === "family" ? podcastMessages.feed.intro : podcastMessages.feed.collectionIntro}
      </p>
      <CopyField url={feed.url} text={podcastMessages.feed.copy} testId="feed-url" />
      <details>
        <summary className="cursor-pointer text-sm font-medium text-primary">{podcastMessages.feed.showQr}</summary>
        {/* Fetched once the code is asked for: an image in a closed <details> is not loaded. */}
        <img
          src={feed.qrUrl}
          alt={podcastMessages.feed.qrLabel}
          width={192}
          height={192}
          loading="lazy"
          className="mt-3 w-48 max-w-full bg-white"
        />
      </details>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-primary">{podcastMessages.feed.howTo}</summary>
        <dl className="mt-3 space-y-2 text-sm">
          {podcastMessages.feed.apps.map((app) => (
            <div key={app.name}>
              <dt className="font-medium">{app.name}</dt>
              <dd className="text-muted-foreground">{app.steps}</dd>
            </div>
          ))}
        </dl>
      </details>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-destructive">
          {podcastMessages.feed.revokeSummary}
        </summary>
        <Form method="post" className="mt-3 space-y-2">
          <p className="text-sm text-muted-foreground">{podcastMessages.feed.revokeText}</p>
          <Button type="submit" name="intent" value="revoke-feed" variant="destructive" size="sm">
            {podcastMessages.feed.revoke}
          </Button>
        </Form>
      </details>
    </Card>
  );
}
