import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useParams } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, TextareaField } from "~/components/forms";
import { noScripts } from "~/components/page-scripts";
import { RespondentFrame, respondentFrame } from "~/components/respondent-frame";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ANSWER_KEY_FIELD, HONEYPOT_FIELD } from "~/features/contributions/answer-fields";
import answerFormScript from "~/features/contributions/answer-form-script?worker&url";
import { answerReceipt, receiptFor } from "~/features/contributions/answer-receipt.server";
import { keptRecordingKey } from "~/features/contributions/components/kept-recording";
import { ReplacedLink } from "~/features/contributions/components/replaced-link";
import { UploadStatus, VoiceRecorder } from "~/features/contributions/components/voice-recorder";
import { inviteeName } from "~/features/contributions/invitations.server";
import { storyMessages } from "~/features/contributions/messages";
import { discardAnswerFile, readAnswerForm, saveAnswerOnce } from "~/features/contributions/public-answer.server";
import { checkRecording, keepStoryWithRecording } from "~/features/contributions/recordings.server";
import { retiredLink } from "~/features/contributions/retired-links.server";
import { PublicContributionSchema } from "~/features/contributions/schemas";
import { keepStoryThanked } from "~/features/contributions/story-thanks.server";
import { originFor } from "~/lib/env.server";
import { notFound } from "~/lib/http.server";
import { linkPreviewMeta, type LinkPreview } from "~/lib/link-preview";
import { useNonce } from "~/lib/nonce";
import { truncateAtWord } from "~/lib/truncate";
import { constraintOf } from "~/lib/zod-constraint";
import { createContribution, findInvitationByToken, getPublicCampaign } from "~/models/contribution.server";

async function requirePublicCampaign(publicId: string | undefined) {
  const campaign = await getPublicCampaign(publicId ?? "");
  if (!campaign) throw notFound();
  return campaign;
}

// No React in the browser (decision 0181): the form is its HTML, answer-form-script.ts adds the recorder.
export const handle = { ...respondentFrame, ...noScripts };

const formUrl = (publicId: string, token: string) =>
  `/contribute/${encodeURIComponent(publicId)}${token ? `?${new URLSearchParams({ t: token })}` : ""}`;

function thankYouUrl(publicId: string, sent?: { token: string; receipt: string }) {
  const query = new URLSearchParams({
    submitted: "1",
    ...(sent?.token ? { t: sent.token } : {}),
    ...(sent ? { receipt: sent.receipt } : {}),
  });
  return `/contribute/${encodeURIComponent(publicId)}?${query}`;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const campaign = await requirePublicCampaign(params.publicId);
  const url = new URL(request.url);
  const token = url.searchParams.get("t") ?? "";
  const invitation = token ? await findInvitationByToken(campaign.id, token) : undefined;
  // A replaced personal link (decision 0190) shows no form: it offers a fresh link instead.
  const retired = token && !invitation ? retiredLink(token) : undefined;
  const submitted = url.searchParams.get("submitted") === "1";
  return {
    campaign: { title: campaign.title, description: campaign.description, prompt: campaign.prompt },
    submitted,
    sent: submitted ? answerReceipt(campaign.id, url.searchParams.get("receipt") ?? "") : null,
    replaced: retired?.campaign.id === campaign.id ? { token } : null,
    token: invitation ? token : "",
    invitedEmail: invitation?.email ?? "",
    invitedName: invitation ? (inviteeName(campaign.ownerId, invitation) ?? "") : "",
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
  const { formData, file, tooLarge } = await readAnswerForm(request);
  try {
    // A bot gets the same answer as a person, so it learns nothing (decision 0103).
    if (String(formData.get(HONEYPOT_FIELD) ?? "") !== "") return redirect(thankYouUrl(params.publicId!));
    const submission = parseWithZod(formData, { schema: PublicContributionSchema });
    if (tooLarge) return data(submission.reply({ fieldErrors: { recording: [tooLarge] } }), { status: 413 });
    if (submission.status !== "success") {
      // Never dropped in silence: without JavaScript the page comes back without the chosen file.
      const chosen =
        file && !submission.error?.recording
          ? { recording: [storyMessages.recording.chooseAgain(file.fileName)] }
          : undefined;
      return data(submission.reply(chosen ? { fieldErrors: { ...submission.error, ...chosen } } : undefined), {
        status: 400,
      });
    }
    const check = file ? await checkRecording(file.path, file.size) : null;
    if (check && !check.ok)
      return data(submission.reply({ fieldErrors: { recording: [check.reason] } }), { status: check.status });
    const { t: token, recording: _chosen, storyContent = "", ...fields } = submission.value;
    const invitation = token ? await findInvitationByToken(campaign.id, token) : undefined;
    // The recorder's retries carry one key: an answer already saved is thanked, not saved again.
    const storyId = await saveAnswerOnce(formData.get(ANSWER_KEY_FIELD), async () => {
      const story = (id?: string) =>
        createContribution({
          id,
          campaignId: campaign.id,
          ...fields,
          storyContent,
          submissionMethod: "web",
          invitationId: invitation?.id,
        });
      if (file && check?.ok) return (await keepStoryWithRecording(story, file, check.facts)).id;
      return (await keepStoryThanked(story)).id;
    });
    return redirect(thankYouUrl(params.publicId!, { token: invitation ? token! : "", receipt: receiptFor(storyId) }));
  } finally {
    await discardAnswerFile(file);
  }
}

function CollectionHeader({ campaign }: { campaign: { description: string | null; prompt: string } }) {
  return (
    <div className="space-y-3">
      <h1 className="font-serif text-3xl font-bold">{storyMessages.public.title}</h1>
      {campaign.description ? <p className="text-muted-foreground">{campaign.description}</p> : null}
      <blockquote className="whitespace-pre-wrap rounded-lg border-l-4 border-primary bg-muted/50 p-4 text-lg">
        {campaign.prompt}
      </blockquote>
    </div>
  );
}

type FormProps = {
  token: string;
  invitedEmail: string;
  invitedName: string;
  keepAs: string;
  constraint: ReturnType<typeof useLoaderData<typeof loader>>["constraint"];
};

function ContributionForm({ token, invitedEmail, invitedName, keepAs, constraint }: FormProps) {
  const lastResult = useActionData<typeof action>();
  const nonce = useNonce();
  const [form, fields] = useForm<{
    contributorName: string;
    contributorEmail: string;
    t?: string;
    storyContent?: string;
    recording?: File;
  }>({
    id: "share-your-story",
    lastResult,
    defaultValue: { contributorEmail: invitedEmail, contributorName: invitedName },
    constraint,
  });

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="space-y-4"
      {...getFormProps(form)}
      data-keep-as={keepAs}
    >
      {token ? <input type="hidden" name="t" value={token} /> : null}
      <Field
        label={storyMessages.public.yourName}
        inputProps={{ ...getInputProps(fields.contributorName, { type: "text" }), autoComplete: "name" }}
        errors={fields.contributorName.errors}
      />
      <Field
        label={storyMessages.public.yourEmail}
        inputProps={{ ...getInputProps(fields.contributorEmail, { type: "email" }), autoComplete: "email" }}
        errors={fields.contributorEmail.errors}
      />
      <TextareaField
        label={storyMessages.public.yourStory}
        textareaProps={{ ...getTextareaProps(fields.storyContent), rows: 10 }}
        errors={fields.storyContent.errors}
      />
      <VoiceRecorder />
      <Field
        label={storyMessages.recording.label}
        hint={storyMessages.recording.hint}
        inputProps={{ ...getInputProps(fields.recording, { type: "file" }), accept: "audio/*", capture: true }}
        errors={fields.recording.errors}
      />
      <p className="rounded-md bg-muted/50 p-3 text-sm">{storyMessages.recording.consent}</p>
      {/* Honeypot: off-screen and hidden from assistive technology; people never fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={HONEYPOT_FIELD}>{storyMessages.public.honeypotLabel}</label>
        <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <Button type="submit" className="w-full">
        {storyMessages.public.submit}
      </Button>
      <p hidden role="alert" className="text-sm text-destructive" data-recorder="notice" />
      <UploadStatus />
      <script type="module" src={answerFormScript} nonce={nonce} />
    </Form>
  );
}

function SentCopy({ sent }: { sent: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["sent"]> }) {
  return (
    <section aria-labelledby="sent-copy" className="space-y-2 text-left">
      <h2 id="sent-copy" className="font-serif text-xl font-semibold">
        {storyMessages.public.sentTitle}
      </h2>
      {sent.name ? <p className="text-sm text-muted-foreground">{storyMessages.public.sentFrom(sent.name)}</p> : null}
      {sent.text ? (
        <blockquote className="whitespace-pre-wrap break-words rounded-lg border-l-4 border-primary bg-muted/50 p-4">
          {sent.text}
        </blockquote>
      ) : null}
      {sent.photos.length ? (
        <p className="break-words text-sm">{storyMessages.public.sentPhotos(sent.photos)}</p>
      ) : null}
      {sent.recording !== null ? (
        <p className="break-words text-sm">{storyMessages.public.sentRecording(sent.recording)}</p>
      ) : null}
    </section>
  );
}

export default function ContributePage() {
  const { campaign, submitted, sent, token, invitedEmail, invitedName, constraint, replaced } =
    useLoaderData<typeof loader>();
  const { publicId = "" } = useParams();
  if (replaced)
    return (
      <RespondentFrame title={campaign.title} titleAs="p">
        <ReplacedLink campaignTitle={campaign.title} token={replaced.token} />
      </RespondentFrame>
    );
  return (
    <RespondentFrame title={campaign.title} titleAs="p">
      <Card className="relative space-y-6">
        {submitted ? (
          <div className="space-y-3 text-center">
            <h1 className="font-serif text-3xl font-bold">{storyMessages.public.thankYou}</h1>
            <p className="text-muted-foreground">{storyMessages.public.thankYouText}</p>
            {sent ? <SentCopy sent={sent} /> : null}
            <Link to={formUrl(publicId, token)} className="inline-block text-sm text-primary hover:underline">
              {storyMessages.public.shareAnother}
            </Link>
          </div>
        ) : (
          <>
            <CollectionHeader campaign={campaign} />
            <ContributionForm
              token={token}
              invitedEmail={invitedEmail}
              invitedName={invitedName}
              keepAs={keptRecordingKey(publicId, token)}
              constraint={constraint}
            />
          </>
        )}
      </Card>
    </RespondentFrame>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${storyMessages.public.title}: ${data.campaign.title} | Storyhearth`
      : `${storyMessages.public.notFoundTitle} | Storyhearth`,
  },
  // The link is private to the family: keep it out of search engines.
  { name: "robots", content: "noindex" },
  ...(data ? linkPreviewMeta(data.preview) : []),
];

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      notFoundTitle={storyMessages.public.notFoundTitle}
      notFoundText={storyMessages.public.notFoundText}
    />
  );
}
