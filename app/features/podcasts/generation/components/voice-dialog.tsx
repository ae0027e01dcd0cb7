import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import type { z } from "zod";

import type { VoiceOffer } from "~/audio/audio-options";
import { ErrorList, FormActions, FormAlert, SelectField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { useHydrated } from "~/components/use-hydrated";
import { familyAccents, familyMusic, familyVoices, processingQualities, SPEED } from "~/features/contributions/limits";
import { storyMessages } from "~/features/contributions/messages";
import type { NarratorSettings, NarratorSettingsSchema } from "~/features/contributions/schemas";
import { accentOptions, offeredAccent, voiceOfferMessages } from "~/features/podcasts/voice-offer";
import { wizardMessages } from "~/features/podcasts/wizard/wizard-messages";
import type { FormConstraint } from "~/lib/zod-constraint";

const review = wizardMessages.review;

export const REVIEW_INTENT = "review-podcast";

type Field = FieldMetadata<string | number | null | undefined>;

function SpeakerFields({
  labels,
  voice,
  accent,
  speed,
  offer,
  initialSpeed,
  onVoiceChange,
}: {
  labels: { voice: string; accent: string; speed: string };
  voice: Field;
  accent: Field;
  speed: Field;
  offer: VoiceOffer;
  initialSpeed: number;
  onVoiceChange: (voice: string) => void;
}) {
  const [shown, setShown] = useState(initialSpeed);
  const speedProps = getInputProps(speed, { type: "range" });
  const hydrated = useHydrated();
  return (
    <>
      <SelectField
        label={labels.voice}
        selectProps={{ ...getSelectProps(voice), onChange: (event) => onVoiceChange(event.currentTarget.value) }}
        options={familyVoices}
        optionLabel={(v) => storyMessages.voiceDialog.voiceLabels[v]}
        errors={voice.errors}
      />
      <SelectField
        label={labels.accent}
        selectProps={getSelectProps(accent)}
        options={accentOptions(
          offer,
          String(voice.value ?? ""),
          familyAccents,
          storyMessages.voiceDialog.accentLabels,
          hydrated,
        )}
        hint={voiceOfferMessages.hint}
        errors={accent.errors}
      />
      <div className="space-y-1">
        <label htmlFor={speedProps.id} className="flex justify-between text-sm font-medium">
          <span>{labels.speed}</span>
          <output htmlFor={speedProps.id} aria-live="polite">
            {shown.toFixed(1)}x
          </output>
        </label>
        <input
          {...speedProps}
          min={SPEED.min}
          max={SPEED.max}
          step={SPEED.step}
          className="w-full accent-primary"
          onChange={(event) => setShown(Number(event.currentTarget.value))}
        />
        <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
          <span>{SPEED.min}x</span>
          <span>{SPEED.max}x</span>
        </div>
        <ErrorList errors={speed.errors} />
      </div>
    </>
  );
}

export function VoiceDialog({
  closeTo,
  settings,
  offer,
  constraint,
  lastResult,
}: {
  closeTo: string;
  settings: NarratorSettings;
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
  });
  const pending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const submitting = pending === "save-voice" || pending === "generate-podcast" || pending === REVIEW_INTENT;
  const keepAccentOffered = (accent: Field) => (next: string) => {
    const current = String(accent.value ?? "");
    const offered = offeredAccent(offer, next, current, familyAccents);
    if (offered !== current) form.update({ name: accent.name, value: offered });
  };
  const hostCount = String(fields.hostCount.value ?? settings.hostCount);
  return (
    <Dialog
      title={storyMessages.voiceDialog.title}
      description={storyMessages.voiceDialog.description}
      closeTo={closeTo}
      replace
    >
      {/* The host's fields are shown by CSS while two voices are checked, so no script is needed. */}
      <Form method="post" preventScrollReset className="group space-y-4" {...getFormProps(form)}>
        <FormAlert title={storyMessages.voiceDialog.failed} errors={form.errors} />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{storyMessages.voiceDialog.hostCount}</legend>
          {([1, 2] as const).map((count) => (
            <label key={count} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                id={`family-voices-${count}`}
                name={fields.hostCount.name}
                value={count}
                defaultChecked={String(count) === hostCount}
                className="mt-1 accent-primary"
              />
              {storyMessages.voiceDialog.hostOptions[count]}
            </label>
          ))}
          <ErrorList errors={fields.hostCount.errors} />
        </fieldset>
        <p className="text-sm text-muted-foreground">{storyMessages.voiceDialog.introOutro}</p>
        <SpeakerFields
          labels={{
            voice: storyMessages.voiceDialog.voice,
            accent: storyMessages.voiceDialog.accent,
            speed: storyMessages.voiceDialog.speed,
          }}
          voice={fields.primaryVoice}
          accent={fields.primaryAccent}
          speed={fields.primarySpeed}
          offer={offer}
          initialSpeed={settings.primarySpeed}
          onVoiceChange={keepAccentOffered(fields.primaryAccent)}
        />
        <div className="hidden space-y-4 group-has-[#family-voices-2:checked]:block">
          <SpeakerFields
            labels={{
              voice: storyMessages.voiceDialog.hostVoice,
              accent: storyMessages.voiceDialog.hostAccent,
              speed: storyMessages.voiceDialog.hostSpeed,
            }}
            voice={fields.secondaryVoice}
            accent={fields.secondaryAccent}
            speed={fields.secondarySpeed}
            offer={offer}
            initialSpeed={settings.secondarySpeed}
            onVoiceChange={keepAccentOffered(fields.secondaryAccent)}
          />
        </div>
        <SelectField
          label={storyMessages.voiceDialog.music}
          selectProps={getSelectProps(fields.backgroundMusic)}
          options={familyMusic}
          optionLabel={(v) => storyMessages.voiceDialog.musicLabels[v]}
          errors={fields.backgroundMusic.errors}
        />
        <SelectField
          label={storyMessages.voiceDialog.quality}
          selectProps={getSelectProps(fields.processingQuality)}
          options={processingQualities}
          optionLabel={(v) => storyMessages.voiceDialog.qualityLabels[v]}
          errors={fields.processingQuality.errors}
        />
        <p id="family-review-first-hint" className="text-sm text-muted-foreground">
          {review.reviewFirstHint}
        </p>
        <FormActions cancelTo={closeTo} replace>
          <Button type="submit" name="intent" value="save-voice" variant="outline" disabled={submitting}>
            {pending === "save-voice" ? storyMessages.voiceDialog.saving : storyMessages.voiceDialog.save}
          </Button>
          <Button
            type="submit"
            name="intent"
            value={REVIEW_INTENT}
            variant="outline"
            disabled={submitting}
            aria-describedby="family-review-first-hint"
          >
            {pending === REVIEW_INTENT ? storyMessages.voiceDialog.generating : review.reviewFirst}
          </Button>
          <Button type="submit" name="intent" value="generate-podcast" disabled={submitting}>
            {pending === "generate-podcast" ? storyMessages.voiceDialog.generating : storyMessages.voiceDialog.generate}
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}
