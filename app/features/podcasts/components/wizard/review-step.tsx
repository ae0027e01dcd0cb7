import { getFormProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { ErrorList, inputClass } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { estimateDurationMinutes, formatDurationRange } from "~/features/podcasts/duration-estimate";
import { optionsDefaults, processingQualities, wizardIntroOutro, wizardMusic, type VoiceConfig } from "~/features/podcasts/schemas";
import { describeHost, wizardMessages } from "~/features/podcasts/wizard-messages";
import { voiceParams, WizardGenerateSchema, wizardUrls } from "~/features/podcasts/wizard-schemas";
import { MessageAlert } from "./message-alert";

const m = wizardMessages.review;

export type ReviewStory = { id: string; title: string; sourceLabel: string; words: number };

/** Errors are read by the form's component: Conform re-renders on what that component read. */
function Select({
  label,
  field,
  errors,
  options,
  labels,
}: {
  label: string;
  field: FieldMetadata<string | undefined>;
  errors: string[] | undefined;
  options: readonly string[];
  labels: Record<string, string>;
}) {
  const props = getSelectProps(field);
  return (
    <div className="space-y-1">
      <label htmlFor={props.id} className="block text-sm font-medium">
        {label}
      </label>
      <select {...props} className={inputClass}>
        {options.map((value) => (
          <option key={value} value={value}>
            {labels[value] ?? value}
          </option>
        ))}
      </select>
      <ErrorList errors={errors} />
    </div>
  );
}

export function ReviewStep({ story, voice, lastResult }: { story: ReviewStory; voice: VoiceConfig; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const [form, fields] = useForm<{ storyId: string; backgroundMusic: string; introOutro: string; processingQuality: string }>({
    id: "generate",
    lastResult,
    defaultValue: optionsDefaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: WizardGenerateSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "generate";
  const introOutro = String(fields.introOutro.value ?? optionsDefaults.introOutro);
  const estimate = formatDurationRange(estimateDurationMinutes(story.words, introOutro));
  const problem = form.errors?.[0] ?? fields.storyId.errors?.[0];
  const hosts = [describeHost(voice.primaryVoice, voice.primaryAccent, voice.primarySpeed)];
  if (voice.hostCount === 2 && voice.secondaryVoice) hosts.push(describeHost(voice.secondaryVoice, voice.secondaryAccent, voice.secondarySpeed));

  return (
    <Card className="space-y-6">
      <CardTitle>{m.heading}</CardTitle>
      <Form method="post" className="space-y-6" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="generate" />
        <input type="hidden" name="storyId" value={story.id} />
        {[...voiceParams(voice)].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <section aria-label={m.summary} className="rounded-lg border border-border p-4">
          <h3 className="mb-3 font-semibold">{m.summary}</h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-muted-foreground">{m.story}</dt>
            <dd>{story.title}</dd>
            <dt className="text-muted-foreground">{m.source}</dt>
            <dd>{story.sourceLabel}</dd>
            <dt className="text-muted-foreground">{m.words}</dt>
            <dd>{story.words.toLocaleString("en-US")}</dd>
            <dt className="text-muted-foreground">{m.hosts}</dt>
            <dd>
              {hosts.map((host) => (
                <span key={host} className="block">
                  {host}
                </span>
              ))}
            </dd>
            <dt className="text-muted-foreground">{m.estimatedDuration}</dt>
            <dd data-testid="estimated-duration">{estimate}</dd>
          </dl>
        </section>
        <details className="rounded-lg border border-border p-4">
          <summary className="cursor-pointer font-semibold">{m.advanced}</summary>
          <div className="mt-4 grid gap-4 sm:grid-cols-3">
            <Select label={m.backgroundMusic} field={fields.backgroundMusic} errors={fields.backgroundMusic.errors} options={wizardMusic} labels={m.musicLabels} />
            <Select label={m.introOutro} field={fields.introOutro} errors={fields.introOutro.errors} options={wizardIntroOutro} labels={m.introOutroLabels} />
            <Select label={m.quality} field={fields.processingQuality} errors={fields.processingQuality.errors} options={processingQualities} labels={m.qualityLabels} />
          </div>
        </details>
        <MessageAlert message={problem ? { title: wizardMessages.progress.failed, description: problem } : null} />
        <div className="flex justify-between gap-2">
          <Link to={wizardUrls.voices(story.id, voice)} className={buttonClass("outline")}>
            {wizardMessages.page.back}
          </Link>
          <Button type="submit" disabled={submitting}>
            {submitting ? m.generating : m.generate}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
