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
import { MOVE_INTENT, SCRIPT_FORM_ID, SegmentLine, type ScriptResult } from "~/features/podcasts/components/script-review/segment-form";
import { MessageAlert } from "~/features/podcasts/components/wizard/message-alert";
import { NoScriptRefresh } from "~/features/podcasts/components/wizard/no-script-refresh";
import { PodcastRequestError } from "~/features/podcasts/errors";
import { GENERATION_POLL_MS, isGenerationInProgress } from "~/features/podcasts/generation-status";
import { isPodcastId } from "~/features/podcasts/listening-schemas";
import { addPronunciation, removePronunciation } from "~/features/podcasts/pronunciations.server";
import { makeReviewedAudio } from "~/features/podcasts/requests.server";
import { changeSegments, getScriptReview } from "~/features/podcasts/script-review.server";
import { MoveSegmentSchema, PronunciationSchema, readScriptLines, RemovePronunciationSchema } from "~/features/podcasts/script-review-schemas";
import { wizardMessages } from "~/features/podcasts/wizard-messages";
import { wizardUrls } from "~/features/podcasts/wizard-urls";
import { readFormData, notFound, badIntent } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";

const m = wizardMessages.script;

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

// Every posted line saved in one write, then the line a Move button names. Undefined when saved;
// else the form's answer with each refused line's message and what was typed.
function saveScript(ownerId: string, podcastId: string, formData: FormData, intent: string) {
  const { lines, errors, values } = readScriptLines(formData);
  const refuse = (status: number, found: Partial<ScriptResult>) => data({ intent: "save-script", errors: {}, values, ...found } satisfies ScriptResult, { status });
  if (Object.keys(errors).length > 0) return refuse(400, { errors });
  let move: number | undefined;
  if (intent.startsWith(MOVE_INTENT)) {
    const index = MoveSegmentSchema.safeParse({ index: Number(intent.slice(MOVE_INTENT.length)) });
    if (!index.success) return refuse(400, { error: m.errors.noSuchSegment });
    move = index.data.index;
  }
  try {
    changeSegments(ownerId, podcastId, { lines, move });
  } catch (error) {
    if (!(error instanceof PodcastRequestError)) throw error;
    if (error.status === 404) throw notFound();
    return refuse(error.status, { error: error.message });
  }
  return undefined;
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
  const intent = String(formData.get("intent") ?? "");
  if (intent === "save-script" || intent.startsWith(MOVE_INTENT)) {
    return saveScript(user.id, podcastId, formData, intent) ?? redirectWithToast(here, intent === "save-script" ? m.toast.saved : m.toast.moved);
  }
  switch (intent) {
    case "add-pronunciation":
    case "remove-pronunciation":
      // The list belongs to the account; the podcast in the URL must still be the owner's.
      if (!(await getScriptReview(user.id, podcastId))) throw notFound();
      return changePronunciations(user.id, formData, here);
    case "make-audio": {
      // What is typed in the lines is what the audio says: saved first, or shown again with its messages.
      const refused = saveScript(user.id, podcastId, formData, intent);
      if (refused) return refused;
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
      throw badIntent();
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
  const scriptResult = actionData?.intent === "save-script" ? actionData : undefined;
  const pronunciationResult = actionData?.intent === "add-pronunciation" || actionData?.intent === "remove-pronunciation" ? actionData : undefined;
  const makeAudioError = actionData?.intent === "make-audio" && "error" in actionData ? actionData.error : null;
  // A problem with the whole form (a stale or forged line, a script no longer open): said once, above the buttons.
  const problem = makeAudioError ?? scriptResult?.error ?? null;
  const submitting = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const starting = submitting === "make-audio";
  const notice = writing ? m.writing : editable ? (podcast.hostCount === 2 ? m.intro : m.introOneVoice) : podcast.status === "failed" ? m.failed : m.locked;

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
        <Form method="post" id={SCRIPT_FORM_ID} preventScrollReset>
          <Card className="space-y-4">
            <CardTitle>{wizardMessages.progress.generatedScript}</CardTitle>
            <ol className="space-y-3">
              {segments.map((segment) => (
                <SegmentLine key={segment.index} segment={segment} hostCount={podcast.hostCount} hostNames={podcast.hostNames} editable={editable} result={scriptResult} />
              ))}
            </ol>
            {editable ? (
              <Button type="submit" name="intent" value="save-script" disabled={submitting !== null}>
                {submitting === "save-script" ? m.saving : m.save}
              </Button>
            ) : null}
          </Card>
        </Form>
      ) : null}

      <PronunciationList items={pronunciations} result={pronunciationResult} />

      <MessageAlert message={problem ? { title: wizardMessages.progress.failed, description: problem } : null} />
      <div className="flex flex-wrap justify-between gap-2">
        <Link to={`/podcast/${podcast.id}`} className={buttonClass("outline")}>
          {m.openPodcast}
        </Link>
        {editable && segments.length ? (
          <Button type="submit" form={SCRIPT_FORM_ID} name="intent" value="make-audio" disabled={submitting !== null}>
            {starting ? m.makingAudio : m.makeAudio}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Review the script | Storyhearth" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
