// A key acts for the administrator who created it and sees only that account's podcasts.
import { stories } from "#db/schema";
import { and, eq } from "drizzle-orm";

import { describeGenerationStatus } from "~/features/podcasts/generation-status";
import {
  createPodcastRequest,
  failIfInterrupted,
  getOwnedPodcast,
  listOwnedPodcasts,
} from "~/features/podcasts/podcasts.server";
import type { GenerationOptions, VoiceConfig } from "~/features/podcasts/schemas";
import { createTextStory } from "~/features/podcasts/stories.server";
import { db } from "~/lib/db.server";

export const EXTERNAL_LIST_LIMIT = 100;

const links = (podcastId: string) => ({
  statusUrl: `/api/external/podcast-status/${podcastId}`,
  downloadUrl: `/api/external/download/${podcastId}`,
});

export type ExternalRequest = {
  title: unknown;
  content: unknown;
  voiceConfig: VoiceConfig;
  options: GenerationOptions;
};

export async function startExternalPodcast(ownerId: string, input: ExternalRequest) {
  const story = createTextStory(ownerId, { storyTitle: input.title, storyContent: input.content });
  try {
    const podcast = await createPodcastRequest(ownerId, {
      storyId: story.id,
      voiceConfig: input.voiceConfig,
      options: input.options,
    });
    const generation = describeGenerationStatus(podcast.status);
    return {
      podcastId: podcast.id,
      storyId: story.id,
      title: podcast.title,
      status: generation.status,
      statusLabel: generation.label,
      progress: generation.progress,
      ...links(podcast.id),
    };
  } catch (error) {
    db.delete(stories)
      .where(and(eq(stories.id, story.id), eq(stories.ownerId, ownerId)))
      .run();
    throw error;
  }
}

export async function externalPodcastStatus(ownerId: string, podcastId: string) {
  const found = await getOwnedPodcast(ownerId, podcastId);
  if (!found) return undefined;
  // A podcast whose job is gone is reported (and stored) as failed, never as stuck in progress.
  const podcast = failIfInterrupted(found);
  const generation = describeGenerationStatus(podcast.status);
  const complete = generation.status === "complete" && Boolean(podcast.audioKey);
  return {
    id: podcast.id,
    title: podcast.title,
    status: generation.status,
    statusLabel: generation.label,
    progress: generation.progress,
    errorMessage: generation.status === "failed" ? podcast.errorMessage : null,
    duration: podcast.duration,
    fileSize: podcast.fileSize,
    createdAt: podcast.createdAt,
    completedAt: podcast.completedAt,
    downloadUrl: complete ? links(podcast.id).downloadUrl : null,
  };
}

export function listExternalPodcasts(ownerId: string) {
  return listOwnedPodcasts(ownerId, EXTERNAL_LIST_LIMIT).map((p) => {
    const generation = describeGenerationStatus(p.status);
    return {
      id: p.id,
      title: p.title,
      status: generation.status,
      statusLabel: generation.label,
      progress: generation.progress,
      duration: p.duration,
      createdAt: p.createdAt,
      ...links(p.id),
    };
  });
}

export async function externalDownload(ownerId: string, podcastId: string) {
  const podcast = await getOwnedPodcast(ownerId, podcastId);
  if (!podcast) return { ok: false as const, status: 404 as const };
  if (podcast.status !== "complete") return { ok: false as const, status: 409 as const, podcastStatus: podcast.status };
  if (!podcast.audioKey) return { ok: false as const, status: 410 as const };
  const slug =
    podcast.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 80) || "podcast";
  return { ok: true as const, audioKey: podcast.audioKey, fileName: `${slug}.mp3` };
}
