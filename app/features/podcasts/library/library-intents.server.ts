// The library's intents at /my-podcasts: a podcast's details, its collection, its transcript, its deletion.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";

import { podcastActionMessages } from "~/features/podcasts/library/podcast-action-messages";
import { notFound } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";

import { retagEpisode } from "../covers/covers.server";
import { AddToCollectionSchema, EditDetailsSchema, PodcastIntentSchema } from "../listening/listening-schemas";
import { deleteOwnedPodcast } from "../podcasts.server";
import { rebuildTranscript, setPodcastCollection, updatePodcastDetails } from "./library.server";

export function editDetailsAction(ownerId: string, formData: FormData, back: string) {
  const submission = parseWithZod(formData, { schema: EditDetailsSchema });
  if (submission.status !== "success")
    return data({ intent: "edit" as const, result: submission.reply() }, { status: 400 });
  const { podcastId, title, description } = submission.value;
  if (!updatePodcastDetails(ownerId, podcastId, { title, description })) throw notFound();
  // The MP3's title tag and the drawn cover show the title; redrawing can take seconds, so the answer does not wait.
  void retagEpisode(podcastId);
  return redirectWithToast(back, podcastActionMessages.edit.saved);
}

export function collectionAction(ownerId: string, formData: FormData, back: string) {
  const submission = parseWithZod(formData, { schema: AddToCollectionSchema });
  if (submission.status !== "success")
    return data({ intent: "collection" as const, result: submission.reply() }, { status: 400 });
  const { podcastId, campaignId } = submission.value;
  const outcome = setPodcastCollection(ownerId, podcastId, campaignId || null);
  if ("error" in outcome) {
    if (outcome.error === "podcast") throw notFound();
    return data(
      {
        intent: "collection" as const,
        result: submission.reply({ fieldErrors: { campaignId: [podcastActionMessages.collection.unknown] } }),
      },
      { status: 400 },
    );
  }
  void retagEpisode(podcastId);
  return redirectWithToast(
    back,
    outcome.campaign
      ? podcastActionMessages.collection.added(outcome.campaign.title)
      : podcastActionMessages.collection.removed,
  );
}

function podcastIdOf(formData: FormData) {
  const submission = parseWithZod(formData, { schema: PodcastIntentSchema });
  if (submission.status !== "success") throw notFound();
  return submission.value.podcastId;
}

export function transcriptAction(ownerId: string, formData: FormData, back: string) {
  const outcome = rebuildTranscript(ownerId, podcastIdOf(formData));
  if (outcome === "missing") throw notFound();
  if (outcome === "no-script")
    return redirectWithToast(back, { ...podcastActionMessages.transcript.noScript, variant: "destructive" });
  return redirectWithToast(back, podcastActionMessages.transcript.generated);
}

export async function deletePodcastAction(ownerId: string, formData: FormData, back: string) {
  const gone = await deleteOwnedPodcast(ownerId, podcastIdOf(formData));
  if (!gone) throw notFound();
  return redirectWithToast(back, podcastActionMessages.remove.deleted(gone.title));
}
