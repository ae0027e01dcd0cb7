// The landing page's sample episode, made by our own pipeline on first need and kept (decision 0122).
import { renderPodcastAudioInWorker, type RenderInput, type RenderResult } from "~/audio/render.server";
import { speakerTag } from "~/audio/voice-sample.server";
import { probeStored } from "~/features/podcasts/listening/chapters.server";
import { writeBuiltinScript } from "~/features/podcasts/script/builtin-script-writer";
import { getStorage } from "~/lib/storage/storage.server";

import { SAMPLE_EPISODE_TITLE } from "./sample-episode";

const SAMPLE_VERSION = 1;

export const SAMPLE_EPISODE = {
  title: SAMPLE_EPISODE_TITLE,
  story:
    "Every July, Grandpa Joe loaded the blue truck with fishing rods and a cooler of lemonade. " +
    "We drove north until the pine trees closed in and the road turned to gravel. " +
    "He let each of us steer for one slow mile, and we felt like the bravest drivers in the world. " +
    "At night Grandma read to us by the fire, and the loons called across the water.",
  hosts: {
    host1: { voice: "female-warm", accent: "american", speed: 1 },
    host2: { voice: "male-warm", accent: "american", speed: 1 },
  },
} as const;

/** The voices' engine is in the key: installing a Piper voice later makes a new sample. */
export const sampleEpisodeKey = () =>
  `site/sample-episode/v${SAMPLE_VERSION}-${speakerTag("female-warm", "american")}-${speakerTag("male-warm", "american")}.mp3`;

export function sampleEpisodeInput(audioKey: string): RenderInput {
  const segments = writeBuiltinScript({
    podcastId: "sample-episode",
    title: SAMPLE_EPISODE.title,
    hostCount: 2,
    format: "dual_host",
    stories: [{ title: SAMPLE_EPISODE.title, content: SAMPLE_EPISODE.story }],
  });
  return {
    podcastId: "sample-episode",
    audioKey,
    title: SAMPLE_EPISODE.title,
    familyName: null,
    segments,
    hosts: SAMPLE_EPISODE.hosts,
    backgroundMusic: "none",
    introOutro: "minimal",
    quality: "standard",
  };
}

type Render = (input: RenderInput) => Promise<RenderResult>;
const defaultRender: Render = (input) => renderPodcastAudioInWorker(input, { timeoutMs: 5 * 60_000 });

const rendering = new Map<string, Promise<string>>();

export async function ensureSampleEpisode(render: Render = defaultRender): Promise<string> {
  const key = sampleEpisodeKey();
  if ((await getStorage().size(key)) !== null) return key;
  let job = rendering.get(key);
  if (!job) {
    job = render(sampleEpisodeInput(key))
      .then(() => key)
      .finally(() => rendering.delete(key));
    rendering.set(key, job);
  }
  return job;
}

let knownLength: { key: string; seconds: number } | undefined;

export async function sampleEpisodeSeconds(): Promise<number | null> {
  const key = sampleEpisodeKey();
  if (knownLength?.key === key) return knownLength.seconds;
  const seconds = Number((await probeStored(key).catch(() => null))?.format.duration);
  if (!Number.isFinite(seconds) || seconds <= 0) return null;
  knownLength = { key, seconds };
  return seconds;
}
