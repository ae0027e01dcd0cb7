import { describeGenerationStatus } from "~/features/podcasts/generation-status";
import { truncateAtWord } from "~/lib/truncate";

import { describeScript, type ScriptSegment } from "./script/script";

type PodcastRow = {
  id: string;
  title: string;
  description: string | null;
  status: string;
  errorMessage: string | null;
  transcript: string | null;
  script: { speaker: string; text: string }[] | null;
  hostCount: number;
  primaryVoice: string;
  primaryAccent: string;
  primarySpeed: number;
  secondaryVoice: string | null;
  secondaryAccent: string | null;
  secondarySpeed: number | null;
  backgroundMusic: string;
  introOutro: string;
  processingQuality: string;
  duration: number | null;
  fileSize: number | null;
  audioKey: string | null;
  listens: number;
  campaignId: string | null;
  createdAt: Date;
  completedAt: Date | null;
};
type StoryRow = { id: string; title: string; source: "pdf" | "text"; content: string } | null;

export const STORY_PREVIEW_CHARS = 200;

export const storySourceLabel = (source: "pdf" | "text") => (source === "pdf" ? "PDF Upload" : "Text Entry");
export const hostLabel = (hostCount: number) => (hostCount === 2 ? "Two voices" : "One voice");

export const podcastAudioUrl = (podcastId: string) => `/api/podcasts/${podcastId}/audio`;
export const podcastCoverUrl = (podcastId: string) => `/api/podcasts/${podcastId}/cover.jpg`;

export function toPodcastDetail(podcast: PodcastRow, story: StoryRow) {
  const generation = describeGenerationStatus(podcast.status);
  const script = (podcast.script as ScriptSegment[] | null) ?? null;
  return {
    id: podcast.id,
    title: podcast.title,
    description: podcast.description,
    status: generation.status,
    statusLabel: generation.label,
    progress: generation.progress,
    errorMessage: generation.status === "failed" ? podcast.errorMessage : null,
    createdAt: podcast.createdAt,
    completedAt: podcast.completedAt,
    duration: podcast.duration,
    fileSize: podcast.fileSize,
    listens: podcast.listens,
    audioUrl: generation.status === "complete" && podcast.audioKey ? podcastAudioUrl(podcast.id) : null,
    hostCount: podcast.hostCount,
    hostLabel: hostLabel(podcast.hostCount),
    primaryVoice: podcast.primaryVoice,
    primaryAccent: podcast.primaryAccent,
    primarySpeed: podcast.primarySpeed,
    secondaryVoice: podcast.secondaryVoice,
    secondaryAccent: podcast.secondaryAccent,
    secondarySpeed: podcast.secondarySpeed,
    backgroundMusic: podcast.backgroundMusic,
    introOutro: podcast.introOutro,
    processingQuality: podcast.processingQuality,
    transcript: podcast.transcript,
    script,
    scriptSummary: script ? describeScript(script.length, podcast.hostCount) : null,
    campaignId: podcast.campaignId,
    story: story
      ? {
          id: story.id,
          title: story.title,
          source: story.source,
          sourceLabel: storySourceLabel(story.source),
          preview: truncateAtWord(story.content, STORY_PREVIEW_CHARS),
        }
      : null,
  };
}
export type PodcastDetail = ReturnType<typeof toPodcastDetail>;
