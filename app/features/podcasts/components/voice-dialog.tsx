import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Dialog } from "~/components/ui/dialog";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { ErrorList, inputClass } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { storyMessages } from "~/features/contributions/messages";
import {
  familyAccents,
  familyMusic,
  familyVoices,
  NarratorSettingsSchema,
  processingQualities,
  SPEED,
  type NarratorSettings,
} from "~/features/contributions/schemas";

const m = storyMessages.voiceDialog;

function SelectField<T extends string>({
  label,
  props,
  options,
  labels,
  errors,
}: {
  label: string;
  props: ReturnType<typeof getSelectProps>;
  options: readonly T[];
  labels: Record<T, string>;
  errors?: string[];
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={props.id} className="block text-sm font-medium">
        {label}
      </label>
      <select {...props} className={inputClass}>
        {options.map((value) => (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ))}
      </select>
      <ErrorList errors={errors} />
    </div>
  );
}

/**
 * 'Configure Family Podcast Voice': one narrator, family intro/outro. 'Generate Family Podcast'
 * saves the settings on the campaign and starts the podcast; 'Save Voice Settings' only saves them.
 */
export function VoiceDialog({ closeTo, settings, lastResult }: { closeTo: string; settings: NarratorSettings; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "podcast-voice",
    lastResult,
    defaultValue: settings,
    constraint: getZodConstraint(NarratorSettingsSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NarratorSettingsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [speed, setSpeed] = useState(settings.primarySpeed);
  const pending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const submitting = pending === "save-voice" || pending === "generate-podcast";
  const speedProps = getInputProps(fields.primarySpeed, { type: "range" });
  return (
    <Dialog title={m.title} description={m.description} closeTo={closeTo} replace>
      <Form method="post" preventScrollReset className="space-y-4" {...getFormProps(form)}>
        {form.errors?.length ? (
          <div role="alert" className="rounded-md border border-destructive bg-destructive/10 p-3 text-sm">
            <p className="font-semibold text-destructive">{m.failed}</p>
            <ErrorList errors={form.errors} />
          </div>
        ) : null}
        <p className="text-sm text-muted-foreground">
          {m.hostCount} · {m.introOutro}
        </p>
        <SelectField label={m.voice} props={getSelectProps(fields.primaryVoice)} options={familyVoices} labels={m.voiceLabels} errors={fields.primaryVoice.errors} />
        <SelectField label={m.accent} props={getSelectProps(fields.primaryAccent)} options={familyAccents} labels={m.accentLabels} errors={fields.primaryAccent.errors} />
        <div className="space-y-1">
          <label htmlFor={speedProps.id} className="flex justify-between text-sm font-medium">
            <span>{m.speed}</span>
            <output htmlFor={speedProps.id} aria-live="polite">
              {speed.toFixed(1)}x
            </output>
          </label>
          <input
            {...speedProps}
            min={SPEED.min}
            max={SPEED.max}
            step={SPEED.step}
            className="w-full accent-primary"
            onChange={(event) => setSpeed(Number(event.currentTarget.value))}
          />
          <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
            <span>{SPEED.min}x</span>
            <span>{SPEED.max}x</span>
          </div>
          <ErrorList errors={fields.primarySpeed.errors} />
        </div>
        <SelectField label={m.music} props={getSelectProps(fields.backgroundMusic)} options={familyMusic} labels={m.musicLabels} errors={fields.backgroundMusic.errors} />
        <SelectField
          label={m.quality}
          props={getSelectProps(fields.processingQuality)}
          options={processingQualities}
          labels={m.qualityLabels}
          errors={fields.processingQuality.errors}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={closeTo} replace preventScrollReset className={buttonClass("outline")}>
            Cancel
          </Link>
          <Button type="submit" name="intent" value="save-voice" variant="outline" disabled={submitting}>
            {pending === "save-voice" ? m.saving : m.save}
          </Button>
          <Button type="submit" name="intent" value="generate-podcast" disabled={submitting}>
            {pending === "generate-podcast" ? m.generating : m.generate}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
