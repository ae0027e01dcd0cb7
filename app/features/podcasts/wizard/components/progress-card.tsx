import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { describeHost, wizardMessages } from "~/features/podcasts/wizard/wizard-messages";
import { wizardUrls } from "~/features/podcasts/wizard/wizard-urls";

import { GenerationProgress } from "./generation-progress";
import { MessageAlert } from "./message-alert";
import { useLivePodcast, type LiveStatus } from "./use-live-podcast";

export type WizardPodcast = LiveStatus & {
  hostCount: number;
  primaryVoice: string;
  primaryAccent: string;
  primarySpeed: number;
  secondaryVoice: string | null;
  secondaryAccent: string | null;
  secondarySpeed: number | null;
  backgroundMusic: string;
  introOutro: string;
  processingQuality: string;
  story: { title: string; sourceLabel: string; preview: string } | null;
};

const stageOrder = ["queued", "script_generation", "voice_processing", "audio_processing", "complete"];

function stageState(status: string, stage: string, reached: boolean) {
  if (status === "failed") return reached ? wizardMessages.progress.stage.done : wizardMessages.progress.stage.stopped;
  const now = stageOrder.indexOf(status);
  const at = stageOrder.indexOf(stage);
  if (now > at) return wizardMessages.progress.stage.done;
  return now === at ? wizardMessages.progress.stage.running : wizardMessages.progress.stage.waiting;
}

function Section({
  title,
  state,
  open,
  children,
}: {
  title: string;
  state?: string;
  open?: boolean;
  children: ReactNode;
}) {
  return (
    <details open={open} className="rounded-lg border border-border p-4">
      <summary className="flex cursor-pointer items-center justify-between gap-2 font-semibold">
        <span>{title}</span>
        {state ? <Badge variant="secondary">{state}</Badge> : null}
      </summary>
      <div className="mt-3 space-y-1 text-sm">{children}</div>
    </details>
  );
}

export function ProgressCard({
  podcast: fromLoader,
  backTo,
  retryError,
}: {
  podcast: WizardPodcast;
  backTo: string;
  retryError?: string | null;
}) {
  const podcast = useLivePodcast(fromLoader);
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const complete = podcast.status === "complete";
  const failed = podcast.status === "failed";
  const hosts = [describeHost(podcast.primaryVoice, podcast.primaryAccent, podcast.primarySpeed)];
  if (podcast.hostCount === 2 && podcast.secondaryVoice)
    hosts.push(describeHost(podcast.secondaryVoice, podcast.secondaryAccent, podcast.secondarySpeed));
  const review = wizardMessages.review;

  return (
    <Card className="space-y-6">
      <CardTitle>{failed ? wizardMessages.progress.failed : wizardMessages.progress.heading}</CardTitle>
      <GenerationProgress podcast={podcast} label={wizardMessages.progress.heading} />
      {failed ? (
        <MessageAlert
          message={{
            title: wizardMessages.progress.failed,
            description: podcast.errorMessage ?? wizardMessages.progress.failedDefault,
          }}
        />
      ) : null}
      <MessageAlert message={retryError ? { title: wizardMessages.progress.failed, description: retryError } : null} />

      <div className="space-y-3">
        <Section title={wizardMessages.progress.storyInformation} open>
          {podcast.story ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
              <dt className="text-muted-foreground">{wizardMessages.progress.title}</dt>
              <dd>{podcast.story.title}</dd>
              <dt className="text-muted-foreground">{wizardMessages.progress.source}</dt>
              <dd>{podcast.story.sourceLabel}</dd>
              <dt className="text-muted-foreground">{wizardMessages.progress.preview}</dt>
              <dd className="whitespace-pre-wrap">{podcast.story.preview}</dd>
            </dl>
          ) : (
            <p>{wizardMessages.missingStory}</p>
          )}
        </Section>
        <Section
          title={wizardMessages.progress.generatedScript}
          state={stageState(podcast.status, "script_generation", Boolean(podcast.scriptSummary))}
          open
        >
          <p>{podcast.scriptSummary ?? wizardMessages.progress.scriptPending}</p>
        </Section>
        <Section
          title={wizardMessages.progress.voiceProcessing}
          state={stageState(podcast.status, "voice_processing", false)}
        >
          <p>
            {wizardMessages.progress.voices}: {hosts.join(" · ")}
          </p>
        </Section>
        <Section
          title={wizardMessages.progress.audioFinalization}
          state={stageState(podcast.status, "audio_processing", false)}
        >
          <p>
            {wizardMessages.progress.music}: {review.musicLabels[podcast.backgroundMusic] ?? podcast.backgroundMusic}
          </p>
          <p>
            {wizardMessages.progress.introOutro}: {review.introOutroLabels[podcast.introOutro] ?? podcast.introOutro}
          </p>
          <p>
            {wizardMessages.progress.quality}:{" "}
            {review.qualityLabels[podcast.processingQuality] ?? podcast.processingQuality}
          </p>
        </Section>
      </div>

      <div className="flex flex-wrap justify-between gap-2">
        {submitting || complete ? (
          <Button variant="outline" disabled>
            {wizardMessages.page.back}
          </Button>
        ) : (
          <Link to={backTo} className={buttonClass("outline")}>
            {wizardMessages.page.back}
          </Link>
        )}
        {failed ? (
          <Form method="post">
            <input type="hidden" name="intent" value="retry" />
            <input type="hidden" name="podcastId" value={podcast.id} />
            <Button type="submit" disabled={submitting}>
              {submitting ? wizardMessages.progress.retrying : wizardMessages.progress.retry}
            </Button>
          </Form>
        ) : null}
        {complete ? (
          <Link to={wizardUrls.podcast(podcast.id)} className={buttonClass()}>
            {wizardMessages.progress.continue}
          </Link>
        ) : null}
      </div>
    </Card>
  );
}
