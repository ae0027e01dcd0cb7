// The dedupe key makes each e-mail once per event: once per podcast when ready, once per attempt on failure (decision 0135).
import { buffer } from "node:stream/consumers";

import { coverThumbnail } from "~/features/podcasts/covers/cover-image.server";
import { imageDataUrl } from "~/lib/email/inline-images";
import type { OutboxEmail } from "~/lib/email/outbox.server";
import { deliverEmail, queueOutgoingEmail } from "~/lib/email/send.server";
import { appUrl } from "~/lib/env.server";
import { getStorage } from "~/lib/storage/storage.server";
import { recordSystemError } from "~/lib/system-errors.server";
import { formatDuration } from "~/lib/text-format";
import { getUserById } from "~/models/user.server";

import { ensurePodcastCover } from "../covers/covers.server";
import { clipRemovedEmail, podcastFailedEmail, podcastReadyEmail } from "../emails";
import { podcastMessages } from "../messages";
import { getPodcast, type Podcast } from "../podcasts.server";
import { wizardUrls } from "../wizard/wizard-schemas";

export const readyEmailKey = (podcastId: string) => `podcast-ready:${podcastId}`;
export const failedEmailKey = (podcastId: string, attempt: number) => `podcast-failed:${podcastId}:${attempt}`;

async function coverSrc(podcast: Podcast) {
  try {
    const file = await getStorage().read(await ensurePodcastCover(podcast));
    if (!file) return null;
    return imageDataUrl(await coverThumbnail(await buffer(file.stream)), "image/jpeg");
  } catch (error) {
    recordSystemError({
      error,
      errorType: "podcast_email_cover_failed",
      workflow: "email:podcast_ready",
      severity: "low",
    });
    return null;
  }
}

/** Links go to APP_URL: a job has no request to take an origin from. */
const podcastUrl = (podcast: Podcast) => `${appUrl()}/podcast/${encodeURIComponent(podcast.id)}`;
const retryUrl = (podcast: Podcast) =>
  `${appUrl()}${podcast.campaignId ? `/campaigns/${encodeURIComponent(podcast.campaignId)}/stories#podcast` : wizardUrls.progress(podcast.id)}`;

async function podcastAndOwner(podcastId: string, status: Podcast["status"]) {
  const podcast = await getPodcast(podcastId);
  if (podcast?.status !== status) return null;
  const owner = await getUserById(podcast.ownerId);
  return owner ? { podcast, owner } : null;
}

async function safely(kind: string, write: () => Promise<OutboxEmail | null>) {
  try {
    return await write();
  } catch (error) {
    recordSystemError({ error, errorType: "podcast_email_failed", workflow: `email:${kind}`, severity: "medium" });
    return null;
  }
}

export const emailPodcastReady = (podcastId: string) => safely("podcast_ready", () => writeReadyEmail(podcastId));

export const emailPodcastFailed = (podcastId: string, attempt: number) =>
  safely("podcast_failed", () => writeFailedEmail(podcastId, attempt));

async function writeReadyEmail(podcastId: string) {
  const found = await podcastAndOwner(podcastId, "complete");
  if (!found) return null;
  const { podcast, owner } = found;
  const email = podcastReadyEmail({
    name: owner.firstName,
    title: podcast.title,
    duration: formatDuration(podcast.duration),
    podcastUrl: podcastUrl(podcast),
    coverSrc: await coverSrc(podcast),
  });
  return deliverEmail(
    queueOutgoingEmail({
      kind: "podcast_ready",
      to: owner.email,
      autoSubmitted: "auto-generated",
      ...email,
      dedupeKey: readyEmailKey(podcast.id),
    }),
  );
}

async function writeFailedEmail(podcastId: string, attempt: number) {
  const found = await podcastAndOwner(podcastId, "failed");
  if (!found) return null;
  const { podcast, owner } = found;
  const email = podcastFailedEmail({
    name: owner.firstName,
    title: podcast.title,
    reason: podcast.errorMessage ?? podcastMessages.generation.failedDefault,
    retryUrl: retryUrl(podcast),
  });
  return deliverEmail(
    queueOutgoingEmail({
      kind: "podcast_failed",
      to: owner.email,
      autoSubmitted: "auto-generated",
      ...email,
      dedupeKey: failedEmailKey(podcast.id, attempt),
    }),
  );
}

export const emailClipRemoved = (
  clip: {
    recordingId: string;
    contributorName: string | null;
    campaignId: string;
    campaignTitle: string;
    ownerId: string;
    story: boolean;
  },
  remade: Podcast[],
) =>
  safely("clip_removed", async () => {
    const owner = await getUserById(clip.ownerId);
    if (!owner) return null;
    const email = clipRemovedEmail({
      name: owner.firstName,
      contributor: clip.contributorName?.trim() || "A relative",
      collection: clip.campaignTitle,
      remade: remade.map((p) => p.title),
      story: clip.story,
      storiesUrl: `${appUrl()}/campaigns/${encodeURIComponent(clip.campaignId)}/stories`,
    });
    return deliverEmail(
      queueOutgoingEmail({
        kind: "clip_removed",
        to: owner.email,
        autoSubmitted: "auto-generated",
        ...email,
        dedupeKey: `clip-removed:${clip.recordingId}`,
      }),
    );
  });
