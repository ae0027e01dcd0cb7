// /podcast/:id/script — the optional review of the script before the audio is made (decision 0128).
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { requireUser } from "~/features/account/auth.server";
import { GENERATION_POLL_MS, isGenerationInProgress } from "~/features/podcasts/generation-status";
import { isPodcastId } from "~/features/podcasts/listening/listening-schemas";
import { PronunciationList } from "~/features/podcasts/script/components/pronunciation-list";
import { MOVE_INTENT, SCRIPT_FORM_ID, SegmentLine } from "~/features/podcasts/script/components/segment-form";
import {
  addPronunciationAction,
  makeAudioAction,
  removePronunciationAction,
  saveScriptAction,
} from "~/features/podcasts/script/script-intents.server";
import { scriptMessages } from "~/features/podcasts/script/script-messages";
import { getScriptReview } from "~/features/podcasts/script/script-review.server";
import { MessageAlert } from "~/features/podcasts/wizard/components/message-alert";
import { NoScriptRefresh } from "~/features/podcasts/wizard/components/no-script-refresh";
import { wizardMessages } from "~/features/podcasts/wizard/wizard-messages";
import { wizardUrls } from "~/features/podcasts/wizard/wizard-urls";
import { badIntent, notFound, readFormData } from "~/lib/http.server";

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
  const pronunciations = review.pronunciations.map((p) => ({
    ...p,
    listenUrl: `/pronunciations/${p.id}/listen?${voice}`,
  }));
  return { ...review, pronunciations };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const podcastId = requireId(params);
  const formData = await readFormData(request);
  const here = wizardUrls.script(podcastId);
  const intent = String(formData.get("intent") ?? "");
  if (intent === "save-script" || intent.startsWith(MOVE_INTENT))
    return saveScriptAction(user.id, podcastId, formData, intent, here);
  switch (intent) {
    case "add-pronunciation":
    case "remove-pronunciation":
      // The list belongs to the account; the podcast in the URL must still be the owner's.
      if (!(await getScriptReview(user.id, podcastId))) throw notFound();
      return intent === "add-pronunciation"
        ? addPronunciationAction(user.id, formData, here)
        : removePronunciationAction(user.id, formData, here);
    case "make-audio":
      return makeAudioAction(user.id, podcastId, formData);
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
  const pronunciationResult =
    actionData?.intent === "add-pronunciation" || actionData?.intent === "remove-pronunciation"
      ? actionData
      : undefined;
  const makeAudioError = actionData?.intent === "make-audio" && "error" in actionData ? actionData.error : null;
  // A problem with the whole form (a stale or forged line, a script no longer open): said once, above the buttons.
  const problem = makeAudioError ?? scriptResult?.error ?? null;
  const submitting = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const starting = submitting === "make-audio";
  const notice = writing
    ? scriptMessages.script.writing
    : editable
      ? podcast.hostCount === 2
        ? scriptMessages.script.intro
        : scriptMessages.script.introOneVoice
      : podcast.status === "failed"
        ? scriptMessages.script.failed
        : scriptMessages.script.locked;

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      {writing ? <NoScriptRefresh seconds={2} /> : null}
      <header className="space-y-1">
        <h1 className="font-serif text-3xl font-bold">{scriptMessages.script.heading}</h1>
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
                <SegmentLine
                  key={segment.index}
                  segment={segment}
                  hostCount={podcast.hostCount}
                  hostNames={podcast.hostNames}
                  editable={editable}
                  result={scriptResult}
                />
              ))}
            </ol>
            {editable ? (
              <Button type="submit" name="intent" value="save-script" disabled={submitting !== null}>
                {submitting === "save-script" ? scriptMessages.script.saving : scriptMessages.script.save}
              </Button>
            ) : null}
          </Card>
        </Form>
      ) : null}

      <PronunciationList items={pronunciations} result={pronunciationResult} />

      <MessageAlert message={problem ? { title: wizardMessages.progress.failed, description: problem } : null} />
      <div className="flex flex-wrap justify-between gap-2">
        <Link to={`/podcast/${podcast.id}`} className={buttonClass("outline")}>
          {scriptMessages.script.openPodcast}
        </Link>
        {editable && segments.length ? (
          <Button type="submit" form={SCRIPT_FORM_ID} name="intent" value="make-audio" disabled={submitting !== null}>
            {starting ? scriptMessages.script.makingAudio : scriptMessages.script.makeAudio}
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
