// The stories page's intents on the campaign's family podcast: its narrator, its making, its feed.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";

import { storyMessages } from "~/features/contributions/messages";
import { NarratorSettingsSchema, toPodcastSettings } from "~/features/contributions/schemas";
import { scriptMessages } from "~/features/podcasts/script/script-messages";
import { notFound } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Campaign } from "~/models/campaign.server";

import { PodcastRequestError } from "../errors";
import { revokeFeed } from "../listening/feeds.server";
import { podcastMessages } from "../messages";
import { offeredVoicesOnly } from "../voice-offer.server";
import { deleteCampaignPodcasts, newestCampaignPodcastId, saveNarratorSettings } from "./campaign-podcast.server";
import { requestFamilyPodcast, retryPodcast } from "./requests.server";

export function saveVoiceAction(ownerId: string, campaignId: string, formData: FormData, pageUrl: string) {
  const submission = parseWithZod(formData, { schema: offeredVoicesOnly(NarratorSettingsSchema) });
  if (submission.status !== "success")
    return data({ intent: "save-voice" as const, result: submission.reply() }, { status: 400 });
  saveNarratorSettings(ownerId, campaignId, toPodcastSettings(submission.value));
  return redirectWithToast(pageUrl, storyMessages.toast.voiceSaved);
}

/** 'Review the script first' (decision 0128): the job stops at the script, the panel links to it. */
export function generatePodcastAction(
  ownerId: string,
  campaign: Campaign,
  formData: FormData,
  pageUrl: string,
  reviewScript: boolean,
) {
  const submission = parseWithZod(formData, { schema: offeredVoicesOnly(NarratorSettingsSchema) });
  if (submission.status !== "success")
    return data({ intent: "generate-podcast" as const, result: submission.reply() }, { status: 400 });
  const settings = toPodcastSettings(submission.value);
  // Kept even when the request is refused below, so the dialog reopens with them.
  saveNarratorSettings(ownerId, campaign.id, settings);
  try {
    requestFamilyPodcast(ownerId, campaign, { ...settings, reviewScript });
  } catch (error) {
    if (!(error instanceof PodcastRequestError)) throw error;
    return data(
      { intent: "generate-podcast" as const, result: submission.reply({ formErrors: [error.message] }) },
      { status: error.status },
    );
  }
  return redirectWithToast(
    pageUrl,
    reviewScript ? scriptMessages.script.toast.writing : storyMessages.toast.podcastStarted,
  );
}

export function retryPodcastAction(ownerId: string, campaignId: string, pageUrl: string) {
  const podcastId = newestCampaignPodcastId(campaignId);
  if (!podcastId) throw notFound();
  try {
    retryPodcast(ownerId, podcastId);
  } catch (error) {
    if (!(error instanceof PodcastRequestError)) throw error;
    return data({ intent: "retry-podcast" as const, error: error.message }, { status: error.status });
  }
  return redirectWithToast(pageUrl, storyMessages.toast.retryStarted);
}

/** A collection's feed, or with no collection the account's own. */
export function revokeFeedAction(ownerId: string, campaignId: string | null, pageUrl: string) {
  revokeFeed(ownerId, campaignId);
  return redirectWithToast(pageUrl, podcastMessages.feed.revoked);
}

/** Delete & Regenerate: the podcast goes, and the narrator dialog opens for the next one. */
export async function deletePodcastAction(ownerId: string, campaignId: string, pageUrl: string) {
  await deleteCampaignPodcasts(ownerId, campaignId);
  return redirectWithToast(
    `${pageUrl}${pageUrl.includes("?") ? "&" : "?"}dialog=voice`,
    storyMessages.toast.podcastDeleted,
  );
}
