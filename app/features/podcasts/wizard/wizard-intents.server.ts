// The wizard's intents at /create-podcast: a story from a PDF or typed text, its voices, its making.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";

import { scriptMessages } from "~/features/podcasts/script/script-messages";
import { notFound } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";

import { PodcastRequestError } from "../errors";
import { requestPodcast, retryPodcast } from "../generation/requests.server";
import { StoryTextSchema } from "../schemas";
import { createStoryFromUpload, createTextStory, getOwnedStory } from "../stories.server";
import { offeredVoicesOnly } from "../voice-offer.server";
import { readStoryUpload } from "./story-upload.server";
import { wizardMessages } from "./wizard-messages";
import { WizardGenerateSchema, WizardRetrySchema, WizardVoicesSchema } from "./wizard-schemas";
import { wizardUrls } from "./wizard-urls";

export async function uploadPdfAction(ownerId: string, request: Request) {
  try {
    const story = await createStoryFromUpload(ownerId, await readStoryUpload(request));
    return redirect(wizardUrls.voices(story.id));
  } catch (error) {
    if (!(error instanceof PodcastRequestError)) throw error;
    return data(
      { intent: "pdf" as const, error: { title: error.title, description: error.message } },
      { status: error.status },
    );
  }
}

export function textStoryAction(ownerId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: StoryTextSchema });
  if (submission.status !== "success")
    return data({ intent: "text-story" as const, result: submission.reply() }, { status: 400 });
  const story = createTextStory(ownerId, submission.value);
  return redirect(wizardUrls.voices(story.id));
}

export async function voicesAction(ownerId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: offeredVoicesOnly(WizardVoicesSchema) });
  if (submission.status !== "success")
    return data({ intent: "voices" as const, result: submission.reply() }, { status: 400 });
  const { storyId, ...voice } = submission.value;
  if (!(await getOwnedStory(ownerId, storyId))) throw notFound();
  return redirect(wizardUrls.review(storyId, voice));
}

export async function generateAction(ownerId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: offeredVoicesOnly(WizardGenerateSchema) });
  if (submission.status !== "success")
    return data({ intent: "generate" as const, result: submission.reply() }, { status: 400 });
  const { storyId, backgroundMusic, introOutro, processingQuality, customIntro, ...voiceConfig } = submission.value;
  if (!(await getOwnedStory(ownerId, storyId))) throw notFound();
  // The second submit button, 'Review the script first', stops the job after the script.
  const reviewScript = formData.get("then") === "review";
  try {
    const options = { backgroundMusic, introOutro, processingQuality, customIntro };
    const podcast = await requestPodcast(ownerId, { storyId, voiceConfig, options, reviewScript });
    const toast = reviewScript ? scriptMessages.script.toast.writing : wizardMessages.toast.generationStarted;
    return redirectWithToast(wizardUrls.podcast(podcast.id), toast);
  } catch (error) {
    if (!(error instanceof PodcastRequestError)) throw error;
    return data(
      { intent: "generate" as const, result: submission.reply({ formErrors: [error.message] }) },
      { status: error.status },
    );
  }
}

export function retryAction(ownerId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: WizardRetrySchema });
  if (submission.status !== "success") throw notFound();
  try {
    const podcast = retryPodcast(ownerId, submission.value.podcastId);
    return redirectWithToast(wizardUrls.podcast(podcast.id), wizardMessages.toast.retryStarted);
  } catch (error) {
    if (!(error instanceof PodcastRequestError)) throw error;
    if (error.status === 404) throw notFound();
    return data({ intent: "retry" as const, error: error.message }, { status: error.status });
  }
}
