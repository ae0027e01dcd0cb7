import { getFormProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";

import { SelectField, TextareaField } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { useHydrated } from "~/components/use-hydrated";
import type { VoiceConfig } from "~/features/podcasts/schemas";
import {
  episodeSeconds,
  formatDurationRange,
  type EpisodeEstimate,
} from "~/features/podcasts/wizard/duration-estimate";
import { describeHost, wizardMessages } from "~/features/podcasts/wizard/wizard-messages";
import {
  CUSTOM_INTRO_MAX,
  optionsDefaults,
  processingQualities,
  wizardIntroOutro,
  wizardMusic,
} from "~/features/podcasts/wizard/wizard-options";
import { voiceParams, wizardUrls } from "~/features/podcasts/wizard/wizard-urls";
import { formatCount } from "~/lib/text-format";

import { MessageAlert } from "./message-alert";

export type ReviewStory = { id: string; title: string; sourceLabel: string; words: number };

export function ReviewStep({
  story,
  voice,
  episode,
  lastResult,
}: {
  story: ReviewStory;
  voice: VoiceConfig;
  episode: EpisodeEstimate;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  // Checked by the server only: the step ships no Zod.
  const [form, fields] = useForm<{
    storyId: string;
    backgroundMusic: string;
    introOutro: string;
    processingQuality: string;
    customIntro?: string;
  }>({
    id: "generate",
    lastResult,
    defaultValue: optionsDefaults,
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "generate";
  const reviewing = submitting && navigation.formData?.get("then") === "review";
  const introOutro = String(fields.introOutro.value ?? optionsDefaults.introOutro);
  // Without JavaScript the select cannot reveal it, so the field is always there; with it, only for 'custom'.
  const hydrated = useHydrated();
  const estimate = formatDurationRange(
    episodeSeconds(episode, String(fields.backgroundMusic.value ?? optionsDefaults.backgroundMusic), introOutro),
  );
  const problem = form.errors?.[0] ?? fields.storyId.errors?.[0];
  const hosts = [describeHost(voice.primaryVoice, voice.primaryAccent, voice.primarySpeed)];
  if (voice.hostCount === 2 && voice.secondaryVoice)
    hosts.push(describeHost(voice.secondaryVoice, voice.secondaryAccent, voice.secondarySpeed));

  return (
    <Card className="space-y-6">
      <CardTitle>{wizardMessages.review.heading}</CardTitle>
      <Form method="post" className="space-y-6" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="generate" />
        <input type="hidden" name="storyId" value={story.id} />
        {[...voiceParams(voice)].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <section aria-label={wizardMessages.review.summary} className="rounded-lg border border-border p-4">
          <h3 className="mb-3 font-semibold">{wizardMessages.review.summary}</h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-muted-foreground">{wizardMessages.review.story}</dt>
            <dd>{story.title}</dd>
            <dt className="text-muted-foreground">{wizardMessages.review.source}</dt>
            <dd>{story.sourceLabel}</dd>
            <dt className="text-muted-foreground">{wizardMessages.review.words}</dt>
            <dd>{formatCount(story.words)}</dd>
            <dt className="text-muted-foreground">{wizardMessages.review.hosts}</dt>
            <dd>
              {hosts.map((host) => (
                <span key={host} className="block">
                  {host}
                </span>
              ))}
            </dd>
            <dt className="text-muted-foreground">{wizardMessages.review.estimatedDuration}</dt>
            <dd data-testid="estimated-duration">{estimate}</dd>
          </dl>
        </section>
        <details className="rounded-lg border border-border p-4" open={fields.customIntro.errors ? true : undefined}>
          <summary className="cursor-pointer font-semibold">{wizardMessages.review.advanced}</summary>
          <div className="mt-4 grid gap-4 sm:grid-cols-3">
            <SelectField
              label={wizardMessages.review.backgroundMusic}
              selectProps={getSelectProps(fields.backgroundMusic)}
              errors={fields.backgroundMusic.errors}
              options={wizardMusic}
              optionLabel={(v) => wizardMessages.review.musicLabels[v] ?? v}
            />
            <SelectField
              label={wizardMessages.review.introOutro}
              selectProps={getSelectProps(fields.introOutro)}
              errors={fields.introOutro.errors}
              options={wizardIntroOutro}
              optionLabel={(v) => wizardMessages.review.introOutroLabels[v] ?? v}
            />
            <SelectField
              label={wizardMessages.review.quality}
              selectProps={getSelectProps(fields.processingQuality)}
              errors={fields.processingQuality.errors}
              options={processingQualities}
              optionLabel={(v) => wizardMessages.review.qualityLabels[v] ?? v}
            />
          </div>
          {!hydrated || introOutro === "custom" || fields.customIntro.errors ? (
            <TextareaField
              className="mt-4"
              label={wizardMessages.review.customIntro}
              hint={wizardMessages.review.customIntroHint(CUSTOM_INTRO_MAX)}
              textareaProps={{ ...getTextareaProps(fields.customIntro), rows: 3, maxLength: CUSTOM_INTRO_MAX }}
              errors={fields.customIntro.errors}
            />
          ) : null}
        </details>
        <MessageAlert message={problem ? { title: wizardMessages.progress.failed, description: problem } : null} />
        <p id="review-first-hint" className="text-sm text-muted-foreground">
          {wizardMessages.review.reviewFirstHint}
        </p>
        <div className="flex flex-wrap justify-between gap-2">
          <Link to={wizardUrls.voices(story.id, voice)} className={buttonClass("outline")}>
            {wizardMessages.page.back}
          </Link>
          <div className="flex flex-wrap justify-end gap-2">
            {/* First in the form, so Enter in a field still means 'Generate Podcast'. */}
            <Button type="submit" disabled={submitting}>
              {submitting && !reviewing ? wizardMessages.review.generating : wizardMessages.review.generate}
            </Button>
            <Button
              type="submit"
              name="then"
              value="review"
              variant="outline"
              disabled={submitting}
              aria-describedby="review-first-hint"
            >
              {reviewing ? wizardMessages.review.generating : wizardMessages.review.reviewFirst}
            </Button>
          </div>
        </div>
      </Form>
    </Card>
  );
}
