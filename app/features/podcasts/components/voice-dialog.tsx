import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { Dialog } from "~/components/ui/dialog";
import type { FormConstraint } from "~/lib/zod-constraint";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import type { VoiceOffer } from "~/audio/audio-options";
import { useHydrated } from "~/components/use-hydrated";
import { ErrorList, FormActions, FormAlert, SelectField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { storyMessages } from "~/features/contributions/messages";
import { familyAccents, familyMusic, familyVoices, processingQualities, SPEED } from "~/features/contributions/limits";
import type { NarratorSettings, NarratorSettingsSchema } from "~/features/contributions/schemas";
import { accentOptions, offeredAccent, voiceOfferMessages } from "~/features/podcasts/voice-offer";
import { wizardMessages } from "~/features/podcasts/wizard-messages";

const m = storyMessages.voiceDialog;
const review = wizardMessages.review;

/** 'Review the script first': the family podcast is started and its job stops at the script (decision 0128). */
export const REVIEW_INTENT = "review-podcast";

/**
 * 'Configure Family Podcast Voice': one narrator, family intro/outro. 'Generate Family Podcast'
 * saves the settings on the campaign and starts the podcast; 'Save Voice Settings' only saves them.
 */
export function VoiceDialog({
  closeTo,
  settings,
  offer,
  constraint,
  lastResult,
}: {
  closeTo: string;
  settings: NarratorSettings;
  /** Per voice and accent, what this installation can speak. */
  offer: VoiceOffer;
  lastResult?: SubmissionResult<string[]>;
  constraint: FormConstraint;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof NarratorSettingsSchema>>({
    id: "podcast-voice",
    lastResult,
    defaultValue: settings,
    constraint,
    // Checked by the server only: the page ships no schema code (issue 33, decision 0173).
  });
  const [speed, setSpeed] = useState(settings.primarySpeed);
  const pending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const submitting = pending === "save-voice" || pending === "generate-podcast" || pending === REVIEW_INTENT;
  const speedProps = getInputProps(fields.primarySpeed, { type: "range" });
  // As in the wizard: disabled only with JavaScript, which follows the voice as it changes.
  const hydrated = useHydrated();
  const voice = String(fields.primaryVoice.value ?? settings.primaryVoice);
  const accent = String(fields.primaryAccent.value ?? settings.primaryAccent);
  const keepAccentOffered = (next: string) => {
    const offered = offeredAccent(offer, next, accent, familyAccents);
    if (offered !== accent) form.update({ name: fields.primaryAccent.name, value: offered });
  };
  return (
    <Dialog title={m.title} description={m.description} closeTo={closeTo} replace>
      <Form method="post" preventScrollReset className="space-y-4" {...getFormProps(form)}>
        <FormAlert title={m.failed} errors={form.errors} />
        <p className="text-sm text-muted-foreground">
          {m.hostCount} · {m.introOutro}
        </p>
        <SelectField
          label={m.voice}
          selectProps={{ ...getSelectProps(fields.primaryVoice), onChange: (event) => keepAccentOffered(event.currentTarget.value) }}
          options={familyVoices}
          optionLabel={(v) => m.voiceLabels[v]}
          errors={fields.primaryVoice.errors}
        />
        <SelectField
          label={m.accent}
          selectProps={getSelectProps(fields.primaryAccent)}
          options={accentOptions(offer, voice, familyAccents, m.accentLabels, hydrated)}
          hint={voiceOfferMessages.hint}
          errors={fields.primaryAccent.errors}
        />
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
        <SelectField label={m.music} selectProps={getSelectProps(fields.backgroundMusic)} options={familyMusic} optionLabel={(v) => m.musicLabels[v]} errors={fields.backgroundMusic.errors} />
        <SelectField
          label={m.quality}
          selectProps={getSelectProps(fields.processingQuality)}
          options={processingQualities}
          optionLabel={(v) => m.qualityLabels[v]}
          errors={fields.processingQuality.errors}
        />
        <p id="family-review-first-hint" className="text-sm text-muted-foreground">
          {review.reviewFirstHint}
        </p>
        <FormActions cancelTo={closeTo} replace>
          <Button type="submit" name="intent" value="save-voice" variant="outline" disabled={submitting}>
            {pending === "save-voice" ? m.saving : m.save}
          </Button>
          <Button type="submit" name="intent" value={REVIEW_INTENT} variant="outline" disabled={submitting} aria-describedby="family-review-first-hint">
            {pending === REVIEW_INTENT ? m.generating : review.reviewFirst}
          </Button>
          <Button type="submit" name="intent" value="generate-podcast" disabled={submitting}>
            {pending === "generate-podcast" ? m.generating : m.generate}
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}
