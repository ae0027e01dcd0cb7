// Benchmark: five family stories as a family gets them by default (bench/fixtures/episodes: names,
// places, years, dates, money, abbreviations, initials; 212 to 1,495 words; one a collection of three
// relatives) and the family collection of four relatives (a letter, a voice answer, two stories by one
// aunt, a one-line answer; the bench has no recording, so its transcript is read), the built-in
// conversation writer's script, the default voices (Grace and Henry: flite's slt and rms), rendered
// by the production path (the render worker). Debian's pocketsphinx transcribes each MP3 and the word error rate against what the voices were
// given to read (the speech front-end's text, app/audio/speech-text.ts) says how well a listener can
// follow; espeak-ng on the same scripts in the same run is the baseline. The script itself is measured
// too: interviewer lines said twice, interviewer lines that name something from the story, story
// sentences cut across parts, and digits left for an engine to guess at.
// Goals: word error rate ≤ 0.12 overall; a 10-minute episode rendered in ≤ 30 s (real-time factor of
// synthesis ≤ 0.05) on 2 cores; 0 repeated lines; ≥ 60 % of interviewer lines naming something;
// 0 split sentences; 0 digits.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";

import type { RenderResult, RenderStage } from "../app/audio/render.server";
import { normalizeForSpeech } from "../app/audio/speech-text";
import { wordErrorRate } from "../app/audio/word-error-rate";
import { voiceConfigDefaults as defaults } from "../app/features/podcasts/schemas";
import { renderDraft, writeBuiltinDraft } from "../app/features/podcasts/script/builtin-script-writer";
import { namesSomething, storyAnchors } from "../app/features/podcasts/script/interviewer";
import type { ScriptRequest } from "../app/features/podcasts/script/script";
import type { BenchFigure } from "./figures";
import { benchEpisodes, benchFamilyCollection } from "./fixtures/episodes/index";
import { ensurePocketsphinx, transcribe } from "./lib/pocketsphinx";

/**
 * The recognizer's spelling of words it heard right: its dictionary writes "mr", "dr", "am" and American
 * spellings where the front-end's text says "mister", "doctor", "A M", "neighbour". Applied to both texts,
 * so the error rate counts misheard words, not spelling conventions.
 */
const SAME_WORD: Array<[RegExp, string]> = [
  [/\bmrs\b/g, "missus"],
  [/\bmr\b/g, "mister"],
  [/\bdr\b/g, "doctor"],
  [/\b([ap]) m\b/g, "$1m"],
  [/\b(neighb|harb|col|fav|hon|behavi)our/g, "$1or"],
  [/\b(apolog|civil|organ|real|recogn)is(e|ed|es|ing)\b/g, "$1iz$2"],
];
export const recognizerSpelling = (text: string) =>
  SAME_WORD.reduce((t, [pattern, said]) => t.replace(pattern, said), text.toLowerCase());

/** A part that ends inside a sentence: no final stop, or a stop that belongs to "Mr." or an initial. */
const cutInside = (text: string) =>
  !/[.!?]["”’)]*$/.test(text) || /(?:\b(?:Mr|Mrs|Ms|Dr|St|Mt|Jr|Sr|Ave|Rev|Capt|Sgt|Lt)|\b[A-Z])\.["”’)]*$/.test(text);

/** What the script says about the interviewer and the parts, before any voice speaks it. */
export function scriptFigures(req: ScriptRequest) {
  const draft = writeBuiltinDraft(req);
  const segments = renderDraft(req, draft);
  const anchors = storyAnchors(req.stories.map((s) => s.content).join("\n\n"));
  const asked = draft.filter((s) => s.kind === "host" && s.speaker === "host2").map((s) => s.text);
  const seen = new Set<string>();
  const repeated = asked.filter((line) => {
    const key = line.toLowerCase();
    const again = seen.has(key);
    seen.add(key);
    return again;
  });
  const spoken = segments.map((s) => normalizeForSpeech(s.text));
  const paragraphs = new Set(
    req.stories.flatMap((s) => s.content.split(/\n\s*\n/).map((p) => p.replace(/\s+/g, " ").trim())),
  );
  const digits = spoken.flatMap((text) => text.match(/\S*\d\S*/g) ?? []);
  return {
    segments,
    spoken: spoken.join("\n"),
    asked: asked.length,
    repeated: repeated.length,
    naming: asked.filter((line) => namesSomething(line, anchors)).length,
    // A paragraph of its own without a stop (a letter's "Love, Uncle Sal") is whole, not cut.
    split: draft.filter((s) => s.kind === "story" && cutInside(s.text) && !paragraphs.has(s.text)).length,
    digits,
  };
}

type Engine = "flite" | "espeak";
type Totals = {
  result: Pick<RenderResult, "duration">;
  total: number;
  synthesis: number;
  mixing: number;
  encode: number;
};
type Rendered = Totals & { mp3: string };

export async function runTtsEpisodeBench(): Promise<BenchFigure[]> {
  const benchStarted = performance.now();
  ensurePocketsphinx();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storyhearth-bench-episode-"));
  const noVoices = path.join(dir, "no-voices");
  fs.mkdirSync(noVoices);
  // No Piper voice: the offline voices every machine has. DATA_DIR before the app's modules load.
  Object.assign(process.env, { APP_ENV: "test", DATA_DIR: path.join(dir, "files"), VOICES_DIR: noVoices });
  const { renderPodcastAudioInWorker } = await import("../app/audio/render.server");
  const { stingFile } = await import("../app/audio/music.server");
  const { getStorage } = await import("../app/lib/storage/storage.server");

  const episodes = [...benchEpisodes(), benchFamilyCollection()].map((req) => ({ req, ...scriptFigures(req) }));
  const words = episodes.reduce((n, e) => n + e.spoken.split(/\s+/).filter(Boolean).length, 0);
  try {
    // A machine makes its stings once; the timed renders find them, as every episode after the first does.
    await Promise.all([stingFile("standard", "intro"), stingFile("standard", "outro")]);

    const rendered = { flite: [], espeak: [] } as Record<Engine, Rendered[]>;
    // espeak-ng speaks only when flite is missing: a missing FLITE_WASM stands for that (decision 0126).
    for (const engine of ["flite", "espeak"] as const) {
      if (engine === "espeak") process.env.FLITE_WASM = path.join(noVoices, "no-flite.wasm");
      for (const { req, segments } of episodes) {
        const stages: Partial<Record<RenderStage, number>> = {};
        const started = performance.now();
        const result = await renderPodcastAudioInWorker({
          podcastId: `${req.podcastId}-${engine}`,
          title: req.title,
          segments,
          hosts: {
            host1: { voice: defaults.primaryVoice, accent: defaults.primaryAccent, speed: defaults.primarySpeed },
            host2: { voice: defaults.secondaryVoice, accent: defaults.secondaryAccent, speed: defaults.secondarySpeed },
          },
          backgroundMusic: "none",
          introOutro: "standard",
          quality: "standard",
          onStage: (stage, ms) => (stages[stage] = ms),
        });
        const total = performance.now() - started;
        if (result.engine !== engine) throw new Error(`Expected ${engine}, got ${result.engine}`);
        const file = await getStorage().read(result.audioKey);
        const mp3 = path.join(dir, `${req.podcastId}-${engine}.mp3`);
        await pipeline(file!.stream, fs.createWriteStream(mp3));
        rendered[engine].push({
          result,
          total,
          synthesis: (stages.phonemize ?? 0) + (stages.inference ?? 0),
          mixing: stages.mixing ?? 0,
          encode: stages.encode ?? 0,
          mp3,
        });
      }
    }

    const transcribeStarted = performance.now();
    const heard = await transcribe([...rendered.flite, ...rendered.espeak].map((r) => r.mp3));
    const transcribeSeconds = (performance.now() - transcribeStarted) / 1000;
    // BENCH_TRANSCRIPTS=<dir> keeps what each voice was given and what the recognizer heard, to read its errors.
    if (process.env.BENCH_TRANSCRIPTS) {
      fs.mkdirSync(process.env.BENCH_TRANSCRIPTS, { recursive: true });
      (["flite", "espeak"] as const).forEach((engine, k) =>
        episodes.forEach((e, i) => {
          const base = path.join(process.env.BENCH_TRANSCRIPTS!, `${e.req.podcastId}-${engine}`);
          fs.writeFileSync(`${base}.said.txt`, `${e.spoken}\n`);
          fs.writeFileSync(`${base}.heard.txt`, `${heard[k * episodes.length + i]}\n`);
        }),
      );
    }
    const perStory = (engine: Engine) =>
      episodes.map((e, i) =>
        wordErrorRate(
          recognizerSpelling(e.spoken),
          recognizerSpelling(heard[(engine === "flite" ? 0 : episodes.length) + i]!),
        ),
      );
    const storyWer = { flite: perStory("flite"), espeak: perStory("espeak") };
    const overall = (list: ReturnType<typeof perStory>) => {
      const errors = list.reduce((n, w) => n + w.errors, 0);
      const total = list.reduce((n, w) => n + w.words, 0);
      return { rate: errors / total, errors, words: total };
    };
    const wer = { flite: overall(storyWer.flite), espeak: overall(storyWer.espeak) };
    const sum = (list: Rendered[], f: (r: Rendered) => number) => list.reduce((n, r) => n + f(r), 0);
    const totals = (list: Rendered[]): Totals => ({
      result: { duration: sum(list, (r) => r.result.duration) },
      total: sum(list, (r) => r.total),
      synthesis: sum(list, (r) => r.synthesis),
      mixing: sum(list, (r) => r.mixing),
      encode: sum(list, (r) => r.encode),
    });
    const flite = totals(rendered.flite);
    const espeak = totals(rendered.espeak);
    // Where a render's time goes: the rest of the total is starting the worker process and loading its modules.
    const share = (part: number) => `${(part / 1000).toFixed(1)} s (${Math.round((100 * part) / flite.total)} %)`;
    const profile = `synthesis ${share(flite.synthesis)}, laying out and mixing ${share(flite.mixing)}, encoding ${share(flite.encode)}, starting the worker ${share(flite.total - flite.synthesis - flite.mixing - flite.encode)}`;
    const asked = episodes.reduce((n, e) => n + e.asked, 0);
    const repeated = episodes.reduce((n, e) => n + e.repeated, 0);
    const naming = episodes.reduce((n, e) => n + e.naming, 0);
    const split = episodes.reduce((n, e) => n + e.split, 0);
    const digits = episodes.flatMap((e) => e.digits);
    const rtf = (r: Totals) => r.synthesis / 1000 / r.result.duration;
    const tenMinutes = (r: Totals) => (r.total / 1000) * (600 / r.result.duration);
    const about = `${episodes.length} episodes, ${words} words spoken, ${(flite.result.duration / 60).toFixed(1)} min, two hosts (${defaults.primaryVoice} + ${defaults.secondaryVoice}), ${os.availableParallelism()} cores`;
    const met = (ok: boolean) => (ok ? "met" : "NOT met");
    return [
      {
        name: "tts.episode.flite.wer",
        value: wer.flite.rate,
        unit: "WER",
        baseline: wer.espeak.rate,
        ratio: wer.flite.rate / wer.espeak.rate,
        goal: `≤ 0.12 overall (${met(wer.flite.rate <= 0.12)}); baseline espeak-ng, same scripts and run`,
        extra: `${wer.flite.errors} errors in ${wer.flite.words} words, pocketsphinx, against the front-end's text; ${about}`,
      },
      ...episodes.flatMap((e, i) => [
        {
          name: `tts.episode.${e.req.podcastId.replace(/^bench-episode-/, "")}.flite.wer`,
          value: storyWer.flite[i]!.rate,
          unit: "WER",
          baseline: storyWer.espeak[i]!.rate,
          ratio: storyWer.flite[i]!.rate / storyWer.espeak[i]!.rate,
          goal: "informational (per story)",
          extra: `“${e.req.title}”, ${e.req.stories.reduce((n, s) => n + s.content.split(/\s+/).filter(Boolean).length, 0)} words written${e.req.format === "multi_contributor" ? `, a collection of ${new Set(e.req.stories.map((s) => s.contributorName)).size} relatives` : ""}; ${storyWer.flite[i]!.errors} errors in ${storyWer.flite[i]!.words}`,
        },
      ]),
      {
        name: "tts.episode.interviewer.repeated_lines",
        value: repeated,
        unit: "lines",
        goal: `0 (${met(repeated === 0)})`,
        extra: `${asked} interviewer lines in ${episodes.length} episodes`,
      },
      {
        name: "tts.episode.interviewer.naming_share",
        value: (100 * naming) / asked,
        unit: "%",
        goal: `≥ 60 % (${met(naming / asked >= 0.6)})`,
        extra: `${naming} of ${asked} interviewer lines ask about a person, place, time or thing the story names`,
      },
      {
        name: "tts.episode.script.split_sentences",
        value: split,
        unit: "parts",
        goal: `0 (${met(split === 0)})`,
        extra: "story parts that end inside a sentence (after Mr., St., an initial, or without a stop)",
      },
      {
        name: "tts.episode.front_end.digits",
        value: digits.length,
        unit: "tokens",
        goal: `0 (${met(digits.length === 0)})`,
        extra: digits.length ? `left as digits: ${digits.slice(0, 8).join(", ")}` : "no digit reaches an engine",
      },
      {
        name: "tts.episode.espeak.wer",
        value: wer.espeak.rate,
        unit: "WER",
        goal: "informational (the baseline)",
        extra: `${wer.espeak.errors} errors in ${wer.espeak.words} words`,
      },
      {
        name: "tts.episode.flite.synthesis_rtf",
        value: rtf(flite),
        unit: "× real time",
        baseline: rtf(espeak),
        ratio: rtf(flite) / rtf(espeak),
        goal: `≤ 0.05 (${met(rtf(flite) <= 0.05)})`,
        extra: `synthesis ${(flite.synthesis / 1000).toFixed(1)} s for ${flite.result.duration.toFixed(0)} s of audio; baseline espeak-ng`,
      },
      {
        name: "tts.episode.flite.ten_minute_episode",
        value: tenMinutes(flite),
        unit: "s",
        baseline: tenMinutes(espeak),
        ratio: tenMinutes(flite) / tenMinutes(espeak),
        goal: `≤ 30 s (${met(tenMinutes(flite) <= 30)})`,
        extra: `whole render in the worker: ${(flite.total / 1000).toFixed(1)} s for ${flite.result.duration.toFixed(0)} s (${profile}); baseline espeak-ng`,
      },
      {
        name: "tts.episode.flite.audio_duration",
        value: flite.result.duration,
        unit: "s",
        goal: "informational",
        extra: about,
      },
      { name: "tts.episode.espeak.audio_duration", value: espeak.result.duration, unit: "s", goal: "informational" },
      {
        name: "tts.episode.transcription_time",
        value: transcribeSeconds,
        unit: "s",
        goal: "informational",
        extra: `pocketsphinx, ${episodes.length * 2} episodes`,
      },
      {
        name: "tts.episode.bench_time",
        value: (performance.now() - benchStarted) / 1000,
        unit: "s",
        goal: "informational",
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
