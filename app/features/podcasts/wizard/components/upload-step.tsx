import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type DragEvent, type FormEvent } from "react";
import type { z } from "zod";

import { Field, TextareaField } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import type { TitledMessage } from "~/features/podcasts/messages";
import type { StoryTextSchema } from "~/features/podcasts/schemas";
import { uploadTitleFor, wizardMessages } from "~/features/podcasts/wizard/wizard-messages";
import { wizardUrls } from "~/features/podcasts/wizard/wizard-urls";
import { cn } from "~/lib/cn";
import type { FormConstraint } from "~/lib/zod-constraint";

import { MessageAlert } from "./message-alert";
import { checkChosenFile, uploadPdf } from "./upload-pdf";

const SENT_SHARE = 90;
const HAND_ON_MS = 500;

function PdfPanel({ serverError }: { serverError: TitledMessage | null }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState(serverError);
  useEffect(() => setError(serverError), [serverError]);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const [fileName, setFileName] = useState<string | null>(null);
  const busy =
    progress !== null || (navigation.state === "submitting" && navigation.formEncType === "multipart/form-data");

  async function upload(file: File | null) {
    if (progress !== null) return;
    setError(null);
    const problem = await checkChosenFile(file);
    if (problem || !file) {
      setError(problem);
      return;
    }
    setProgress(0);
    const result = await uploadPdf(file, (fraction) => setProgress(Math.round(fraction * SENT_SHARE)));
    if (!result.ok) {
      setProgress(null);
      setError(result.error);
      return;
    }
    setProgress(100);
    await new Promise((resolve) => setTimeout(resolve, HAND_ON_MS));
    navigate(wizardUrls.voices(result.storyId));
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void upload(input.current?.files?.[0] ?? null);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0] ?? null;
    if (input.current && event.dataTransfer.files.length) input.current.files = event.dataTransfer.files;
    setFileName(file?.name ?? null);
    void upload(file);
  };

  return (
    <Card className="space-y-4">
      <CardTitle>{wizardMessages.upload.pdfTitle}</CardTitle>
      <Form
        method="post"
        encType="multipart/form-data"
        onSubmit={onSubmit}
        className="space-y-4"
        aria-label={wizardMessages.upload.pdfTitle}
      >
        {/* The label is the drop zone, so a click or Enter/Space on the hidden, focusable input opens the picker without JavaScript. */}
        <div
          data-testid="pdf-drop-zone"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            "relative rounded-lg border-2 border-dashed transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2",
            dragging ? "border-primary bg-primary/10" : "border-border hover:border-primary/60 hover:bg-muted/40",
          )}
        >
          <input
            ref={input}
            id="pdf-file"
            name="pdfFile"
            type="file"
            accept="application/pdf"
            aria-labelledby="pdf-file-label"
            aria-describedby="pdf-file-hint pdf-file-chosen"
            className="sr-only"
            onChange={(event) => {
              setError(null);
              setFileName(event.currentTarget.files?.[0]?.name ?? null);
            }}
          />
          <label htmlFor="pdf-file" className="flex cursor-pointer flex-col items-center gap-3 p-6 text-center">
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-10 w-10 text-muted-foreground"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
            >
              <path
                d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <span id="pdf-file-label" className={buttonClass("outline", "sm")}>
              {wizardMessages.upload.pdfLabel}
            </span>
            <span id="pdf-file-hint" className="text-sm text-muted-foreground">
              {dragging ? wizardMessages.upload.dropHere : wizardMessages.upload.pdfHint}
            </span>
          </label>
          <p
            id="pdf-file-chosen"
            aria-live="polite"
            className="break-words px-6 pb-4 text-center text-sm font-medium empty:hidden"
          >
            {fileName ? wizardMessages.upload.chosen(fileName) : ""}
          </p>
        </div>
        {progress !== null ? (
          <div className="space-y-1">
            <div
              role="progressbar"
              aria-label={wizardMessages.upload.progressLabel}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="h-2 w-full overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full bg-primary transition-all" style={{ width: `${progress}%` }} />
            </div>
            <p className="text-right text-xs text-muted-foreground">{progress}%</p>
          </div>
        ) : null}
        <MessageAlert message={error} />
        <Button type="submit" disabled={busy}>
          {busy ? wizardMessages.upload.uploading : wizardMessages.upload.uploadPdf}
        </Button>
      </Form>
    </Card>
  );
}

function TextPanel({
  lastResult,
  constraint,
}: {
  lastResult?: SubmissionResult<string[]>;
  constraint: FormConstraint;
}) {
  const navigation = useNavigation();
  // Checked by the server only: the step ships no Zod.
  const [form, fields] = useForm<z.input<typeof StoryTextSchema>>({
    id: "story-text",
    lastResult,
    constraint,
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "text-story";
  const first = fields.storyTitle.errors?.[0] ?? fields.storyContent.errors?.[0];
  const formError = form.errors?.[0];
  const alert = first
    ? { title: uploadTitleFor(first), description: "" }
    : formError
      ? { title: uploadTitleFor(formError), description: formError }
      : null;
  return (
    <Card className="space-y-4">
      <CardTitle>{wizardMessages.upload.textTitle}</CardTitle>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="text-story" />
        <Field
          label={wizardMessages.upload.storyTitle}
          inputProps={getInputProps(fields.storyTitle, { type: "text" })}
          errors={fields.storyTitle.errors}
        />
        <TextareaField
          label={wizardMessages.upload.storyContent}
          textareaProps={{ ...getTextareaProps(fields.storyContent), rows: 8 }}
          errors={fields.storyContent.errors}
        />
        <MessageAlert message={alert} />
        <Button type="submit" disabled={submitting}>
          {submitting ? wizardMessages.upload.saving : wizardMessages.upload.continueWithText}
        </Button>
      </Form>
    </Card>
  );
}

type UploadStepProps = {
  pdfError: TitledMessage | null;
  textResult?: SubmissionResult<string[]>;
  textConstraint: FormConstraint;
};

export function UploadStep({ pdfError, textResult, textConstraint }: UploadStepProps) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <PdfPanel serverError={pdfError} />
      <TextPanel lastResult={textResult} constraint={textConstraint} />
    </div>
  );
}
