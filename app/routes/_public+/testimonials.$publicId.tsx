import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RespondentFrame, respondentFrame } from "~/components/respondent-frame";
import { Card } from "~/components/ui/card";
import { findCampaignByPublicId, type PublicTestimonialCampaign } from "~/features/testimonials/campaigns.server";
import { TestimonialFlow, type PublicCampaignView } from "~/features/testimonials/components/testimonial-flow";
import {
  attachDraftVideo,
  createDraft,
  draftVideoPath,
  loadDraft,
  removeDraftVideo,
  saveDraft,
} from "~/features/testimonials/drafts.server";
import {
  eventFromForm,
  initialFlow,
  isFlowIntent,
  reduceFlow,
  selectedFromForm,
  textAnswers,
  withDefaults,
  type FlowContext,
  type FlowErrors,
  type FlowState,
} from "~/features/testimonials/flow";
import { testimonialMessages } from "~/features/testimonials/messages";
import { storeSubmission } from "~/features/testimonials/submit.server";
import { MAX_VIDEO_BYTES } from "~/features/testimonials/upload-limits";
import {
  discardIncoming,
  readVideoForm,
  requireVideo,
  UploadRejected,
  type IncomingFile,
} from "~/features/testimonials/uploads.server";
import { now } from "~/lib/clock.server";
import { readFormData } from "~/lib/http.server";
import { describedAs } from "~/lib/link-preview";

export const handle = respondentFrame;

function requireCampaign(publicId: string | undefined) {
  const campaign = findCampaignByPublicId(publicId ?? "");
  if (!campaign) throw new Response(testimonialMessages.campaign.notFound.description, { status: 404 });
  return campaign;
}

const view = (c: PublicTestimonialCampaign): PublicCampaignView => ({
  publicId: c.publicId,
  title: c.title,
  description: c.description,
  isActive: c.isActive,
  allowTextResponses: c.allowTextResponses,
  questions: c.questions.map((q) => ({
    question: q.question,
    hint: q.helperText?.trim() || testimonialMessages.campaign.defaultHint,
  })),
});

export async function loader({ params }: LoaderFunctionArgs) {
  return { campaign: view(requireCampaign(params.publicId)) };
}

export type FlowReply = { draftId: string | null; state: FlowState; errors?: FlowErrors; inactive?: boolean };

// Without JavaScript every step posts here; the draft waits on the server under a random id in a
// hidden field (a cookie would overflow). Why: docs/decisions/0109-testimonial-uploads.md
export async function action({ request, params }: ActionFunctionArgs) {
  const campaign = requireCampaign(params.publicId);
  const ctx: FlowContext = {
    allowTextResponses: campaign.allowTextResponses,
    questionCount: campaign.questions.length,
    canRecordInBrowser: false,
  };
  if (!campaign.isActive)
    return data<FlowReply>({ draftId: null, state: initialFlow(ctx.questionCount), inactive: true }, { status: 403 });

  let fields: Record<string, string>;
  let file: IncomingFile | null = null;
  let uploadError: string | null = null;
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    try {
      ({ fields, file } = await readVideoForm(request, { fileField: "video", maxFileBytes: MAX_VIDEO_BYTES }));
    } catch (error) {
      if (!(error instanceof UploadRejected)) throw error;
      fields = error.fields;
      uploadError =
        error.status === 413
          ? `${testimonialMessages.validation.fileTooLarge.title}: ${testimonialMessages.validation.fileTooLarge.description}`
          : error.message;
    }
  } else {
    fields = Object.fromEntries([...(await readFormData(request)).entries()].map(([k, v]) => [k, String(v)]));
  }
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);

  try {
    const intent = fields.intent;
    let draftId: string | null = fields.draftId ?? null;
    const saved = await loadDraft(draftId, campaign.id);
    let state = saved ? withDefaults(saved) : null;
    if (!state) {
      // First post of a visit (or a draft older than a day, cleaned up): start over at step 1.
      state = initialFlow(ctx.questionCount);
      draftId = await createDraft(campaign.id, state);
      if (intent !== "about")
        return data<FlowReply>(
          { draftId, state, errors: { form: [testimonialMessages.flow.draftExpired] } },
          { status: 400 },
        );
    }
    const id = draftId!;
    const reply = async (next: FlowState, errors?: FlowErrors, status = errors ? 400 : 200) => {
      await saveDraft(id, campaign.id, next);
      return data<FlowReply>({ draftId: id, state: next, errors }, { status });
    };
    if (!isFlowIntent(intent)) return reply(state, { form: ["Unknown step"] });

    if (intent === "video") {
      if (uploadError) return reply(state, { video: [uploadError] }, 413);
      const choice = state.method === "record" ? selectedFromForm(form, ctx.questionCount) : { selected: [] };
      if (choice.errors) return reply(state, choice.errors);
      if (!file) {
        if (state.video)
          return reply(
            reduceFlow(state, { type: "video", video: state.video, selectedQuestions: choice.selected }, ctx).state,
          );
        return reply(state, { video: [testimonialMessages.validation.videoRequired] });
      }
      const facts = await requireVideo(file.path).catch(() => null);
      if (!facts) return reply(state, { video: [testimonialMessages.validation.notAVideo] });
      const video = { fileName: file.fileName || "video", size: file.size, mimeType: facts.mimeType };
      await attachDraftVideo(id, file);
      file = null;
      return reply(reduceFlow(state, { type: "video", video, selectedQuestions: choice.selected }, ctx).state);
    }

    if (intent === "submit") {
      const consentGiven = fields.consentGiven === "on" || fields.consentGiven === "true";
      if (!consentGiven)
        return reply(
          { ...state, consentGiven: false },
          { consentGiven: [testimonialMessages.validation.consentRequired] },
        );
      if (!state.video) return reply({ ...state, step: 5 }, { video: [testimonialMessages.validation.videoRequired] });
      await storeSubmission({
        campaign,
        respondentName: state.respondentName,
        respondentEmail: state.respondentEmail,
        responses: textAnswers(state, campaign.questions),
        selectedQuestions: state.selectedQuestions,
        consentTimestamp: now(),
        video: { stagedPath: draftVideoPath(id), size: state.video.size },
      });
      // The draft keeps name and e-mail for 'Record Another Video'; its video now belongs to the response.
      return reply(reduceFlow({ ...state, consentGiven: true, video: null }, { type: "submitted" }, ctx).state);
    }

    const event = eventFromForm(intent, form, ctx.questionCount);
    if (!event) return reply(state, { form: ["Unknown step"] });
    if (event.type === "record-again" || event.type === "another") await removeDraftVideo(id);
    const result = reduceFlow(state, event, ctx);
    return reply(result.state, result.errors);
  } finally {
    await discardIncoming(file);
  }
}

export default function TestimonialPage() {
  const { campaign } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const inactive = !campaign.isActive || reply?.inactive;
  return (
    <RespondentFrame title={campaign.title} description={inactive ? null : campaign.description}>
      {inactive ? (
        <Card className="space-y-3 text-center">
          <h2 className="text-2xl font-semibold">{testimonialMessages.campaign.inactive.title}</h2>
          <p className="text-muted-foreground">{testimonialMessages.campaign.inactive.description}</p>
        </Card>
      ) : (
        <TestimonialFlow campaign={campaign} reply={reply ?? null} />
      )}
    </RespondentFrame>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${data.campaign.title} | Storyhearth`
      : `${testimonialMessages.campaign.notFound.title} | Storyhearth`,
  },
  { name: "robots", content: "noindex" },
  describedAs(),
];

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      notFoundTitle={testimonialMessages.campaign.notFound.title}
      notFoundText={testimonialMessages.campaign.notFound.description}
    />
  );
}
