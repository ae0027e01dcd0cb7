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

const m = wizardMessages.progress;

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
  if (status === "failed") return reached ? m.stage.done : m.stage.stopped;
  const now = stageOrder.indexOf(status);
  const at = stageOrder.indexOf(stage);
  if (now > at) return m.stage.done;
  return now === at ? m.stage.running : m.stage.waiting;
}

function Section({ title, state, open, children }: { title: string; state?: string; open?: boolean; children: ReactNode }) {
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

export function ProgressCard({ podcast: fromLoader, backTo, retryError }: { podcast: WizardPodcast; backTo: string; retryError?: string | null }) {
  const podcast = useLivePodcast(fromLoader);
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const complete = podcast.status === "complete";
  const failed = podcast.status === "failed";
  const hosts = [describeHost(podcast.primaryVoice, podcast.primaryAccent, podcast.primarySpeed)];
  if (podcast.hostCount === 2 && podcast.secondaryVoice) hosts.push(describeHost(podcast.secondaryVoice, podcast.secondaryAccent, podcast.secondarySpeed));
  const review = wizardMessages.review;

  return (
    <Card className="space-y-6">
      <CardTitle>{failed ? m.failed : m.heading}</CardTitle>
      <GenerationProgress podcast={podcast} label={m.heading} />
      {failed ? <MessageAlert message={{ title: m.failed, description: podcast.errorMessage ?? m.failedDefault }} /> : null}
      <MessageAlert message={retryError ? { title: m.failed, description: retryError } : null} />

      <div className="space-y-3">
        <Section title={m.storyInformation} open>
          {podcast.story ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
              <dt className="text-muted-foreground">{m.title}</dt>
              <dd>{podcast.story.title}</dd>
              <dt className="text-muted-foreground">{m.source}</dt>
              <dd>{podcast.story.sourceLabel}</dd>
              <dt className="text-muted-foreground">{m.preview}</dt>
              <dd className="whitespace-pre-wrap">{podcast.story.preview}</dd>
            </dl>
          ) : (
            <p>{wizardMessages.missingStory}</p>
          )}
        </Section>
        <Section title={m.generatedScript} state={stageState(podcast.status, "script_generation", Boolean(podcast.scriptSummary))} open>
          <p>{podcast.scriptSummary ?? m.scriptPending}</p>
        </Section>
        <Section title={m.voiceProcessing} state={stageState(podcast.status, "voice_processing", false)}>
          <p>
            {m.voices}: {hosts.join(" · ")}
          </p>
        </Section>
        <Section title={m.audioFinalization} state={stageState(podcast.status, "audio_processing", false)}>
          <p>
            {m.music}: {review.musicLabels[podcast.backgroundMusic] ?? podcast.backgroundMusic}
          </p>
          <p>
            {m.introOutro}: {review.introOutroLabels[podcast.introOutro] ?? podcast.introOutro}
          </p>
          <p>
            {m.quality}: {review.qualityLabels[podcast.processingQuality] ?? podcast.processingQuality}
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
              {submitting ? m.retrying : m.retry}
            </Button>
          </Form>
        ) : null}
        {complete ? (
          <Link to={wizardUrls.podcast(podcast.id)} className={buttonClass()}>
            {m.continue}
          </Link>
        ) : null}
      </div>
    </Card>
  );
}
