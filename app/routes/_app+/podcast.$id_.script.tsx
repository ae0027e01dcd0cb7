// /podcast/:id/script — the optional review of the script before the audio is made (decision 0128).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { requireUser } from "~/features/account/auth.server";
import { PronunciationList, type PronunciationResult } from "~/features/podcasts/components/script-review/pronunciation-list";
import { SegmentForm, type SegmentResult } from "~/features/podcasts/components/script-review/segment-form";
import { MessageAlert } from "~/features/podcasts/components/wizard/message-alert";
import { NoScriptRefresh } from "~/features/podcasts/components/wizard/no-script-refresh";
import { PodcastRequestError } from "~/features/podcasts/errors";
import { GENERATION_POLL_MS, isGenerationInProgress } from "~/features/podcasts/generation-status";
import { isPodcastId } from "~/features/podcasts/listening-schemas";
import { addPronunciation, removePronunciation } from "~/features/podcasts/pronunciations.server";
import { makeReviewedAudio } from "~/features/podcasts/requests.server";
import { changeSegment, getScriptReview, type SegmentChange } from "~/features/podcasts/script-review.server";
import { MoveSegmentSchema, PronunciationSchema, RemovePronunciationSchema, SaveSegmentSchema } from "~/features/podcasts/script-review-schemas";
import { wizardMessages } from "~/features/podcasts/wizard-messages";
import { wizardUrls } from "~/features/podcasts/wizard-urls";
import { readFormData } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";

const m = wizardMessages.script;
const notFound = () => new Response("Not Found", { status: 404 });

function requireId(params: LoaderFunctionArgs["params"]) {
  if (!isPodcastId(params.id)) throw notFound();
  return params.id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const review = await getScriptReview(user.id, requireId(params));
  if (!review) throw notFound();
  // 'Listen' speaks with the episode's first voice, so the family hears it as the episode will say it.
  const voice = new URLSearchParams({ voice: review.podcast.primaryVoice, accent: review.podcast.primaryAccent });
  const pronunciations = review.pronunciations.map((p) => ({ ...p, listenUrl: `/pronunciations/${p.id}/listen?${voice}` }));
  return { ...review, pronunciations };
}

/** The line's index and what to do with it, or the first problem with the form. */
function readLineChange(formData: FormData, intent: SegmentResult["intent"]): { index: number; change: SegmentChange } | { error: string } {
  if (intent === "move-segment") {
    const submission = parseWithZod(formData, { schema: MoveSegmentSchema });
    if (submission.status !== "success") return { error: m.errors.noSuchSegment };
    return { index: submission.value.index, change: { move: true } };
  }
  const submission = parseWithZod(formData, { schema: SaveSegmentSchema });
  if (submission.status !== "success") return { error: submission.error?.index?.[0] ?? submission.error?.text?.[0] ?? m.errors.noSuchSegment };
  return { index: submission.value.index, change: { text: submission.value.text } };
}

async function changeLine(ownerId: string, podcastId: string, formData: FormData, here: string) {
  const intent = formData.get("intent") === "move-segment" ? ("move-segment" as const) : ("save-segment" as const);
  const refuse = (error: string, status: number) => data({ intent, index: Number(formData.get("index")), error } satisfies SegmentResult, { status });
  const read = readLineChange(formData, intent);
  if ("error" in read) return refuse(read.error, 400);
  try {
    changeSegment(ownerId, podcastId, read.index, read.change);
  } catch (error) {
    if (!(error instanceof PodcastRequestError)) throw error;
    if (error.status === 404) throw notFound();
    return refuse(error.message, error.status);
  }
  return redirectWithToast(here, intent === "move-segment" ? m.toast.moved : m.toast.saved);
}

async function changePronunciations(ownerId: string, formData: FormData, here: string) {
  const p = wizardMessages.pronunciations;
  if (formData.get("intent") === "remove-pronunciation") {
    const submission = parseWithZod(formData, { schema: RemovePronunciationSchema });
    const removed = submission.status === "success" && removePronunciation(ownerId, submission.value.pronunciationId);
    if (!removed) return data({ intent: "remove-pronunciation", errors: { form: p.errors.notFound } } satisfies PronunciationResult, { status: 404 });
    return redirectWithToast(here, p.toast.removed);
  }
  const submission = parseWithZod(formData, { schema: PronunciationSchema });
  const values = { term: String(formData.get("term") ?? ""), sayAs: String(formData.get("sayAs") ?? "") };
  const refuse = (errors: PronunciationResult["errors"], status: number) =>
    data({ intent: "add-pronunciation", errors, values } satisfies PronunciationResult, { status });
  if (submission.status !== "success") return refuse({ term: submission.error?.term?.[0], sayAs: submission.error?.sayAs?.[0] }, 400);
  try {
    addPronunciation(ownerId, submission.value);
  } catch (error) {
    if (!(error instanceof PodcastRequestError)) throw error;
    return refuse({ term: error.message }, error.status);
  }
  return redirectWithToast(here, p.toast.added);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const podcastId = requireId(params);
  const formData = await readFormData(request);
  const here = wizardUrls.script(podcastId);
  switch (formData.get("intent")) {
    case "save-segment":
    case "move-segment":
      return changeLine(user.id, podcastId, formData, here);
    case "add-pronunciation":
    case "remove-pronunciation":
      // The list belongs to the account; the podcast in the URL must still be the owner's.
      if (!(await getScriptReview(user.id, podcastId))) throw notFound();
      return changePronunciations(user.id, formData, here);
    case "make-audio": {
      try {
        const podcast = makeReviewedAudio(user.id, podcastId);
        // A family podcast's progress is shown on its collection's stories page, a story's in the wizard.
        if (podcast.campaignId) return redirectWithToast(`/campaigns/${podcast.campaignId}/stories`, m.toast.rendering);
      } catch (error) {
        if (!(error instanceof PodcastRequestError)) throw error;
        if (error.status === 404) throw notFound();
        return data({ intent: "make-audio" as const, error: error.message }, { status: error.status });
      }
      return redirectWithToast(wizardUrls.podcast(podcastId), m.toast.rendering);
    }
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

/** While the script is written: polled with JavaScript, a refreshing page without. */
function useRefreshWhile(waiting: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(revalidate, GENERATION_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, revalidate]);
}

export default function ScriptReviewPage() {
  const { podcast, editable, segments, pronunciations } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const writing = !segments.length && isGenerationInProgress(podcast.status);
  useRefreshWhile(writing);
  const segmentResult = actionData && "index" in actionData ? actionData : undefined;
  const pronunciationResult = actionData && "errors" in actionData ? actionData : undefined;
  const makeAudioError = actionData?.intent === "make-audio" && "error" in actionData ? actionData.error : null;
  // A line that is not on the page (a stale or forged post): said once, above the buttons.
  const lineError = segmentResult && !segments.some((s) => s.index === segmentResult.index) ? segmentResult.error : null;
  const problem = makeAudioError ?? lineError;
  const starting = navigation.state === "submitting" && navigation.formData?.get("intent") === "make-audio";
  const notice = writing ? m.writing : editable ? m.intro : podcast.status === "failed" ? m.failed : m.locked;

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      {writing ? <NoScriptRefresh seconds={2} /> : null}
      <header className="space-y-1">
        <h1 className="font-serif text-3xl font-bold">{m.heading}</h1>
        <p className="break-words text-lg">{podcast.title}</p>
        <p className="text-muted-foreground" aria-live="polite">
          {notice}
        </p>
      </header>

      {segments.length ? (
        <Card className="space-y-4">
          <CardTitle>{wizardMessages.progress.generatedScript}</CardTitle>
          <ol className="space-y-3">
            {segments.map((segment) => (
              <SegmentForm key={segment.index} segment={segment} hostCount={podcast.hostCount} hostNames={podcast.hostNames} editable={editable} result={segmentResult} />
            ))}
          </ol>
        </Card>
      ) : null}

      <PronunciationList items={pronunciations} result={pronunciationResult} />

      <MessageAlert message={problem ? { title: wizardMessages.progress.failed, description: problem } : null} />
      <div className="flex flex-wrap justify-between gap-2">
        <Link to={`/podcast/${podcast.id}`} className={buttonClass("outline")}>
          {m.openPodcast}
        </Link>
        {editable ? (
          <Form method="post">
            <Button type="submit" name="intent" value="make-audio" disabled={starting}>
              {starting ? m.makingAudio : m.makeAudio}
            </Button>
          </Form>
        ) : null}
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Review the script | Storyhearth" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
