import { Form, Link, useNavigation } from "@remix-run/react";

import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { OpenDialogButton } from "~/features/contributions/components/open-dialog-button";
import { storyMessages } from "~/features/contributions/messages";
import { GenerationProgress } from "~/features/podcasts/wizard/components/generation-progress";
import { MessageAlert } from "~/features/podcasts/wizard/components/message-alert";
import { useLivePodcast, type LiveStatus } from "~/features/podcasts/wizard/components/use-live-podcast";
import { wizardUrls } from "~/features/podcasts/wizard/wizard-urls";

export type FamilyPodcast = LiveStatus & { title: string };

function DeleteAndRegenerate() {
  const navigation = useNavigation();
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="delete-podcast" />
      <Button type="submit" variant="destructive" disabled={navigation.state === "submitting"}>
        {storyMessages.panel.deleteAndRegenerate}
      </Button>
    </Form>
  );
}

function PodcastState({ podcast: fromLoader, retryError }: { podcast: FamilyPodcast; retryError: string | null }) {
  const podcast = useLivePodcast(fromLoader);
  const navigation = useNavigation();

  if (podcast.status === "complete") {
    return (
      <Card className="space-y-4 text-center">
        <CardTitle>{storyMessages.panel.created}</CardTitle>
        <p className="text-muted-foreground">{storyMessages.panel.createdText}</p>
        {podcast.audioUrl ? (
          <audio
            controls
            preload="none"
            src={podcast.audioUrl}
            aria-label={storyMessages.panel.player}
            className="w-full"
          />
        ) : null}
        <div className="flex flex-wrap justify-center gap-2">
          <Link to={`/podcast/${podcast.id}`} className={buttonClass("outline")}>
            {storyMessages.panel.openPodcast}
          </Link>
          <DeleteAndRegenerate />
        </div>
      </Card>
    );
  }

  if (podcast.status === "script_ready") {
    return (
      <Card className="space-y-4 text-center">
        <CardTitle>{storyMessages.panel.scriptReady}</CardTitle>
        <p className="text-muted-foreground">{storyMessages.panel.scriptReadyText}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Link to={wizardUrls.script(podcast.id)} className={buttonClass()}>
            {storyMessages.panel.reviewScript}
          </Link>
          <DeleteAndRegenerate />
        </div>
      </Card>
    );
  }

  if (podcast.status === "failed") {
    return (
      <Card className="space-y-4 text-center">
        <CardTitle>{storyMessages.panel.failed}</CardTitle>
        <MessageAlert
          message={{
            title: storyMessages.panel.failed,
            description: podcast.errorMessage ?? storyMessages.panel.failedDefault,
          }}
          className="text-left"
        />
        <MessageAlert
          message={retryError ? { title: storyMessages.panel.failed, description: retryError } : null}
          className="text-left"
        />
        <div className="flex flex-wrap justify-center gap-2">
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="retry-podcast" />
            <Button type="submit" disabled={navigation.state === "submitting"}>
              {navigation.formData?.get("intent") === "retry-podcast"
                ? storyMessages.panel.retrying
                : storyMessages.panel.retry}
            </Button>
          </Form>
          <DeleteAndRegenerate />
        </div>
      </Card>
    );
  }

  return (
    <Card className="space-y-4">
      <CardTitle className="text-center">{storyMessages.panel.generating}</CardTitle>
      <p className="text-center text-muted-foreground">{storyMessages.panel.generatingText}</p>
      <GenerationProgress podcast={podcast} label={storyMessages.panel.progressLabel} />
    </Card>
  );
}

export function FamilyPodcastPanel({
  storyCount,
  podcast,
  retryError,
}: {
  storyCount: number;
  podcast: FamilyPodcast | null;
  retryError: string | null;
}) {
  if (podcast) return <PodcastState key={podcast.id} podcast={podcast} retryError={retryError} />;
  return (
    <Card className="space-y-3 text-center">
      <CardTitle>{storyMessages.panel.ready}</CardTitle>
      <p className="text-muted-foreground">{storyMessages.panel.readyText(storyCount)}</p>
      <div className="flex justify-center">
        <OpenDialogButton dialog="voice">{storyMessages.panel.generateFamilyPodcast}</OpenDialogButton>
      </div>
    </Card>
  );
}
