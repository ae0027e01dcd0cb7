// Uses the built-in writer's script, so the host's own lines count (decision 0130).
import { INTRO_OUTRO } from "~/audio/audio-options";
import { stingSeconds } from "~/audio/music.server";
import { normalizeForSpeech, splitSentences } from "~/audio/speech-text";
import { CALIBRATION_SENTENCES, paceOf } from "~/audio/voice-pace.server";
import { countWords } from "~/lib/word-count";

import { optionsDefaults, VoiceConfigSchema, type VoiceConfig } from "../schemas";
import { writeBuiltinScript } from "../script/builtin-script-writer";
import { scriptFormatFor } from "../script/script";
import { episodeSeconds, speechSeconds, type EpisodeEstimate, type SpokenLine } from "./duration-estimate";

const stings = Object.fromEntries(
  INTRO_OUTRO.map((o) => [o, stingSeconds(o, "intro") + stingSeconds(o, "outro")]),
) as EpisodeEstimate["stingSeconds"];

export function estimateEpisode(
  story: { title: string; content: string },
  voice: VoiceConfig,
): EpisodeEstimate & { measured: boolean } {
  const hostCount = voice.hostCount === 2 ? 2 : 1;
  const segments = writeBuiltinScript({
    podcastId: "estimate",
    title: story.title,
    hostCount,
    format: scriptFormatFor(hostCount, false),
    stories: [{ title: story.title, content: story.content }],
  });
  const hostOf = (speaker: string) =>
    speaker === "host2" && hostCount === 2
      ? {
          voice: voice.secondaryVoice ?? voice.primaryVoice,
          accent: voice.secondaryAccent ?? voice.primaryAccent,
          speed: voice.secondarySpeed ?? 1,
        }
      : { voice: voice.primaryVoice, accent: voice.primaryAccent, speed: voice.primarySpeed };
  let measured = true;
  const lines: SpokenLine[] = segments.flatMap((segment) => {
    const text = normalizeForSpeech(segment.text);
    const words = countWords(text);
    if (words === 0) return [];
    const host = hostOf(segment.speaker);
    const pace = paceOf(host.voice, host.accent);
    measured &&= pace.measured;
    return [
      {
        words,
        sentences: splitSentences(text).length,
        wordsPerMinute: pace.wordsPerMinute,
        speed: host.speed,
        chapter: segment.chapter,
      },
    ];
  });
  return { speechSeconds: speechSeconds(lines), stingSeconds: stings, measured };
}

export function minutesPerThousandWords(): number {
  const sentences: string[] = [];
  while (countWords(sentences.join(" ")) < 1000)
    sentences.push(CALIBRATION_SENTENCES[sentences.length % CALIBRATION_SENTENCES.length]!);
  const voice = VoiceConfigSchema.parse({});
  const seconds = episodeSeconds(
    estimateEpisode({ title: "A story", content: sentences.join(" ") }, voice),
    optionsDefaults.backgroundMusic,
    optionsDefaults.introOutro,
  );
  return Math.round((seconds / 60) * 2) / 2;
}
