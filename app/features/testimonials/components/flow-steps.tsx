// Each step is a real form, so the flow works without JavaScript (decision 0109).
import { Form } from "@remix-run/react";
import { useId, useState, type FormEvent, type ReactNode } from "react";

import { ErrorList, inputClass } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import {
  FLOW_STEPS,
  PROGRESS_CIRCLES,
  progressIndex,
  responseField,
  selectedField,
  type FlowErrors,
  type FlowIntent,
  type FlowState,
} from "~/features/testimonials/flow";
import { isRespondentEmail } from "~/features/testimonials/limits";
import { testimonialMessages } from "~/features/testimonials/messages";
import { MAX_QUESTIONS, toggleQuestion } from "~/features/testimonials/recording";
import { chosenFileProblem, formatMegabytes, isLargeVideo } from "~/features/testimonials/upload-limits";
import { cn } from "~/lib/cn";

export type StepSubmit = (intent: FlowIntent, form: FormData) => void;

type StepFormProps = {
  draftId: string | null;
  onIntent: StepSubmit | null;
  multipart?: boolean;
  children: ReactNode;
  className?: string;
};

export function StepForm({ draftId, onIntent, multipart, children, className }: StepFormProps) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!onIntent) return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const form = new FormData(event.currentTarget);
    const intent = (submitter?.value || form.get("intent")) as FlowIntent;
    onIntent(intent, form);
  };
  return (
    <Form
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      onSubmit={onSubmit}
      className={cn("space-y-5", className)}
      noValidate={Boolean(onIntent)}
    >
      {draftId ? <input type="hidden" name="draftId" value={draftId} /> : null}
      {children}
    </Form>
  );
}

/** Forward comes first in the markup, so Enter moves forward. */
function StepButtons({
  forward,
  forwardLabel,
  back = true,
  disabled,
  children,
}: {
  forward: FlowIntent;
  forwardLabel: string;
  back?: boolean;
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-row-reverse flex-wrap justify-between gap-2 pt-2">
      <Button type="submit" name="intent" value={forward} disabled={disabled}>
        {forwardLabel}
      </Button>
      {children}
      {back ? (
        <Button type="submit" name="intent" value="back" variant="outline" formNoValidate>
          {testimonialMessages.flow.back}
        </Button>
      ) : null}
    </div>
  );
}

export function ProgressCircles({ step }: { step: FlowState["step"] }) {
  const at = progressIndex(step);
  const textId = useId();
  return (
    <div className="space-y-2">
      <p
        id={textId}
        aria-live="polite"
        className="text-center text-sm font-medium text-muted-foreground"
        data-testid="flow-step"
      >
        {testimonialMessages.flow.stepOf(at, FLOW_STEPS)}
      </p>
      <ol
        aria-label={testimonialMessages.flow.progressLabel}
        aria-describedby={textId}
        className="flex items-center justify-center gap-1 sm:gap-2"
        data-testid="flow-progress"
      >
        {Array.from({ length: PROGRESS_CIRCLES }, (_, i) => {
          const n = i + 1;
          const done = at > n;
          const current = at === n;
          return (
            <li key={n} className="flex items-center gap-1 sm:gap-2">
              <span
                aria-current={current ? "step" : undefined}
                className={cn(
                  "flex h-7 w-7 items-center justify-center rounded-full border-2 text-sm font-semibold sm:h-8 sm:w-8",
                  done
                    ? "border-primary bg-primary text-primary-foreground"
                    : current
                      ? "border-primary text-primary"
                      : "border-border text-muted-foreground",
                )}
              >
                {done ? "✓" : n}
                <span className="sr-only">{done ? " (done)" : current ? " (current)" : ""}</span>
              </span>
              {n < PROGRESS_CIRCLES ? (
                <span
                  aria-hidden="true"
                  className={cn("hidden h-0.5 w-8 sm:block", done ? "bg-primary" : "bg-border")}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function StepHeading({ children, hint }: { children: ReactNode; hint?: string }) {
  return (
    <div className="space-y-1">
      <h2 className="text-2xl font-semibold">{children}</h2>
      {hint ? <p className="text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

type Common = { state: FlowState; errors: FlowErrors | undefined; draftId: string | null; onIntent: StepSubmit | null };

export function AboutStep({ state, errors, draftId, onIntent }: Common) {
  const id = useId();
  const [name, setName] = useState(state.respondentName);
  const [email, setEmail] = useState(state.respondentEmail);
  const live = Boolean(onIntent);
  const emailError = live
    ? email.trim() !== "" && !isRespondentEmail(email)
      ? [testimonialMessages.validation.email]
      : undefined
    : errors?.respondentEmail;
  const ready = name.trim() !== "" && isRespondentEmail(email);
  return (
    <StepForm draftId={draftId} onIntent={onIntent}>
      <StepHeading>{testimonialMessages.flow.about.title}</StepHeading>
      <div className="space-y-1">
        <label htmlFor={`${id}-name`} className="block text-sm font-medium">
          {testimonialMessages.flow.about.name}
        </label>
        <input
          id={`${id}-name`}
          name="respondentName"
          autoComplete="name"
          required
          maxLength={200}
          className={inputClass}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          aria-invalid={errors?.respondentName ? true : undefined}
        />
        <ErrorList errors={live && name.trim() ? undefined : errors?.respondentName} />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-email`} className="block text-sm font-medium">
          {testimonialMessages.flow.about.email}
        </label>
        <input
          id={`${id}-email`}
          name="respondentEmail"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          className={inputClass}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          aria-invalid={emailError?.length ? true : undefined}
        />
        <ErrorList errors={emailError} />
      </div>
      <StepButtons
        forward="about"
        forwardLabel={testimonialMessages.flow.continue}
        back={false}
        disabled={live && !ready}
      />
    </StepForm>
  );
}

export function MethodStep({ state, errors, draftId, onIntent }: Common) {
  const [method, setMethod] = useState(state.method);
  const option = (value: "record" | "upload", label: string, hint: string) => (
    <label
      className={cn(
        "flex cursor-pointer gap-3 rounded-lg border-2 p-4",
        method === value ? "border-primary bg-primary/5" : "border-border",
      )}
    >
      <input
        type="radio"
        name="method"
        value={value}
        checked={method === value}
        onChange={() => setMethod(value)}
        className="mt-1"
      />
      <span>
        <span className="block font-semibold">{label}</span>
        <span className="block text-sm text-muted-foreground">{hint}</span>
      </span>
    </label>
  );
  return (
    <StepForm draftId={draftId} onIntent={onIntent}>
      <StepHeading>{testimonialMessages.flow.method.title}</StepHeading>
      <fieldset className="space-y-3">
        <legend className="sr-only">{testimonialMessages.flow.method.title}</legend>
        {option("record", testimonialMessages.flow.method.record, testimonialMessages.flow.method.recordHint)}
        {option("upload", testimonialMessages.flow.method.upload, testimonialMessages.flow.method.uploadHint)}
      </fieldset>
      <ErrorList errors={errors?.form} />
      <StepButtons forward="method" forwardLabel={testimonialMessages.flow.continue} />
    </StepForm>
  );
}

type Question = { question: string; hint: string };

function QuestionChoice({
  questions,
  initial,
  errors,
}: {
  questions: Question[];
  initial: number[];
  errors: string[] | undefined;
}) {
  const [selected, setSelected] = useState(initial);
  const hydrated = useHydrated();
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium">{testimonialMessages.recorder.selectTitle}</legend>
      <p className="text-sm text-muted-foreground">{testimonialMessages.recorder.selectHint}</p>
      {questions.map((q, i) => {
        const checked = selected.includes(i);
        return (
          <label
            key={i}
            className={cn(
              "flex cursor-pointer gap-3 rounded-lg border border-border p-3",
              checked && "border-primary bg-primary/5",
            )}
          >
            <input
              type="checkbox"
              name={selectedField(i)}
              className="mt-1"
              checked={checked}
              onChange={() => setSelected((s) => toggleQuestion(s, i))}
              disabled={hydrated && !checked && selected.length >= MAX_QUESTIONS}
            />
            <span>
              <span className="block font-medium">{q.question}</span>
              <span className="block text-sm text-muted-foreground">{q.hint}</span>
            </span>
          </label>
        );
      })}
      <ErrorList errors={errors} />
    </fieldset>
  );
}

export function UploadStep({
  state,
  errors,
  draftId,
  onIntent,
  onFile,
  chosen,
  questions,
}: Common & { onFile?: (file: File | null) => void; chosen: string | null; questions: Question[] }) {
  const id = useId();
  const [localError, setLocalError] = useState<{ title?: string; description: string } | null>(null);
  const record = state.method === "record";
  const selectedName = chosen ?? state.video?.fileName ?? null;
  return (
    <StepForm draftId={draftId} onIntent={onIntent} multipart>
      <StepHeading hint={record ? testimonialMessages.flow.upload.recordHint : testimonialMessages.flow.upload.hint}>
        {record ? testimonialMessages.flow.upload.recordTitle : testimonialMessages.flow.upload.title}
      </StepHeading>
      {record && questions.length ? (
        <QuestionChoice questions={questions} initial={state.selectedQuestions} errors={errors?.selectedQuestions} />
      ) : null}
      <div className="space-y-2">
        <label htmlFor={`${id}-video`} className="block text-sm font-medium">
          {testimonialMessages.flow.upload.label}
        </label>
        <input
          id={`${id}-video`}
          name="video"
          type="file"
          accept="video/*"
          {...(record ? { capture: "user" as const } : {})}
          required={!state.video}
          className="block w-full rounded-md border border-border bg-card p-2 text-sm"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0] ?? null;
            const problem = file ? chosenFileProblem(file) : null;
            if (problem) {
              setLocalError(
                problem === "too-large"
                  ? testimonialMessages.validation.fileTooLarge
                  : { description: testimonialMessages.validation.notAVideo },
              );
              e.currentTarget.value = "";
              onFile?.(null);
              return;
            }
            setLocalError(null);
            onFile?.(file);
          }}
        />
        {selectedName && !localError ? (
          <p className="text-sm font-medium text-green-700 dark:text-green-400" role="status">
            ✓ {testimonialMessages.flow.upload.selected(selectedName)}
          </p>
        ) : null}
        {localError ? (
          <div role="alert" className="rounded-md border border-destructive p-3 text-sm">
            {localError.title ? <p className="font-semibold text-destructive">{localError.title}</p> : null}
            <p>{localError.description}</p>
          </div>
        ) : null}
        <ErrorList errors={errors?.video} />
      </div>
      <StepButtons
        forward="video"
        forwardLabel={testimonialMessages.flow.continue}
        disabled={Boolean(onIntent) && !selectedName}
      />
    </StepForm>
  );
}

export function ThoughtsStep({
  state,
  errors,
  draftId,
  onIntent,
  questions,
}: Common & { questions: Array<{ question: string; hint: string }> }) {
  return (
    <StepForm draftId={draftId} onIntent={onIntent}>
      <StepHeading hint={testimonialMessages.flow.thoughts.hint}>{testimonialMessages.flow.thoughts.title}</StepHeading>
      {questions.map((q, i) => (
        <div key={i} className="space-y-1">
          <label htmlFor={`thought-${i}`} className="block font-medium">
            {q.question}
          </label>
          <p className="text-sm text-muted-foreground">{q.hint}</p>
          <textarea
            id={`thought-${i}`}
            name={responseField(i)}
            defaultValue={state.responses[i] ?? ""}
            rows={4}
            maxLength={10_000}
            className={cn(inputClass, "min-h-[6rem]")}
          />
        </div>
      ))}
      <ErrorList errors={errors?.form} />
      <StepButtons forward="thoughts" forwardLabel={testimonialMessages.flow.continue} />
    </StepForm>
  );
}

export function ReviewStep({ state, errors, draftId, onIntent, previewUrl }: Common & { previewUrl: string | null }) {
  const size = state.video?.size ?? 0;
  return (
    <StepForm draftId={draftId} onIntent={onIntent}>
      <StepHeading>{testimonialMessages.flow.review.title}</StepHeading>
      {previewUrl ? (
        <video
          controls
          preload="metadata"
          src={previewUrl}
          className="mx-auto max-h-[60vh] w-full rounded-lg bg-black"
          data-testid="review-video"
        >
          <track kind="captions" />
        </video>
      ) : null}
      {state.video ? (
        <p className="text-sm text-muted-foreground">{testimonialMessages.flow.review.size(formatMegabytes(size))}</p>
      ) : null}
      {isLargeVideo(size) ? (
        <div
          role="status"
          className="rounded-md border border-yellow-500 bg-yellow-50 p-3 text-sm text-yellow-900 dark:bg-yellow-950 dark:text-yellow-100"
        >
          <p className="font-semibold">{testimonialMessages.flow.review.largeTitle}</p>
          <p>{testimonialMessages.flow.review.largeText}</p>
        </div>
      ) : null}
      <ErrorList errors={errors?.video ?? errors?.form} />
      <div className="flex flex-row-reverse flex-wrap justify-between gap-2 pt-2">
        <Button type="submit" name="intent" value="review-ok">
          {testimonialMessages.flow.review.looksGood}
        </Button>
        <Button type="submit" name="intent" value="record-again" variant="outline" formNoValidate>
          {testimonialMessages.flow.review.recordAgain}
        </Button>
      </div>
    </StepForm>
  );
}

export type UploadProgress = { percent: number } | null;

export function ConfirmStep({
  state,
  errors,
  draftId,
  onIntent,
  submitting,
  progress,
  failure,
}: Common & { submitting: boolean; progress: UploadProgress; failure: string | null }) {
  const [consent, setConsent] = useState(state.consentGiven);
  return (
    <StepForm draftId={draftId} onIntent={onIntent}>
      <StepHeading>{testimonialMessages.flow.confirm.title}</StepHeading>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg bg-muted p-4 text-sm">
        <dt className="font-medium">{testimonialMessages.flow.confirm.name}</dt>
        <dd>{state.respondentName}</dd>
        <dt className="font-medium">{testimonialMessages.flow.confirm.email}</dt>
        <dd>{state.respondentEmail}</dd>
        <dt className="font-medium">{testimonialMessages.flow.confirm.video}</dt>
        <dd>
          {state.video ? testimonialMessages.flow.confirm.videoIncluded : testimonialMessages.flow.confirm.videoMissing}
        </dd>
      </dl>
      <div className="space-y-1">
        <label className="flex gap-3">
          <input
            type="checkbox"
            name="consentGiven"
            required
            checked={consent}
            onChange={(e) => setConsent(e.currentTarget.checked)}
            className="mt-1"
          />
          <span className="text-sm">{testimonialMessages.flow.confirm.consent}</span>
        </label>
        <ErrorList errors={errors?.consentGiven} />
      </div>
      {progress ? (
        <div className="space-y-1" data-testid="upload-progress">
          <div
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress.percent}
          >
            <div className="h-full bg-primary transition-all" style={{ width: `${progress.percent}%` }} />
          </div>
          <p className="text-sm text-muted-foreground">
            {testimonialMessages.flow.confirm.uploading(progress.percent)}
          </p>
        </div>
      ) : null}
      {failure ? (
        <div role="alert" className="rounded-md border border-destructive p-3 text-sm">
          <p className="font-semibold text-destructive">{testimonialMessages.upload.failedTitle}</p>
          <p>{failure}</p>
        </div>
      ) : null}
      <ErrorList errors={errors?.video ?? errors?.form} />
      <StepButtons
        forward="submit"
        forwardLabel={
          submitting ? testimonialMessages.flow.confirm.submitting : testimonialMessages.flow.confirm.submit
        }
        disabled={Boolean(onIntent) && (!consent || submitting)}
      />
    </StepForm>
  );
}

export function ThanksStep({ draftId, onIntent }: Omit<Common, "state" | "errors">) {
  return (
    <StepForm draftId={draftId} onIntent={onIntent} className="text-center">
      <div className="space-y-2">
        <h2 className="text-3xl font-semibold">{testimonialMessages.flow.thanks.title}</h2>
        <p className="text-muted-foreground">{testimonialMessages.flow.thanks.text}</p>
      </div>
      <Button type="submit" name="intent" value="another">
        {testimonialMessages.flow.thanks.another}
      </Button>
    </StepForm>
  );
}
