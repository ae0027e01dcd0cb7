import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState, type SyntheticEvent } from "react";
import type { z } from "zod";

import type { VoiceOffer } from "~/audio/audio-options";
import { ErrorList, SelectField } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { useHydrated } from "~/components/use-hydrated";
import type { VoiceConfig } from "~/features/podcasts/schemas";
import { accentOptions, offeredAccent, voiceOfferMessages } from "~/features/podcasts/voice-offer";
import { formatSpeed, wizardMessages } from "~/features/podcasts/wizard/wizard-messages";
import {
  podcastAccents,
  podcastVoices,
  voiceConfigDefaults,
  WIZARD_SPEED,
} from "~/features/podcasts/wizard/wizard-options";
import type { WizardVoicesSchema } from "~/features/podcasts/wizard/wizard-schemas";
import { wizardUrls } from "~/features/podcasts/wizard/wizard-urls";

import { MessageAlert } from "./message-alert";

const sampleUrl = (voice: string, accent: string) =>
  `/api/voices/${encodeURIComponent(voice)}/sample?accent=${encodeURIComponent(accent)}`;

function playOneAtATime(event: SyntheticEvent<HTMLAudioElement>) {
  for (const audio of document.querySelectorAll<HTMLAudioElement>("audio[data-voice-sample]")) {
    if (audio !== event.currentTarget && !audio.paused) audio.pause();
  }
}

type Field = FieldMetadata<string | number | null | undefined>;

type HostValues = {
  voice: string;
  accent: string;
  speed: number;
  errors: { voice?: string[]; accent?: string[]; speed?: string[] };
};

/** Values are read by the form's own component: Conform re-renders on what that component read. */
function HostFields({
  heading,
  name,
  voice,
  accent,
  speed,
  values,
  offer,
  onVoiceChange,
  onSampleError,
  onSamplePlay,
}: {
  heading: string;
  name: string;
  voice: Field;
  accent: Field;
  speed: Field;
  values: HostValues;
  offer: VoiceOffer;
  onVoiceChange: (voice: string) => void;
  onSampleError: () => void;
  onSamplePlay: () => void;
}) {
  const speedProps = getInputProps(speed, { type: "range" });
  // Without JavaScript nothing is disabled (the voice may change before submitting); the server refuses what cannot be spoken.
  const hydrated = useHydrated();
  const [preparing, setPreparing] = useState(false);
  return (
    <div className="space-y-3">
      <SelectField
        label={heading}
        selectProps={{ ...getSelectProps(voice), onChange: (event) => onVoiceChange(event.currentTarget.value) }}
        errors={values.errors.voice}
        options={podcastVoices}
        optionLabel={(v) => wizardMessages.voices.voiceLabels[v] ?? v}
      />
      <SelectField
        label={wizardMessages.voices.accent(name)}
        selectProps={getSelectProps(accent)}
        errors={values.errors.accent}
        options={accentOptions(offer, values.voice, podcastAccents, wizardMessages.voices.accentLabels, hydrated)}
        hint={voiceOfferMessages.hint}
      />
      <div className="space-y-1">
        <label htmlFor={speedProps.id} className="flex justify-between text-sm font-medium">
          <span>{wizardMessages.voices.speed(name)}</span>
          <output htmlFor={speedProps.id}>{formatSpeed(values.speed)}</output>
        </label>
        <input
          {...speedProps}
          min={WIZARD_SPEED.min}
          max={WIZARD_SPEED.max}
          step={WIZARD_SPEED.step}
          className="w-full accent-primary"
        />
        <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
          <span>{formatSpeed(WIZARD_SPEED.min)}</span>
          <span>{formatSpeed(WIZARD_SPEED.max)}</span>
        </div>
        <ErrorList errors={values.errors.speed} />
      </div>
      <div className="space-y-1">
        <p className="text-sm font-medium">{wizardMessages.voices.sample(name)}</p>
        <audio
          data-voice-sample
          aria-label={wizardMessages.voices.sample(name)}
          controls
          preload="none"
          src={sampleUrl(values.voice, values.accent)}
          onPlay={(event) => {
            playOneAtATime(event);
            setPreparing(true);
            onSamplePlay();
          }}
          onPlaying={() => setPreparing(false)}
          onPause={() => setPreparing(false)}
          onError={() => {
            setPreparing(false);
            onSampleError();
          }}
          className="w-full"
        />
        <p role="status" className="text-xs text-muted-foreground">
          {preparing ? wizardMessages.voices.samplePreparing : ""}
        </p>
      </div>
    </div>
  );
}

export function VoicesStep({
  story,
  voice,
  offer,
  lastResult,
}: {
  story: { id: string; title: string };
  voice: VoiceConfig;
  offer: VoiceOffer;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const [sampleFailed, setSampleFailed] = useState(false);
  // Checked by the server only: the step ships no Zod.
  const [form, fields] = useForm<z.input<typeof WizardVoicesSchema>>({
    id: "voices",
    lastResult,
    defaultValue: {
      ...voice,
      secondaryVoice: voice.secondaryVoice ?? voiceConfigDefaults.secondaryVoice,
      secondaryAccent: voice.secondaryAccent ?? voiceConfigDefaults.secondaryAccent,
      secondarySpeed: voice.secondarySpeed ?? voiceConfigDefaults.secondarySpeed,
    },
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "voices";
  const hostCount = String(fields.hostCount.value ?? voice.hostCount);
  const valuesOf = (voiceField: Field, accentField: Field, speedField: Field): HostValues => {
    const speed = Number(speedField.value ?? WIZARD_SPEED.default);
    return {
      voice: String(voiceField.value ?? voiceConfigDefaults.primaryVoice),
      accent: String(accentField.value ?? voiceConfigDefaults.primaryAccent),
      speed: Number.isFinite(speed) ? speed : WIZARD_SPEED.default,
      errors: { voice: voiceField.errors, accent: accentField.errors, speed: speedField.errors },
    };
  };
  const keepAccentOffered = (accentField: Field, accentValue: string) => (next: string) => {
    const accent = offeredAccent(offer, next, accentValue, podcastAccents);
    if (accent !== accentValue) form.update({ name: accentField.name, value: accent });
  };
  const primary = valuesOf(fields.primaryVoice, fields.primaryAccent, fields.primarySpeed);
  const secondary = valuesOf(fields.secondaryVoice, fields.secondaryAccent, fields.secondarySpeed);
  const onSampleError = () => setSampleFailed(true);
  const onSamplePlay = () => setSampleFailed(false);
  const storyError = fields.storyId.errors?.[0];
  return (
    <Card className="space-y-6">
      <div className="space-y-1">
        <CardTitle>{wizardMessages.voices.heading}</CardTitle>
        <p className="text-sm text-muted-foreground">
          {wizardMessages.voices.storyLabel}: <span className="font-medium text-foreground">{story.title}</span>
        </p>
      </div>
      {/* The second host's fields are shown by CSS while '2 hosts' is checked, so no script is needed. */}
      <Form method="post" className="group space-y-6" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="voices" />
        <input type="hidden" name="storyId" value={story.id} />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{wizardMessages.voices.hostCount}</legend>
          <div className="flex gap-6">
            {([1, 2] as const).map((count) => (
              <label key={count} className="flex items-center gap-2">
                <input
                  type="radio"
                  id={`host-count-${count}`}
                  name={fields.hostCount.name}
                  value={count}
                  defaultChecked={String(count) === hostCount}
                  className="accent-primary"
                />
                {wizardMessages.voices.hostOptions[count]}
              </label>
            ))}
          </div>
          <ErrorList errors={fields.hostCount.errors} />
        </fieldset>
        <div className="grid gap-6 md:grid-cols-2">
          <HostFields
            heading={wizardMessages.voices.primary}
            name={wizardMessages.voices.hostNames.primary}
            voice={fields.primaryVoice}
            accent={fields.primaryAccent}
            speed={fields.primarySpeed}
            values={primary}
            offer={offer}
            onVoiceChange={keepAccentOffered(fields.primaryAccent, primary.accent)}
            onSampleError={onSampleError}
            onSamplePlay={onSamplePlay}
          />
          <div className="hidden group-has-[#host-count-2:checked]:block">
            <HostFields
              heading={wizardMessages.voices.secondary}
              name={wizardMessages.voices.hostNames.secondary}
              voice={fields.secondaryVoice}
              accent={fields.secondaryAccent}
              speed={fields.secondarySpeed}
              values={secondary}
              offer={offer}
              onVoiceChange={keepAccentOffered(fields.secondaryAccent, secondary.accent)}
              onSampleError={onSampleError}
              onSamplePlay={onSamplePlay}
            />
          </div>
        </div>
        <MessageAlert message={sampleFailed ? wizardMessages.voices.sampleFailed : null} />
        <MessageAlert message={storyError ? { title: storyError, description: "" } : null} />
        <div className="flex justify-between gap-2">
          <Link to={wizardUrls.upload()} className={buttonClass("outline")}>
            {wizardMessages.page.back}
          </Link>
          <Button type="submit" disabled={submitting}>
            {wizardMessages.voices.continue}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
