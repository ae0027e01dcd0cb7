import { useEffect, useRef, useState } from "react";

import { Card } from "~/components/ui/card";
import { useHydrated } from "~/components/use-hydrated";
import {
  eventFromForm,
  initialFlow,
  reduceFlow,
  selectedFromForm,
  textAnswers,
  type FlowErrors,
  type FlowIntent,
  type FlowResult,
  type FlowState,
} from "~/features/testimonials/flow";
import { testimonialMessages } from "~/features/testimonials/messages";
import { baseMimeType, extensionFor } from "~/features/testimonials/recording";
import { chosenFileProblem } from "~/features/testimonials/upload-limits";

import {
  AboutStep,
  ConfirmStep,
  MethodStep,
  ProgressCircles,
  ReviewStep,
  ThanksStep,
  ThoughtsStep,
  UploadStep,
  type UploadProgress,
} from "./flow-steps";
import { Recorder } from "./recorder";
import { SubmitFailure, submitTestimonial } from "./upload-client";

export type PublicCampaignView = {
  publicId: string;
  title: string;
  description: string | null;
  isActive: boolean;
  allowTextResponses: boolean;
  questions: Array<{ question: string; hint: string }>;
};

type Reply = { draftId: string | null; state: FlowState; errors?: FlowErrors } | null;

function useObjectUrl(blob: Blob | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

function useScrollTopOn(step: FlowState["step"]) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => window.scrollTo({ top: 0, behavior: "smooth" }), 75);
    return () => clearTimeout(timer);
  }, [step]);
}

export function TestimonialFlow({ campaign, reply }: { campaign: PublicCampaignView; reply: Reply }) {
  const hydrated = useHydrated();
  // A flow begun without JavaScript (there is a server draft) stays on forms to the end.
  const live = hydrated && !reply?.draftId;
  const ctx = {
    allowTextResponses: campaign.allowTextResponses,
    questionCount: campaign.questions.length,
    canRecordInBrowser: live,
  };
  const [client, setClient] = useState<FlowResult | null>(null);
  const current: FlowResult = client ?? {
    state: reply?.state ?? initialFlow(ctx.questionCount),
    errors: reply?.errors,
  };
  const { state, errors } = current;
  const draftId = reply?.draftId ?? null;

  const [video, setVideo] = useState<Blob | null>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<UploadProgress>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const uploadId = useRef<string | undefined>(undefined);
  const previewUrl = useObjectUrl(video);
  useScrollTopOn(state.step);

  const move = (next: FlowResult) => setClient(next);
  const clearVideo = () => {
    setVideo(null);
    setChosen(null);
    setNotice(null);
    uploadId.current = undefined;
  };

  const takeVideo = (blob: Blob, fileName: string, selectedQuestions: number[], note?: string) => {
    const problem = chosenFileProblem({ size: blob.size, type: blob.type, name: fileName });
    if (problem) {
      const message =
        problem === "too-large"
          ? `${testimonialMessages.validation.fileTooLarge.title}: ${testimonialMessages.validation.fileTooLarge.description}`
          : testimonialMessages.validation.notAVideo;
      move({ state: { ...state, step: 3 }, errors: { video: [message] } });
      return;
    }
    setVideo(blob);
    setNotice(note ?? null);
    uploadId.current = undefined;
    const meta = { fileName, size: blob.size, mimeType: baseMimeType(blob.type || "video/webm") };
    move(reduceFlow(state, { type: "video", video: meta, selectedQuestions }, ctx));
  };

  const submit = async (form: FormData) => {
    if (form.get("consentGiven") !== "on") {
      move({ state, errors: { consentGiven: [testimonialMessages.validation.consentRequired] } });
      return;
    }
    setSubmitting(true);
    setFailure(null);
    setProgress({ percent: 0 });
    try {
      await submitTestimonial({
        publicId: campaign.publicId,
        fields: {
          respondentName: state.respondentName,
          respondentEmail: state.respondentEmail,
          responses: textAnswers(state, campaign.questions),
          selectedQuestions: state.selectedQuestions,
          consentTimestamp: new Date().toISOString(),
        },
        video,
        fileName: state.video?.fileName ?? "testimonial.webm",
        onProgress: (fraction) => setProgress({ percent: Math.round(fraction * 100) }),
        uploadId: uploadId.current,
        onUploadId: (id) => {
          uploadId.current = id;
        },
      });
      move(reduceFlow({ ...state, consentGiven: true }, { type: "submitted" }, ctx));
    } catch (error) {
      setFailure(error instanceof SubmitFailure ? error.message : testimonialMessages.upload.submissionFailed);
    } finally {
      setSubmitting(false);
      setProgress(null);
    }
  };

  const onIntent = (intent: FlowIntent, form: FormData) => {
    if (intent === "submit") {
      void submit(form);
      return;
    }
    if (intent === "video") {
      const choice = state.method === "record" ? selectedFromForm(form, ctx.questionCount) : { selected: [] };
      if (choice.errors) move({ state, errors: choice.errors });
      else if (chosen) takeVideo(chosen, chosen.name, choice.selected);
      else if (state.video && video)
        move(reduceFlow(state, { type: "video", video: state.video, selectedQuestions: choice.selected }, ctx));
      else move({ state, errors: { video: [testimonialMessages.validation.videoRequired] } });
      return;
    }
    if (intent === "record-again" || intent === "another") {
      clearVideo();
      setFailure(null);
    }
    const event = eventFromForm(intent, form, ctx.questionCount);
    if (event) move(reduceFlow(state, event, ctx));
  };

  const handler = live ? onIntent : null;
  const common = { state, errors, draftId, onIntent: handler };
  const reviewUrl = live
    ? previewUrl
    : draftId && state.video
      ? `/testimonials/${encodeURIComponent(campaign.publicId)}/draft-video?draft=${encodeURIComponent(draftId)}`
      : null;

  return (
    <div className="space-y-6">
      <ProgressCircles step={state.step} />
      {/* Always in the page, so a screen reader hears what is put into it (the 3:00 auto-stop). */}
      <div role="status" aria-live="polite" data-testid="flow-notice">
        {notice && (state.step === 4 || state.step === 5) ? (
          <p className="rounded-md border border-primary bg-card p-3 text-sm font-medium">{notice}</p>
        ) : null}
      </div>
      <Card>
        {errors?.form && state.step === 1 ? (
          <p className="mb-4 text-sm text-destructive">{errors.form.join(" ")}</p>
        ) : null}
        {state.step === 1 ? <AboutStep key="about" {...common} /> : null}
        {state.step === 2 ? <MethodStep key="method" {...common} /> : null}
        {state.step === "record" && live ? (
          <Recorder
            title={campaign.title}
            description={campaign.description}
            questions={campaign.questions}
            onComplete={(blob, selected, note) =>
              takeVideo(
                blob,
                blob instanceof File ? blob.name : `testimonial-${Date.now()}.${extensionFor(blob.type)}`,
                selected,
                note,
              )
            }
            onBack={() => move(reduceFlow(state, { type: "back" }, ctx))}
          />
        ) : null}
        {state.step === 3 || (state.step === "record" && !live) ? (
          <UploadStep
            key="upload"
            {...common}
            questions={campaign.questions}
            chosen={chosen?.name ?? null}
            onFile={setChosen}
          />
        ) : null}
        {state.step === 4 ? <ThoughtsStep key="thoughts" {...common} questions={campaign.questions} /> : null}
        {state.step === 5 ? <ReviewStep key="review" {...common} previewUrl={reviewUrl} /> : null}
        {state.step === 6 ? (
          <ConfirmStep key="confirm" {...common} submitting={submitting} progress={progress} failure={failure} />
        ) : null}
        {state.step === 7 ? <ThanksStep key="thanks" draftId={draftId} onIntent={handler} /> : null}
      </Card>
    </div>
  );
}
