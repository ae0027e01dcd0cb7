// The optional review between the script and the audio (decision 0128).
import { podcasts } from "#db/schema";
import { and, eq } from "drizzle-orm";

import { scriptMessages } from "~/features/podcasts/script/script-messages";
import { db } from "~/lib/db.server";
import { ensurePrimary } from "~/lib/litefs.server";

import { PodcastRequestError } from "../errors";
import { podcastMessages } from "../messages";
import { failIfInterrupted, getOwnedPodcast, isGenerationInterrupted } from "../podcasts.server";
import { hostNames, podcastTranscript } from "./host-names.server";
import { respellScript } from "./pronunciations";
import { listPronunciations } from "./pronunciations.server";
import { clipLength, type ScriptSegment, type Speaker } from "./script";

const errors = scriptMessages.script.errors;

const otherHost = (speaker: Speaker): Speaker => (speaker === "host1" ? "host2" : "host1");

export async function getScriptReview(ownerId: string, podcastId: string) {
  const stored = await getOwnedPodcast(ownerId, podcastId);
  if (!stored) return null;
  if (isGenerationInterrupted(stored)) await ensurePrimary();
  const podcast = failIfInterrupted(stored);
  const segments = (podcast.script ?? []) as ScriptSegment[];
  const list = listPronunciations(ownerId);
  const spoken = respellScript(segments, list);
  return {
    podcast: {
      id: podcast.id,
      title: podcast.title,
      status: podcast.status,
      hostCount: podcast.hostCount === 2 ? (2 as const) : (1 as const),
      primaryVoice: podcast.primaryVoice,
      primaryAccent: podcast.primaryAccent,
      hostNames: hostNames(podcast),
    },
    editable: podcast.status === "script_ready",
    segments: segments.map((segment, index) => ({
      index,
      speaker: segment.speaker,
      text: segment.text,
      spokenAs: spoken[index]!.text === segment.text || segment.clip ? null : spoken[index]!.text,
      recording: segment.clip ? { name: segment.clip.name, length: clipLength(segment.clip.seconds) } : null,
    })),
    pronunciations: list,
  };
}

export function changeSegments(
  ownerId: string,
  podcastId: string,
  change: { lines: { index: number; text: string }[]; move?: number },
) {
  return db.transaction((tx) => {
    const podcast = tx
      .select()
      .from(podcasts)
      .where(and(eq(podcasts.id, podcastId), eq(podcasts.ownerId, ownerId)))
      .get();
    if (!podcast) throw new PodcastRequestError(404, podcastMessages.generation.notFound);
    if (podcast.status !== "script_ready") throw new PodcastRequestError(409, errors.notReviewable);
    const segments = [...((podcast.script ?? []) as ScriptSegment[])];
    const editable = (index: number) => {
      const segment = segments[index];
      if (!segment) throw new PodcastRequestError(400, errors.noSuchSegment, "index");
      if (segment.clip) throw new PodcastRequestError(400, errors.recording, "index");
      return segment;
    };
    for (const { index, text } of change.lines) segments[index] = { ...editable(index), text };
    if (change.move !== undefined) {
      const segment = editable(change.move);
      if (podcast.hostCount !== 2) throw new PodcastRequestError(400, errors.oneHost, "index");
      segments[change.move] = { ...segment, speaker: otherHost(segment.speaker) };
    }
    tx.update(podcasts)
      .set({ script: segments, transcript: podcastTranscript(podcast, segments) })
      .where(eq(podcasts.id, podcast.id))
      .run();
    return segments;
  });
}
