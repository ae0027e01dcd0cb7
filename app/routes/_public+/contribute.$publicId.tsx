import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { constraintOf } from "~/lib/zod-constraint";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation, useParams } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RespondentFrame, respondentFrame } from "~/components/respondent-frame";
import { ErrorList, Field, TextareaField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { createContribution, findInvitationByToken, getPublicCampaign } from "~/models/contribution.server";
import { storyMessages } from "~/features/contributions/messages";
import { useAnswerUpload } from "~/features/contributions/components/answer-upload";
import { forgetRecording, keptRecordingKey } from "~/features/contributions/components/kept-recording";
import { UploadStatus, useCanRecord, VoiceRecorder, type RecorderChange } from "~/features/contributions/components/voice-recorder";
import { isTooLargeRecording, RECORDING_FIELD } from "~/features/contributions/recording-limits";
import { discardAnswerFile, readAnswerForm, saveAnswerOnce } from "~/features/contributions/public-answer.server";
import { checkRecording, keepStoryWithRecording } from "~/features/contributions/recordings.server";
import { ownerDisplayName } from "~/features/contributions/invitations.server";
import { getUserById } from "~/models/user.server";
import { PublicContributionSchema } from "~/features/contributions/schemas";
import { ANSWER_KEY_FIELD, HONEYPOT_FIELD } from "~/features/contributions/answer-fields";
import { originFor } from "~/lib/env.server";
import { linkPreviewMeta, type LinkPreview } from "~/lib/link-preview";
import { truncateAtWord } from "~/lib/truncate";

const m = storyMessages.public;
const rm = storyMessages.recording;

async function requirePublicCampaign(publicId: string | undefined) {
  const campaign = await getPublicCampaign(publicId ?? "");
  if (!campaign) throw new Response("Not Found", { status: 404 });
  return campaign;
}

export const handle = respondentFrame;

const thankYouUrl = (publicId: string) => `/contribute/${encodeURIComponent(publicId)}?submitted=1`;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const campaign = await requirePublicCampaign(params.publicId);
  const url = new URL(request.url);
  const token = url.searchParams.get("t") ?? "";
  const invitation = token ? await findInvitationByToken(campaign.id, token) : undefined;
  return {
    campaign: { title: campaign.title, description: campaign.description, prompt: campaign.prompt },
    submitted: url.searchParams.get("submitted") === "1",
    token: invitation ? token : "",
    invitedEmail: invitation?.email ?? "",
    // The form's HTML constraints, worked out here so the page ships no schema code (issue 33).
    constraint: constraintOf(PublicContributionSchema),
    preview: {
      title: campaign.title,
      description: truncateAtWord(campaign.prompt, 200),
      image: `${originFor(request)}/contribute/${encodeURIComponent(campaign.publicId)}/cover.jpg`,
      url: `${originFor(request)}/contribute/${encodeURIComponent(campaign.publicId)}`,
    } satisfies LinkPreview,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const campaign = await requirePublicCampaign(params.publicId);
  // A typed story, a recording (streamed to a temporary file), or both (decision 0136).
  const { formData, file, tooLarge } = await readAnswerForm(request);
  try {
    // A bot gets the same answer as a person, so it learns nothing (decision 0103).
    if (String(formData.get(HONEYPOT_FIELD) ?? "") !== "") return redirect(thankYouUrl(params.publicId!));
    const submission = parseWithZod(formData, { schema: PublicContributionSchema });
    if (tooLarge) return data(submission.reply({ fieldErrors: { recording: [tooLarge] } }), { status: 413 });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const check = file ? await checkRecording(file.path, file.size) : null;
    if (check && !check.ok) return data(submission.reply({ fieldErrors: { recording: [check.reason] } }), { status: check.status });
    const { t: token, recording: _chosen, storyContent = "", ...fields } = submission.value;
    const invitation = token ? await findInvitationByToken(campaign.id, token) : undefined;
    // The recorder's retries carry one key: an answer already saved is thanked, not saved again.
    await saveAnswerOnce(formData.get(ANSWER_KEY_FIELD), async () => {
      const story = (id?: string) => createContribution({ id, campaignId: campaign.id, ...fields, storyContent, submissionMethod: "web", invitationId: invitation?.id });
      if (!file || !check?.ok) return void story();
      const owner = await getUserById(campaign.ownerId);
      // Only the address the family invited (the relative came by their own link) is greeted by name (issue 29).
      const invited = invitation?.email.toLowerCase() === fields.contributorEmail.toLowerCase();
      const thanks = { ownerId: campaign.ownerId, email: fields.contributorEmail, name: fields.contributorName, invited, campaignTitle: campaign.title, ownerName: owner ? ownerDisplayName(owner) : "Your family" };
      await keepStoryWithRecording(story, file, check.facts, thanks);
    });
    return redirect(thankYouUrl(params.publicId!));
  } finally {
    await discardAnswerFile(file);
  }
}

/** The collection's title is the frame's; here the invitation's question. */
function CollectionHeader({ campaign }: { campaign: { description: string | null; prompt: string } }) {
  return (
    <div className="space-y-3">
      <h1 className="font-serif text-3xl font-bold">{m.title}</h1>
      {campaign.description ? <p className="text-muted-foreground">{campaign.description}</p> : null}
      <blockquote className="whitespace-pre-wrap rounded-lg border-l-4 border-primary bg-muted/50 p-4 text-lg">{campaign.prompt}</blockquote>
    </div>
  );
}

/** A random key for one answer (decision 0138); getRandomValues works outside secure contexts too. */
const answerKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");

type FormProps = { token: string; invitedEmail: string; keepAs: string; constraint: ReturnType<typeof useLoaderData<typeof loader>>["constraint"] };

function ContributionForm({ token, invitedEmail, keepAs, constraint }: FormProps) {
  const actionResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const canRecord = useCanRecord();
  // With JavaScript, a recording made on the page is sent by XHR for its progress bar (decision 0138).
  const [voice, setVoice] = useState<RecorderChange>({ file: null, active: false });
  // The newest answer from the server: the action's, or the one an XHR upload brought back.
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>(actionResult);
  useEffect(() => setLastResult(actionResult), [actionResult]);
  const [notice, setNotice] = useState("");
  const upload = useAnswerUpload({
    onSent: (location) => {
      // Arrived: the copy kept in the browser against a lost tab is no longer needed (not awaited: the store may hang).
      void forgetRecording(keepAs);
      navigate(location);
    },
    onRefused: (errors) => setLastResult({ status: "error", error: errors }),
  });
  const [form, fields] = useForm<{ contributorName: string; contributorEmail: string; t?: string; storyContent?: string; recording?: File }>({
    id: "share-your-story",
    lastResult,
    defaultValue: { contributorEmail: invitedEmail },
    // Checked by the server only, so no schema code reaches a relative's phone (issue 33): the
    // browser's own checks come from these constraints, the rest is the action's answer.
    constraint,
  });
  const formProps = getFormProps(form);
  const uploading = upload.state.phase === "sending" || upload.state.phase === "waiting";
  const submitting = navigation.state === "submitting" || uploading;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setNotice("");
    if (voice.active) {
      event.preventDefault();
      setNotice(rm.recorder.finishFirst);
      return;
    }
    formProps.onSubmit(event);
    if (event.defaultPrevented) return;
    // Refused here, before a byte is sent: 60 MB on a phone's line is minutes for nothing. The
    // server refuses by the same rule for a page without JavaScript (issue 29).
    const field = event.currentTarget.elements.namedItem(RECORDING_FIELD);
    const chosen = voice.file ?? (field instanceof HTMLInputElement ? field.files?.[0] : undefined);
    if (chosen && isTooLargeRecording(chosen.size)) {
      event.preventDefault();
      setLastResult({ status: "error", error: { [RECORDING_FIELD]: [rm.tooLarge] } });
      return;
    }
    if (!voice.file) return;
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    body.set(RECORDING_FIELD, voice.file);
    body.set(ANSWER_KEY_FIELD, answerKey());
    upload.send(event.currentTarget.action, body);
  }

  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4" {...formProps} onSubmit={onSubmit}>
      {token ? <input type="hidden" name="t" value={token} /> : null}
      <Field
        label={m.yourName}
        inputProps={{ ...getInputProps(fields.contributorName, { type: "text" }), autoComplete: "name" }}
        errors={fields.contributorName.errors}
      />
      <Field
        label={m.yourEmail}
        inputProps={{ ...getInputProps(fields.contributorEmail, { type: "email" }), autoComplete: "email" }}
        errors={fields.contributorEmail.errors}
      />
      <TextareaField label={m.yourStory} textareaProps={{ ...getTextareaProps(fields.storyContent), rows: 10 }} errors={fields.storyContent.errors} />
      {canRecord ? <VoiceRecorder onChange={setVoice} keepAs={keepAs} /> : null}
      {voice.file ? (
        <div className="space-y-1">
          <p className="text-sm text-muted-foreground">{rm.recorder.fileInputReplaced}</p>
          <ErrorList id={fields.recording.errorId} errors={fields.recording.errors} />
        </div>
      ) : (
        <Field
          label={rm.label}
          hint={rm.hint}
          inputProps={{ ...getInputProps(fields.recording, { type: "file" }), accept: "audio/*", capture: true }}
          errors={fields.recording.errors}
        />
      )}
      <p className="rounded-md bg-muted/50 p-3 text-sm">{rm.consent}</p>
      {/* Honeypot: off-screen and hidden from assistive technology; people never fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={HONEYPOT_FIELD}>{m.honeypotLabel}</label>
        <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? m.submitting : m.submit}
      </Button>
      {notice ? (
        <p role="alert" className="text-sm text-destructive">
          {notice}
        </p>
      ) : null}
      <UploadStatus state={upload.state} onRetry={upload.retry} />
    </Form>
  );
}

export default function ContributePage() {
  const { campaign, submitted, token, invitedEmail, constraint } = useLoaderData<typeof loader>();
  const { publicId = "" } = useParams();
  return (
    <RespondentFrame title={campaign.title} titleAs="p">
      <Card className="relative space-y-6">
        {submitted ? (
          <div className="space-y-3 text-center">
            <h1 className="font-serif text-3xl font-bold">{m.thankYou}</h1>
            <p className="text-muted-foreground">{m.thankYouText}</p>
            <Link to="." className="text-sm text-primary hover:underline">
              Share another story
            </Link>
          </div>
        ) : (
          <>
            <CollectionHeader campaign={campaign} />
            <ContributionForm token={token} invitedEmail={invitedEmail} keepAs={keptRecordingKey(publicId, token)} constraint={constraint} />
          </>
        )}
      </Card>
    </RespondentFrame>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${m.title}: ${data.campaign.title} | Storyhearth` : `${m.notFoundTitle} | Storyhearth` },
  // The link is private to the family: keep it out of search engines.
  { name: "robots", content: "noindex" },
  ...(data ? linkPreviewMeta(data.preview) : []),
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFoundTitle={m.notFoundTitle} notFoundText={m.notFoundText} />;
}
