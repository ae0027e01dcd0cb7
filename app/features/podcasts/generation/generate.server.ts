// Statuses are written by the work itself; running twice is safe (decision 0106).
import { campaignStatuses } from "#db/schema";
import { z } from "zod";

import type { Accent, BackgroundMusic, IntroOutro, VoiceId } from "~/audio/audio-options";
import { renderPodcastAudioInWorker, type RenderInput } from "~/audio/render.server";
import type { TranscriptionConfig } from "~/audio/transcribe.server";
import {
  playableRecording,
  playableRecordingsOf,
  transcribeRecording,
  transcriptionConfigFromEnv,
} from "~/features/contributions/recordings.server";
import { familyStoryText } from "~/features/contributions/story-text";
import { podcastMessages } from "~/features/podcasts/messages";
import {
  completePodcast,
  failPodcast,
  getPodcast,
  latestGenerationAttempt,
  restoreCampaignStatus,
  savePodcastScript,
  setPodcastStatus,
  type Podcast,
  type PodcastStatus,
} from "~/features/podcasts/podcasts.server";
import { getOwnedStory } from "~/features/podcasts/stories.server";
import { now } from "~/lib/clock.server";
import { JobEnded, jobStep } from "~/lib/queue/job-steps.server";
import type { JobHandler } from "~/lib/queue/runner.server";
import { getStorage } from "~/lib/storage/storage.server";
import { getOwnedCampaign } from "~/models/campaign.server";
import { listContributions } from "~/models/contribution.server";
import { getUserById } from "~/models/user.server";

import { ensurePodcastCover, retagEpisode } from "../covers/covers.server";
import { episodeChapters, removeEpisodeAudio } from "../listening/chapters.server";
import { chapterOf } from "../script/builtin-script-writer";
import { podcastTranscript } from "../script/host-names.server";
import { respellScript } from "../script/pronunciations";
import { listPronunciations } from "../script/pronunciations.server";
import {
  contributorNames,
  scriptFormatFor,
  type ScriptRequest,
  type ScriptSegment,
  type ScriptStory,
} from "../script/script";
import { openAIConfigFromEnv, writeScript, type OpenAIConfig } from "../script/script-writer.server";
import { emailPodcastFailed, emailPodcastReady } from "./owner-emails.server";

export type RenderPodcastAudio = (input: RenderInput) => ReturnType<typeof renderPodcastAudioInWorker>;

export type GenerationDeps = {
  render: RenderPodcastAudio;
  openAI: OpenAIConfig | null;
  transcription: TranscriptionConfig | null;
};

const failure = podcastMessages.failure;

class PermanentFailure extends Error {}
class PodcastGone extends Error {}
class StageFailure extends Error {
  constructor(
    readonly userMessage: string,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

const PayloadSchema = z.object({
  podcastId: z.string().min(1),
  attempt: z.number().int().positive(),
  campaignId: z.string().nullish(),
  campaignStatusBefore: z.enum(campaignStatuses).nullish(),
  stopAfterScript: z.boolean().optional(),
});

function userMessageOf(error: unknown) {
  if (error instanceof StageFailure) return error.userMessage;
  if (error instanceof PermanentFailure) return error.message;
  return podcastMessages.generation.failedDefault;
}

function enterStage(podcastId: string, status: PodcastStatus) {
  if (!setPodcastStatus(podcastId, status)) throw new PodcastGone();
}

const brief = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").slice(0, 200);

function episodeContributions(campaignId: string) {
  const recordings = playableRecordingsOf(campaignId);
  return listContributions(campaignId)
    .reverse()
    .map((c) => ({ c, content: familyStoryText(c), recording: recordings.get(c.id) }))
    .filter(({ content, recording }) => content.trim() || recording);
}

async function chapterStoriesFor(podcast: Podcast, audioKey: string) {
  if (!podcast.campaignId) return null;
  const byTitle = new Map<string, string[]>();
  for (const { c, content } of episodeContributions(podcast.campaignId)) {
    const title = chapterOf(contributorNames([{ contributorName: c.contributorName, content }])[0]!).toLowerCase();
    byTitle.set(title, [...(byTitle.get(title) ?? []), c.id]);
  }
  return (await episodeChapters(audioKey)).map((chapter) => ({
    ...chapter,
    contributionIds: byTitle.get(chapter.title.trim().toLowerCase()) ?? [],
  }));
}

async function scriptRequestFor(podcast: Podcast, deps: GenerationDeps): Promise<ScriptRequest> {
  const hostCount = podcast.hostCount === 2 ? 2 : 1;
  if (podcast.campaignId) {
    const question = (await getOwnedCampaign(podcast.ownerId, podcast.campaignId))?.prompt ?? null;
    const stories: ScriptStory[] = [];
    for (const { c, content, recording } of episodeContributions(podcast.campaignId)) {
      const transcript =
        recording && !content.trim()
          ? (recording.transcript ?? (await transcribeRecording(recording.id, deps.transcription)))
          : null;
      stories.push({
        contributorName: c.contributorName,
        content,
        question,
        recording: recording ? { id: recording.id, seconds: recording.durationSeconds ?? 0, transcript } : null,
      });
    }
    if (!stories.length) throw new PermanentFailure(failure.noCampaignStories);
    return {
      podcastId: podcast.id,
      title: podcast.title,
      hostCount,
      format: scriptFormatFor(hostCount, true),
      stories,
    };
  }
  const story = podcast.storyId ? await getOwnedStory(podcast.ownerId, podcast.storyId) : undefined;
  if (!story) throw new PermanentFailure(failure.storyGone);
  return {
    podcastId: podcast.id,
    title: podcast.title,
    hostCount,
    format: scriptFormatFor(hostCount, false),
    stories: [{ title: story.title, content: story.content }],
    intro: podcast.introOutro === "custom" ? podcast.customIntro : null,
  };
}

async function scriptFor(podcast: Podcast, deps: GenerationDeps): Promise<ScriptSegment[]> {
  // A script from an earlier try is kept (same words, no second bill) unless it plays a recording whose removal was asked for.
  const saved = (podcast.script ?? []) as ScriptSegment[];
  if (saved.length && podcast.transcript && saved.every((s) => !s.clip || playableRecording(s.clip.recordingId)))
    return saved;
  const request = await scriptRequestFor(podcast, deps);
  let segments: ScriptSegment[];
  try {
    segments = (await writeScript(request, deps.openAI)).segments;
  } catch (error) {
    throw new StageFailure(failure.script(brief(error)), error);
  }
  if (!savePodcastScript(podcast.id, segments, podcastTranscript(podcast, segments))) throw new PodcastGone();
  return segments;
}

async function renderInputFor(podcast: Podcast, segments: ScriptSegment[]): Promise<RenderInput> {
  const owner = podcast.campaignId ? await getUserById(podcast.ownerId) : undefined;
  const host = (voice: string, accent: string | null, speed: number | null) => ({
    voice: voice as VoiceId,
    accent: (accent ?? "american") as Accent,
    speed: speed ?? 1,
  });
  return {
    podcastId: podcast.id,
    title: podcast.title,
    familyName: owner?.lastName ?? null,
    // The voices read the family's pronunciations; the stored script and transcript keep the spelling.
    segments: withClips(respellScript(segments, listPronunciations(podcast.ownerId))),
    hosts: {
      host1: host(podcast.primaryVoice, podcast.primaryAccent, podcast.primarySpeed),
      ...(podcast.hostCount === 2 && podcast.secondaryVoice
        ? { host2: host(podcast.secondaryVoice, podcast.secondaryAccent, podcast.secondarySpeed) }
        : {}),
    },
    backgroundMusic: podcast.backgroundMusic as BackgroundMusic,
    introOutro: podcast.introOutro as IntroOutro,
    quality: podcast.processingQuality,
    coverKey: await coverKeyFor(podcast),
  };
}

function withClips(segments: ScriptSegment[]) {
  return segments.flatMap(({ clip, ...segment }) => {
    if (!clip) return [segment];
    const key = playableRecording(clip.recordingId)?.normalizedKey;
    return key ? [{ ...segment, clipKey: key }] : [];
  });
}

async function coverKeyFor(podcast: Podcast) {
  try {
    return await ensurePodcastCover(podcast);
  } catch (error) {
    console.error(`Podcast ${podcast.id}: no cover to embed: ${brief(error)}`);
    return undefined;
  }
}

async function generate(podcast: Podcast, deps: GenerationDeps, stopAfterScript: boolean) {
  enterStage(podcast.id, "script_generation");
  const segments = await scriptFor(podcast, deps);
  if (stopAfterScript) return enterStage(podcast.id, "script_ready");

  enterStage(podcast.id, "voice_processing");
  const input = await renderInputFor(podcast, segments);
  let finalizing = false;
  const finalize = () => {
    if (finalizing) return;
    finalizing = true;
    setPodcastStatus(podcast.id, "audio_processing");
  };
  let audio: Awaited<ReturnType<RenderPodcastAudio>>;
  await jobStep("generate-podcast:render");
  try {
    audio = await deps.render({ ...input, onStage: finalize });
  } catch (error) {
    throw new StageFailure(failure.audio(brief(error)), error);
  }

  // The file must really be in storage before the podcast is called complete.
  finalize();
  const storage = getStorage();
  const storedSize = await storage.size(audio.audioKey);
  if (storedSize === null)
    throw new StageFailure(failure.audio("the audio file was not stored"), new Error(`missing ${audio.audioKey}`));
  const chapterStories = await chapterStoriesFor(podcast, audio.audioKey);
  await jobStep("generate-podcast:complete").catch(async (error: unknown) => {
    await removeEpisodeAudio(audio.audioKey);
    throw error;
  });
  const saved = completePodcast(
    podcast.id,
    { audioKey: audio.audioKey, duration: audio.duration, fileSize: storedSize, chapterStories },
    now(),
  );
  if (!saved) {
    await removeEpisodeAudio(audio.audioKey);
    throw new PodcastGone();
  }
  await retagEpisode(podcast.id, { coverKey: input.coverKey, title: input.title });
}

export function createGeneratePodcastHandler(overrides: Partial<GenerationDeps> = {}): JobHandler {
  return async (rawPayload, job) => {
    const deps: GenerationDeps = {
      render: renderPodcastAudioInWorker,
      openAI: openAIConfigFromEnv(),
      transcription: transcriptionConfigFromEnv(),
      ...overrides,
    };
    const payload = PayloadSchema.parse(rawPayload);
    const finishCampaign = () => {
      if (payload.campaignId) restoreCampaignStatus(payload.campaignId, payload.campaignStatusBefore ?? "active");
    };
    const podcast = await getPodcast(payload.podcastId);
    // Deleted, finished or superseded by a newer attempt: only what a crash right after finishing may have left undone.
    if (!podcast || podcast.status === "complete" || payload.attempt < latestGenerationAttempt(podcast.id)) {
      if (!podcast || podcast.status === "complete") finishCampaign();
      if (podcast?.status === "complete") await emailPodcastReady(podcast.id);
      if (!podcast) throw new JobEnded("The podcast is gone");
      return;
    }
    try {
      await generate(podcast, deps, payload.stopAfterScript === true);
      finishCampaign();
      await emailPodcastReady(podcast.id);
    } catch (error) {
      if (error instanceof JobEnded) throw error;
      if (error instanceof PodcastGone) {
        finishCampaign();
        throw new JobEnded("The podcast was deleted while it was made");
      }
      const permanent = error instanceof PermanentFailure;
      if (permanent || job.attempts >= job.maxAttempts) {
        failPodcast(podcast.id, userMessageOf(error));
        finishCampaign();
        await emailPodcastFailed(podcast.id, payload.attempt);
        if (permanent) return;
      } else {
        setPodcastStatus(podcast.id, "queued");
      }
      throw error;
    }
  };
}

export const generatePodcastJob = createGeneratePodcastHandler();

export const abandonedPodcastJob: JobHandler = async (rawPayload) => {
  const parsed = PayloadSchema.safeParse(rawPayload);
  if (!parsed.success) return;
  const payload = parsed.data;
  const podcast = await getPodcast(payload.podcastId);
  if (!podcast || podcast.status === "complete" || payload.attempt < latestGenerationAttempt(podcast.id)) return;
  failPodcast(podcast.id, failure.interrupted);
  if (payload.campaignId) restoreCampaignStatus(payload.campaignId, payload.campaignStatusBefore ?? "active");
  await emailPodcastFailed(podcast.id, payload.attempt);
};
