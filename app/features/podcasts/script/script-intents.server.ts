// The script review's intents at /podcast/:id/script: the lines, the account's pronunciations, the audio.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";

import { scriptMessages } from "~/features/podcasts/script/script-messages";
import { notFound } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";

import { PodcastRequestError } from "../errors";
import { makeReviewedAudio } from "../generation/requests.server";
import { wizardUrls } from "../wizard/wizard-urls";
import type { PronunciationResult } from "./components/pronunciation-list";
import { MOVE_INTENT, type ScriptResult } from "./components/segment-form";
import { addPronunciation, removePronunciation } from "./pronunciations.server";
import {
  MoveSegmentSchema,
  PronunciationSchema,
  readScriptLines,
  RemovePronunciationSchema,
} from "./script-review-schemas";
import { changeSegments } from "./script-review.server";

// Every posted line saved in one write, then the line a Move button names. Undefined when saved;
// else the form's answer with each refused line's message and what was typed.
function saveScript(ownerId: string, podcastId: string, formData: FormData, intent: string) {
  const { lines, errors, values } = readScriptLines(formData);
  const refuse = (status: number, found: Partial<ScriptResult>) =>
    data({ intent: "save-script", errors: {}, values, ...found } satisfies ScriptResult, { status });
  if (Object.keys(errors).length > 0) return refuse(400, { errors });
  let move: number | undefined;
  if (intent.startsWith(MOVE_INTENT)) {
    const index = MoveSegmentSchema.safeParse({ index: Number(intent.slice(MOVE_INTENT.length)) });
    if (!index.success) return refuse(400, { error: scriptMessages.script.errors.noSuchSegment });
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

/** Save, or a Move button: every line saved, then the answer comes back to the script. */
export function saveScriptAction(ownerId: string, podcastId: string, formData: FormData, intent: string, here: string) {
  return (
    saveScript(ownerId, podcastId, formData, intent) ??
    redirectWithToast(
      here,
      intent === "save-script" ? scriptMessages.script.toast.saved : scriptMessages.script.toast.moved,
    )
  );
}

/** What is typed in the lines is what the audio says: saved first, or shown again with its messages. */
export function makeAudioAction(ownerId: string, podcastId: string, formData: FormData) {
  const refused = saveScript(ownerId, podcastId, formData, "make-audio");
  if (refused) return refused;
  try {
    const podcast = makeReviewedAudio(ownerId, podcastId);
    // A family podcast's progress is shown on its collection's stories page, a story's in the wizard.
    if (podcast.campaignId)
      return redirectWithToast(`/campaigns/${podcast.campaignId}/stories`, scriptMessages.script.toast.rendering);
  } catch (error) {
    if (!(error instanceof PodcastRequestError)) throw error;
    if (error.status === 404) throw notFound();
    return data({ intent: "make-audio" as const, error: error.message }, { status: error.status });
  }
  return redirectWithToast(wizardUrls.podcast(podcastId), scriptMessages.script.toast.rendering);
}

export function removePronunciationAction(ownerId: string, formData: FormData, here: string) {
  const submission = parseWithZod(formData, { schema: RemovePronunciationSchema });
  const removed = submission.status === "success" && removePronunciation(ownerId, submission.value.pronunciationId);
  if (!removed)
    return data(
      {
        intent: "remove-pronunciation",
        errors: { form: scriptMessages.pronunciations.errors.notFound },
      } satisfies PronunciationResult,
      { status: 404 },
    );
  return redirectWithToast(here, scriptMessages.pronunciations.toast.removed);
}

export function addPronunciationAction(ownerId: string, formData: FormData, here: string) {
  const submission = parseWithZod(formData, { schema: PronunciationSchema });
  const values = { term: String(formData.get("term") ?? ""), sayAs: String(formData.get("sayAs") ?? "") };
  const refuse = (errors: PronunciationResult["errors"], status: number) =>
    data({ intent: "add-pronunciation", errors, values } satisfies PronunciationResult, { status });
  if (submission.status !== "success")
    return refuse({ term: submission.error?.term?.[0], sayAs: submission.error?.sayAs?.[0] }, 400);
  try {
    addPronunciation(ownerId, submission.value);
  } catch (error) {
    if (!(error instanceof PodcastRequestError)) throw error;
    return refuse({ term: error.message }, error.status);
  }
  return redirectWithToast(here, scriptMessages.pronunciations.toast.added);
}
