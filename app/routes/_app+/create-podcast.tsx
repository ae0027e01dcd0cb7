import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Suspense } from "react";

import { voiceOffer } from "~/audio/voices.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { lazyPart } from "~/components/lazy-part";
import { buttonClass } from "~/components/ui/button";
import { requireUser } from "~/features/account/auth.server";
import { RecentPodcastsGrid } from "~/features/podcasts/library/components/recent-podcasts";
import { getPodcastDetail } from "~/features/podcasts/library/podcast-detail.server";
import { recentPodcastCards } from "~/features/podcasts/library/recent.server";
import { isSharePanelIntent, sharePanelAction, sharePanelFor } from "~/features/podcasts/listening/share-panel.server";
import { storySourceLabel, type PodcastDetail } from "~/features/podcasts/podcast-view";
import { getOwnedPodcast } from "~/features/podcasts/podcasts.server";
import { StoryTextSchema } from "~/features/podcasts/schemas";
import { getOwnedStory } from "~/features/podcasts/stories.server";
import { MessageAlert } from "~/features/podcasts/wizard/components/message-alert";
import type { WizardPodcast } from "~/features/podcasts/wizard/components/progress-card";
import { WizardSteps } from "~/features/podcasts/wizard/components/wizard-steps";
import { estimateEpisode } from "~/features/podcasts/wizard/episode-estimate.server";
import {
  generateAction,
  retryAction,
  textStoryAction,
  uploadPdfAction,
  voicesAction,
} from "~/features/podcasts/wizard/wizard-intents.server";
import { wizardMessages } from "~/features/podcasts/wizard/wizard-messages";
import { readVoiceParams, voiceConfigOf } from "~/features/podcasts/wizard/wizard-schemas";
import { wizardUrls } from "~/features/podcasts/wizard/wizard-urls";
import { badIntent, notFound, readFormData } from "~/lib/http.server";
import { countWords } from "~/lib/word-count";
import { constraintOf } from "~/lib/zod-constraint";

function toWizardPodcast(detail: PodcastDetail): WizardPodcast & { title: string } {
  const { id, title, status, statusLabel, progress, errorMessage, scriptSummary, audioUrl, hostCount, story } = detail;
  return {
    id,
    title,
    status,
    statusLabel,
    progress,
    errorMessage,
    scriptSummary,
    audioUrl,
    hostCount,
    primaryVoice: detail.primaryVoice,
    primaryAccent: detail.primaryAccent,
    primarySpeed: detail.primarySpeed,
    secondaryVoice: detail.secondaryVoice,
    secondaryAccent: detail.secondaryAccent,
    secondarySpeed: detail.secondarySpeed,
    backgroundMusic: detail.backgroundMusic,
    introOutro: detail.introOutro,
    processingQuality: detail.processingQuality,
    story: story ? { title: story.title, sourceLabel: story.sourceLabel, preview: story.preview } : null,
  };
}

// The step comes from the URL: `?podcast=` progress (step 4 once complete), `?story=&step=review`
// step 3, `?story=` step 2, nothing step 1.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { ...(await wizardView(request, user.id)), recent: recentPodcastCards(user.id) };
}

async function wizardView(request: Request, userId: string) {
  const params = new URL(request.url).searchParams;
  const podcastId = params.get("podcast");
  if (podcastId !== null) {
    const detail = await getPodcastDetail(userId, podcastId);
    if (!detail) throw notFound();
    // 'Review the script first': once written, the script waits on its own page (decision 0128).
    if (detail.status === "script_ready") throw redirect(wizardUrls.script(detail.id));
    const podcast = toWizardPodcast(detail);
    const backTo = detail.story ? wizardUrls.review(detail.story.id, voiceConfigOf(detail)) : wizardUrls.upload();
    if (detail.status === "complete" && params.get("step") !== "generate") {
      const ready = { ...podcast, hasTranscript: Boolean(detail.transcript?.trim()) };
      return { view: "ready" as const, podcast: ready, backTo, panel: await sharePanelFor(request, userId, detail.id) };
    }
    return { view: "progress" as const, podcast, backTo };
  }

  const storyId = params.get("story");
  const step = params.get("step");
  if (!storyId) {
    // A later step without its story (an empty or dropped ?story=) cannot go on.
    // The text form's HTML constraints come from here, so the page ships no schema code (decision 0183).
    return step || storyId === ""
      ? { view: "missing-story" as const }
      : { view: "upload" as const, textConstraint: constraintOf(StoryTextSchema) };
  }
  const story = await getOwnedStory(userId, storyId);
  if (!story) throw notFound();
  const voice = readVoiceParams(params);
  if (step === "review") {
    return {
      view: "review" as const,
      story: {
        id: story.id,
        title: story.title,
        sourceLabel: storySourceLabel(story.source),
        words: countWords(story.content),
      },
      voice,
      episode: estimateEpisode(story, voice),
    };
  }
  return { view: "voices" as const, story: { id: story.id, title: story.title }, voice, offer: voiceOffer() };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  if ((request.headers.get("content-type") ?? "").includes("multipart/form-data"))
    return uploadPdfAction(user.id, request);

  const formData = await readFormData(request);
  const intent = formData.get("intent");
  // Step 4's share panel posts here (its page's URL) and comes back to step 4.
  if (isSharePanelIntent(intent)) {
    const podcast = await getOwnedPodcast(user.id, new URL(request.url).searchParams.get("podcast") ?? "");
    if (!podcast) throw notFound();
    return sharePanelAction(request, user.id, podcast.id, formData, wizardUrls.podcast(podcast.id));
  }
  switch (intent) {
    case "text-story":
      return textStoryAction(user.id, formData);
    case "voices":
      return voicesAction(user.id, formData);
    case "generate":
      return generateAction(user.id, formData);
    case "retry":
      return retryAction(user.id, formData);
    default:
      throw badIntent();
  }
}

const stepOf = { upload: 1, "missing-story": 3, voices: 2, review: 3, progress: 3, ready: 4 } as const;

// Each view loads only its own step (decision 0183): the PDF upload, the voice samples, the estimate,
// the live progress or the player and share panel, never all five. The server sends the whole
// document at once (entry.server waits for onAllReady), so without JavaScript nothing changes.
const UploadStep = lazyPart(() =>
  import("~/features/podcasts/wizard/components/upload-step").then((mod) => mod.UploadStep),
);
const VoicesStep = lazyPart(() =>
  import("~/features/podcasts/wizard/components/voices-step").then((mod) => mod.VoicesStep),
);
const ReviewStep = lazyPart(() =>
  import("~/features/podcasts/wizard/components/review-step").then((mod) => mod.ReviewStep),
);
const ProgressCard = lazyPart(() =>
  import("~/features/podcasts/wizard/components/progress-card").then((mod) => mod.ProgressCard),
);
const ReadyStep = lazyPart(() =>
  import("~/features/podcasts/wizard/components/ready-step").then((mod) => mod.ReadyStep),
);
const steps = { upload: UploadStep, voices: VoicesStep, review: ReviewStep, progress: ProgressCard, ready: ReadyStep };
/** Where a view's form leads: fetched as the form is sent (or a PDF dropped), beside the post. */
const nextStep = {
  upload: VoicesStep,
  voices: ReviewStep,
  review: ProgressCard,
  progress: ProgressCard,
  ready: null,
  "missing-story": null,
};

// Only the step on screen is fetched with the page (the next one comes with nextStep); it starts as
// this module runs, before hydration begins, so it is usually in by the time React reaches it.
if (typeof document !== "undefined") {
  const view = document.querySelector<HTMLElement>("[data-wizard-view]")?.dataset.wizardView;
  if (view && view in steps) void steps[view as keyof typeof steps].preload();
}

export default function CreatePodcastPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultFor = (intent: "text-story" | "voices" | "generate") =>
    actionData && actionData.intent === intent && "result" in actionData ? actionData.result : undefined;
  const shareReply = actionData?.intent === "share" ? actionData : null;

  return (
    <div
      className="mx-auto max-w-5xl space-y-6 px-4 py-8"
      data-wizard-view={page.view}
      onSubmitCapture={() => void nextStep[page.view]?.preload()}
      onDropCapture={() => void nextStep[page.view]?.preload()}
    >
      <header className="space-y-1">
        <h1 className="font-serif text-3xl font-bold">{wizardMessages.page.title}</h1>
        <p className="text-muted-foreground">{wizardMessages.page.intro}</p>
      </header>
      <WizardSteps current={stepOf[page.view]} />
      {/* No fallback is seen: the server renders the step, hydration keeps its HTML until its chunk is
          in, and a move to another step is a transition, which keeps the page until then. */}
      <Suspense fallback={null}>
        {page.view === "upload" ? (
          <UploadStep
            pdfError={actionData?.intent === "pdf" ? actionData.error : null}
            textResult={resultFor("text-story")}
            textConstraint={page.textConstraint}
          />
        ) : page.view === "voices" ? (
          <VoicesStep story={page.story} voice={page.voice} offer={page.offer} lastResult={resultFor("voices")} />
        ) : page.view === "review" ? (
          <ReviewStep story={page.story} voice={page.voice} episode={page.episode} lastResult={resultFor("generate")} />
        ) : page.view === "progress" ? (
          // Keyed by podcast: another podcast's page starts its own polling.
          <ProgressCard
            key={page.podcast.id}
            podcast={page.podcast}
            backTo={page.backTo}
            retryError={actionData?.intent === "retry" ? actionData.error : null}
          />
        ) : page.view === "ready" ? (
          <ReadyStep
            podcast={page.podcast}
            panel={{ ...page.panel, failed: shareReply?.failed, lastResult: shareReply?.result }}
          />
        ) : (
          <div className="space-y-4">
            <MessageAlert message={{ title: wizardMessages.missingStory, description: "" }} />
            <Link to={wizardUrls.upload()} className={buttonClass("outline")}>
              {wizardMessages.page.back}
            </Link>
          </div>
        )}
      </Suspense>
      <RecentPodcastsGrid podcasts={page.recent} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Create Podcast | Storyhearth" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
