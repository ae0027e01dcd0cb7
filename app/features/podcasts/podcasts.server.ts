import {
  activities,
  campaigns,
  contributions,
  jobs,
  podcasts,
  stories,
  users,
  type campaignStatuses,
} from "#db/schema";
import { and, count, desc, eq, gte, inArray, lt, ne, or, sql } from "drizzle-orm";

import { removeStoredFiles } from "~/features/account/delete-account.server";
import { PodcastRequestError } from "~/features/podcasts/errors";
import { inProgressStatuses } from "~/features/podcasts/generation-status";
import { podcastMessages } from "~/features/podcasts/messages";
import type { GenerationOptions, VoiceConfig } from "~/features/podcasts/schemas";
import { scriptMessages } from "~/features/podcasts/script/script-messages";
import { db, preparedPerConnection } from "~/lib/db.server";
import { enqueueJob } from "~/lib/queue/queue.server";

import { removeEpisodeAudio } from "./listening/chapters.server";
import { getOwnedStory } from "./stories.server";

export type Podcast = typeof podcasts.$inferSelect;
export type PodcastStatus = Podcast["status"];
type CampaignStatus = (typeof campaignStatuses)[number];
type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

export const GENERATE_PODCAST_JOB = "generate-podcast";
export const GENERATION_MAX_ATTEMPTS = 3;

export type GenerationJobPayload = {
  podcastId: string;
  attempt: number;
  campaignId?: string | null;
  campaignStatusBefore?: CampaignStatus | null;
  /** The job stops at 'script_ready' for the owner's review. */
  stopAfterScript?: boolean;
};

const workingStatuses = inProgressStatuses.filter((s) => s !== "pending");

const ownedPodcast = preparedPerConnection((d) =>
  d
    .select()
    .from(podcasts)
    .where(and(eq(podcasts.id, sql.placeholder("podcastId")), eq(podcasts.ownerId, sql.placeholder("ownerId"))))
    .prepare(),
);

export function getOwnedPodcast(ownerId: string, podcastId: string): Podcast | undefined {
  return ownedPodcast().get({ ownerId, podcastId });
}

const ownedAudioKey = preparedPerConnection((d) =>
  d
    .select({ audioKey: podcasts.audioKey })
    .from(podcasts)
    .where(and(eq(podcasts.id, sql.placeholder("podcastId")), eq(podcasts.ownerId, sql.placeholder("ownerId"))))
    .prepare(),
);

export function getOwnedPodcastAudioKey(ownerId: string, podcastId: string): string | null {
  return ownedAudioKey().get({ ownerId, podcastId })?.audioKey ?? null;
}

const ownedPodcastWithStory = preparedPerConnection((d) =>
  d
    .select({
      podcast: podcasts,
      story: { id: stories.id, title: stories.title, source: stories.source, content: stories.content },
    })
    .from(podcasts)
    .leftJoin(stories, eq(stories.id, podcasts.storyId))
    .where(and(eq(podcasts.id, sql.placeholder("podcastId")), eq(podcasts.ownerId, sql.placeholder("ownerId"))))
    .prepare(),
);

export function getOwnedPodcastWithStory(ownerId: string, podcastId: string) {
  return ownedPodcastWithStory().get({ ownerId, podcastId });
}

export function listOwnedPodcasts(ownerId: string, limit = 100) {
  return db
    .select({
      id: podcasts.id,
      title: podcasts.title,
      duration: podcasts.duration,
      createdAt: podcasts.createdAt,
      listens: podcasts.listens,
      status: podcasts.status,
      hostCount: podcasts.hostCount,
      campaignId: podcasts.campaignId,
    })
    .from(podcasts)
    .where(eq(podcasts.ownerId, ownerId))
    .orderBy(desc(podcasts.createdAt), desc(podcasts.id))
    .limit(limit)
    .all();
}

const jobKeyRange = (podcastId: string) =>
  and(gte(jobs.dedupeKey, `podcast:${podcastId}:`), lt(jobs.dedupeKey, `podcast:${podcastId};`));

export function latestGenerationAttempt(podcastId: string) {
  const keys = db.select({ key: jobs.dedupeKey }).from(jobs).where(jobKeyRange(podcastId)).all();
  return keys.reduce((max, { key }) => Math.max(max, Number(key?.split(":")[2]) || 0), 0);
}

function latestGenerationPayload(podcastId: string) {
  const attempt = latestGenerationAttempt(podcastId);
  const job = db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(eq(jobs.dedupeKey, `podcast:${podcastId}:${attempt}`))
    .get();
  return job?.payload as GenerationJobPayload | undefined;
}

export function hasLiveGenerationJob(podcastId: string) {
  return Boolean(
    db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(jobKeyRange(podcastId), inArray(jobs.status, ["queued", "running"])))
      .limit(1)
      .get(),
  );
}

function enqueueGeneration(payload: GenerationJobPayload) {
  return enqueueJob(GENERATE_PODCAST_JOB, payload, {
    dedupeKey: `podcast:${payload.podcastId}:${payload.attempt}`,
    maxAttempts: GENERATION_MAX_ATTEMPTS,
  });
}

// One UPDATE, so two requests at once cannot both take the last slot; over the limit: 403.
function reserveGeneration(tx: Tx, ownerId: string) {
  const reserved = tx
    .update(users)
    .set({ podcastsGenerated: sql`${users.podcastsGenerated} + 1` })
    .where(and(eq(users.id, ownerId), lt(users.podcastsGenerated, users.podcastLimit)))
    .returning({ id: users.id })
    .get();
  if (reserved) return;
  const user = tx.select({ podcastLimit: users.podcastLimit }).from(users).where(eq(users.id, ownerId)).get();
  throw new PodcastRequestError(403, podcastMessages.generation.limitReached(user?.podcastLimit ?? 0));
}

function releaseGeneration(tx: Tx, ownerId: string) {
  tx.update(users)
    .set({ podcastsGenerated: sql`max(${users.podcastsGenerated} - 1, 0)` })
    .where(eq(users.id, ownerId))
    .run();
}

const voiceColumns = (voice: VoiceConfig, options: GenerationOptions) => ({
  hostCount: voice.hostCount,
  primaryVoice: voice.primaryVoice,
  primaryAccent: voice.primaryAccent,
  primarySpeed: voice.primarySpeed,
  secondaryVoice: voice.secondaryVoice,
  secondaryAccent: voice.secondaryAccent,
  secondarySpeed: voice.secondarySpeed,
  backgroundMusic: options.backgroundMusic,
  introOutro: options.introOutro,
  customIntro: options.introOutro === "custom" ? options.customIntro || null : null,
  processingQuality: options.processingQuality,
});

export type PodcastRequest = {
  storyId: string;
  voiceConfig: VoiceConfig;
  options: GenerationOptions;
  reviewScript?: boolean;
};

export async function createPodcastRequest(
  ownerId: string,
  { storyId, voiceConfig, options, reviewScript }: PodcastRequest,
) {
  const story = await getOwnedStory(ownerId, storyId);
  if (!story) throw new PodcastRequestError(404, podcastMessages.generation.storyMissing, "storyId");
  return db.transaction((tx) => {
    reserveGeneration(tx, ownerId);
    const podcast = tx
      .insert(podcasts)
      .values({
        ownerId,
        storyId: story.id,
        title: story.title,
        status: "queued",
        ...voiceColumns(voiceConfig, options),
      })
      .returning()
      .get();
    enqueueGeneration({ podcastId: podcast.id, attempt: 1, ...(reviewScript ? { stopAfterScript: true } : {}) });
    return podcast;
  });
}

function campaignHasPodcastInProgress(tx: Tx, campaignId: string) {
  return Boolean(
    tx
      .select({ id: podcasts.id })
      .from(podcasts)
      .where(and(eq(podcasts.campaignId, campaignId), inArray(podcasts.status, [...workingStatuses, "script_ready"])))
      .limit(1)
      .get(),
  );
}

const restingStatus = (status: CampaignStatus): CampaignStatus => (status === "generating_podcast" ? "active" : status);

function markCampaignGenerating(tx: Tx, campaignId: string): CampaignStatus | null {
  const campaign = tx.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaignId)).get();
  if (!campaign) return null;
  tx.update(campaigns).set({ status: "generating_podcast" }).where(eq(campaigns.id, campaignId)).run();
  return restingStatus(campaign.status);
}

export function createFamilyPodcastRequest(
  ownerId: string,
  campaignId: string,
  {
    voiceConfig,
    options,
    reviewScript,
  }: { voiceConfig: VoiceConfig; options: GenerationOptions; reviewScript?: boolean },
) {
  return db.transaction((tx) => {
    const campaign = tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.ownerId, ownerId)))
      .get();
    if (!campaign) throw new PodcastRequestError(404, podcastMessages.generation.notFound);
    if (campaignHasPodcastInProgress(tx, campaign.id))
      throw new PodcastRequestError(409, podcastMessages.generation.campaignBusy);
    const storyCount = tx
      .select({ n: count() })
      .from(contributions)
      .where(eq(contributions.campaignId, campaign.id))
      .get();
    if (!storyCount?.n) throw new PodcastRequestError(400, podcastMessages.generation.noCampaignStories);
    reserveGeneration(tx, ownerId);
    const podcast = tx
      .insert(podcasts)
      .values({
        ownerId,
        campaignId: campaign.id,
        title: campaign.title,
        status: "queued",
        ...voiceColumns(voiceConfig, options),
      })
      .returning()
      .get();
    tx.update(campaigns).set({ status: "generating_podcast" }).where(eq(campaigns.id, campaign.id)).run();
    enqueueGeneration({
      podcastId: podcast.id,
      attempt: 1,
      campaignId: campaign.id,
      campaignStatusBefore: restingStatus(campaign.status),
      ...(reviewScript ? { stopAfterScript: true } : {}),
    });
    return podcast;
  });
}

export function retryFailedPodcast(ownerId: string, podcastId: string) {
  return db.transaction((tx) => {
    const podcast = tx
      .select()
      .from(podcasts)
      .where(and(eq(podcasts.id, podcastId), eq(podcasts.ownerId, ownerId)))
      .get();
    if (!podcast) throw new PodcastRequestError(404, podcastMessages.generation.notFound);
    if (podcast.status !== "failed") throw new PodcastRequestError(409, podcastMessages.generation.onlyFailedCanRetry);
    let campaignStatusBefore: CampaignStatus | null = null;
    if (podcast.campaignId) {
      if (campaignHasPodcastInProgress(tx, podcast.campaignId))
        throw new PodcastRequestError(409, podcastMessages.generation.campaignBusy);
      campaignStatusBefore = markCampaignGenerating(tx, podcast.campaignId);
    }
    const updated = tx
      .update(podcasts)
      .set({ status: "queued", errorMessage: null })
      .where(eq(podcasts.id, podcast.id))
      .returning()
      .get();
    const attempt = latestGenerationAttempt(podcast.id) + 1;
    const stopAfterScript = latestGenerationPayload(podcast.id)?.stopAfterScript === true;
    enqueueGeneration({
      podcastId: podcast.id,
      attempt,
      campaignId: campaignStatusBefore ? podcast.campaignId : null,
      campaignStatusBefore,
      ...(stopAfterScript ? { stopAfterScript } : {}),
    });
    return updated;
  });
}

/** Feeds and share links hold finished episodes only, so requeuing withdraws the clip at once. Wake the runner afterwards. */
export function remakeEpisodesWithClip(recordingId: string, story?: { campaignId: string; submittedAt: Date }) {
  return db.transaction((tx) => {
    const playing = sql`exists (select 1 from json_each(${podcasts.script}) where json_extract(value, '$.clip.recordingId') = ${recordingId})`;
    const reading = story
      ? or(playing, and(eq(podcasts.campaignId, story.campaignId), gte(podcasts.completedAt, story.submittedAt)))
      : playing;
    // No transcript or chapter stories: the job writes the script again without the removed story.
    const remade = tx
      .update(podcasts)
      .set({ status: "queued", errorMessage: null, transcript: null, chapterStories: null })
      .where(and(eq(podcasts.status, "complete"), reading))
      .returning()
      .all();
    for (const podcast of remade)
      enqueueGeneration({
        podcastId: podcast.id,
        attempt: latestGenerationAttempt(podcast.id) + 1,
        campaignId: null,
        campaignStatusBefore: null,
      });
    return remade;
  });
}

export function renderReviewedScript(ownerId: string, podcastId: string) {
  return db.transaction((tx) => {
    const podcast = tx
      .update(podcasts)
      .set({ status: "queued", errorMessage: null })
      .where(and(eq(podcasts.id, podcastId), eq(podcasts.ownerId, ownerId), eq(podcasts.status, "script_ready")))
      .returning()
      .get();
    if (!podcast) {
      const exists = tx
        .select({ id: podcasts.id })
        .from(podcasts)
        .where(and(eq(podcasts.id, podcastId), eq(podcasts.ownerId, ownerId)))
        .get();
      throw exists
        ? new PodcastRequestError(409, scriptMessages.script.errors.notReviewable)
        : new PodcastRequestError(404, podcastMessages.generation.notFound);
    }
    const family = podcast.campaignId
      ? { campaignId: podcast.campaignId, campaignStatusBefore: markCampaignGenerating(tx, podcast.campaignId) }
      : {};
    enqueueGeneration({ podcastId: podcast.id, attempt: latestGenerationAttempt(podcast.id) + 1, ...family });
    return podcast;
  });
}

/** The limit caps the podcasts an account has, not a monthly quota, so a deletion gives its place back (decision 0122). */
export async function deleteOwnedPodcast(ownerId: string, podcastId: string) {
  const gone = db.transaction((tx) => {
    const podcast = tx
      .delete(podcasts)
      .where(and(eq(podcasts.id, podcastId), eq(podcasts.ownerId, ownerId)))
      .returning()
      .get();
    if (podcast) releaseGeneration(tx, ownerId);
    if (podcast?.campaignId && (workingStatuses as readonly string[]).includes(podcast.status)) {
      const before = latestGenerationPayload(podcast.id)?.campaignStatusBefore;
      restoreCampaignStatus(podcast.campaignId, before ?? "active", tx);
    }
    return podcast;
  });
  if (gone?.audioKey) await removeEpisodeAudio(gone.audioKey);
  if (gone?.coverKey) await removeStoredFiles([gone.coverKey]);
  return gone;
}

export function getPodcast(podcastId: string) {
  return db.query.podcasts.findFirst({ where: eq(podcasts.id, podcastId) });
}

export function setPodcastStatus(podcastId: string, status: PodcastStatus) {
  return db.update(podcasts).set({ status }).where(eq(podcasts.id, podcastId)).run().changes > 0;
}

export function savePodcastScript(podcastId: string, script: NonNullable<Podcast["script"]>, transcript: string) {
  return db.update(podcasts).set({ script, transcript }).where(eq(podcasts.id, podcastId)).run().changes > 0;
}

export type RenderedAudio = {
  audioKey: string;
  duration: number;
  fileSize: number;
  chapterStories?: Podcast["chapterStories"];
};

export function completePodcast(podcastId: string, audio: RenderedAudio, completedAt: Date) {
  return db.transaction((tx) => {
    const podcast = tx
      .update(podcasts)
      .set({
        status: "complete",
        errorMessage: null,
        audioKey: audio.audioKey,
        duration: Math.round(audio.duration),
        fileSize: audio.fileSize,
        chapterStories: audio.chapterStories ?? null,
        completedAt,
      })
      .where(eq(podcasts.id, podcastId))
      .returning({ ownerId: podcasts.ownerId, title: podcasts.title })
      .get();
    if (!podcast) return false;
    tx.insert(activities)
      .values({ type: "podcast_created", userId: podcast.ownerId, details: `Created podcast "${podcast.title}"` })
      .run();
    return true;
  });
}

export function failPodcast(podcastId: string, message: string) {
  db.update(podcasts)
    .set({ status: "failed", errorMessage: message.slice(0, 1000) })
    .where(eq(podcasts.id, podcastId))
    .run();
}

export function restoreCampaignStatus(campaignId: string, status: CampaignStatus, tx: Tx | typeof db = db) {
  // The campaign comes back only from 'generating_podcast': a status the owner set meanwhile stays.
  tx.update(campaigns)
    .set({ status: restingStatus(status) })
    .where(
      and(
        eq(campaigns.id, campaignId),
        eq(campaigns.status, "generating_podcast"),
        sql`not exists (select 1 from ${podcasts} where ${podcasts.campaignId} = ${campaignId} and ${inArray(podcasts.status, workingStatuses)})`,
      ),
    )
    .run();
}

export function isGenerationInterrupted(podcast: Pick<Podcast, "id" | "status">) {
  return (workingStatuses as readonly string[]).includes(podcast.status) && !hasLiveGenerationJob(podcast.id);
}

/** So polling never spins forever: an interrupted podcast becomes 'failed' (and can be retried). */
export function failIfInterrupted<P extends Pick<Podcast, "id" | "status" | "campaignId">>(podcast: P): P {
  if (!isGenerationInterrupted(podcast)) return podcast;
  const message = podcastMessages.failure.interrupted;
  db.update(podcasts)
    .set({ status: "failed", errorMessage: message })
    .where(and(eq(podcasts.id, podcast.id), ne(podcasts.status, "complete")))
    .run();
  if (podcast.campaignId)
    restoreCampaignStatus(podcast.campaignId, latestGenerationPayload(podcast.id)?.campaignStatusBefore ?? "active");
  return { ...podcast, status: "failed", errorMessage: message };
}
