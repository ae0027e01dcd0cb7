// Benchmark: the duration estimate against the real episode. Stories of 200, 800 and 1,500
// words go through the built-in script writer and the real render path with the default voice
// (flite where no Piper voice is installed), after that voice's pace was measured once.
// Goal: the estimate within 15 % of the real duration for each. Plus one two-host episode at other speeds.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import type { VoiceConfig } from "../app/features/podcasts/schemas";
import type { BenchFigure } from "./figures";

const PARAGRAPHS = [
  "Grandma Rose grew up in a narrow house at the end of Mill Street, where the trains ran past the kitchen window twice a day. She used to say that you could set the clocks by the seven fifteen, and her father did exactly that every morning before he left for the foundry.",
  "In the summer of nineteen fifty two the whole family drove to the lake in a borrowed car. The radiator boiled over twice on the way, and each time Uncle Walter climbed out, lit his pipe and declared that the car simply needed a moment to admire the view.",
  "The cabin had no electricity, so the evenings belonged to the oil lamp and to the stories. Great Aunt Mabel told the one about the winter the river froze so hard that the butcher drove his delivery van straight across it, and nobody ever knew how much of it was true.",
  "When Rose met Harold at the church dance, he stepped on her feet four times and apologised five. She always said the fifth apology was the one that won her over, because by then he was laughing at himself.",
];

/** Exactly `words` words in paragraphs, cut at the last whole sentence-ending word when possible. */
function story(words: number): string {
  const all = Array.from({ length: Math.ceil(words / 40) + 4 }, (_, i) => PARAGRAPHS[i % PARAGRAPHS.length]!).join(
    "\n\n",
  );
  const tokens = all.split(/(\s+)/);
  let out = "";
  let count = 0;
  for (const token of tokens) {
    if (/\S/.test(token) && ++count > words) break;
    out += token;
  }
  return out.trim().replace(/[,;]?$/, ".");
}

export async function runEstimateBench(): Promise<BenchFigure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storyhearth-bench-estimate-"));
  Object.assign(process.env, { APP_ENV: "test", DATA_DIR: path.join(dir, "files") });
  const { renderPodcastAudio } = await import("../app/audio/render.server");
  const { measuredPaceOf } = await import("../app/audio/voice-pace.server");
  const { resolveVoice } = await import("../app/audio/voices.server");
  const { writeBuiltinScript } = await import("../app/features/podcasts/script/builtin-script-writer");
  const { episodeSeconds } = await import("../app/features/podcasts/wizard/duration-estimate");
  const { estimateEpisode } = await import("../app/features/podcasts/wizard/episode-estimate.server");
  const { optionsDefaults, VoiceConfigSchema } = await import("../app/features/podcasts/schemas");
  const { scriptFormatFor } = await import("../app/features/podcasts/script/script");
  const { getStorage } = await import("../app/lib/storage/storage.server");

  const figures: BenchFigure[] = [];
  const run = async (name: string, words: number, voice: VoiceConfig, goal: string) => {
    const title = "The House on Mill Street";
    const content = story(words);
    const { backgroundMusic, introOutro } = optionsDefaults;
    const estimated = episodeSeconds(estimateEpisode({ title, content }, voice), backgroundMusic, introOutro);
    const hostCount = voice.hostCount === 2 ? 2 : 1;
    const podcastId = `bench-estimate-${name.replace(/[^A-Za-z0-9_-]/g, "_")}`;
    const segments = writeBuiltinScript({
      podcastId,
      title,
      hostCount,
      format: scriptFormatFor(hostCount, false),
      stories: [{ title, content }],
    });
    const host = (v: string, accent: string, speed: number) => ({
      voice: v as VoiceConfig["primaryVoice"],
      accent: accent as VoiceConfig["primaryAccent"],
      speed,
    });
    const result = await renderPodcastAudio({
      podcastId,
      title,
      segments,
      hosts: {
        host1: host(voice.primaryVoice, voice.primaryAccent, voice.primarySpeed),
        ...(hostCount === 2
          ? { host2: host(voice.secondaryVoice!, voice.secondaryAccent!, voice.secondarySpeed!) }
          : {}),
      },
      backgroundMusic,
      introOutro,
      quality: "standard",
    });
    await getStorage().remove(result.audioKey);
    const error = ((estimated - result.duration) / result.duration) * 100;
    figures.push({
      name: `estimate.${name}.error`,
      value: error,
      unit: "%",
      goal: `${goal} (${Math.abs(error) <= 15 ? "met" : "NOT met"})`,
      extra: `estimate ${estimated.toFixed(1)} s, real ${result.duration.toFixed(1)} s, ${result.engine}`,
    });
  };

  try {
    const defaults = VoiceConfigSchema.parse({});
    const started = performance.now();
    const pace = await measuredPaceOf(defaults.primaryVoice, defaults.primaryAccent);
    const resolved = resolveVoice(defaults.primaryVoice, defaults.primaryAccent);
    figures.push({
      name: "estimate.default_voice.words_per_minute",
      value: pace.wordsPerMinute,
      unit: "wpm",
      goal: "informational (measured once, voiced speech at speed 1)",
      extra: `${resolved.engine}, measured in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    });
    for (const words of [200, 800, 1500]) await run(`${words}_words`, words, defaults, "|error| ≤ 15 %");
    // Two hosts at other speeds: each host's own pace and speed (both measured first).
    const two = VoiceConfigSchema.parse({
      hostCount: 2,
      primarySpeed: 1.3,
      secondaryVoice: "male-professional",
      secondarySpeed: 0.8,
    });
    await measuredPaceOf(two.secondaryVoice!, two.secondaryAccent!);
    await run("800_words_two_hosts_1.3x_0.8x", 800, two, "informational, |error| ≤ 15 % expected");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}
