// Benchmark (issue 18): a 1,500-word two-host episode as a family gets it by default. A fixed
// first-person story (bench/fixtures/family-story.txt), the built-in conversation writer's script,
// the default voices (Grace and Henry: flite's slt and rms), rendered by the production path (the
// render worker). Then Debian's pocketsphinx transcribes the MP3 and the word error rate against the
// script says how well a listener can follow; espeak-ng on the same script in the same run is the
// baseline. Goals: word error rate ≤ 0.10; a 10-minute episode rendered in ≤ 30 s (real-time factor
// of synthesis ≤ 0.05) on 2 cores.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { RenderResult, RenderStage } from "../app/audio/render.server";
import { wordErrorRate } from "../app/audio/word-error-rate";
import { writeBuiltinScript } from "../app/features/podcasts/builtin-script-writer";
import { voiceConfigDefaults as defaults } from "../app/features/podcasts/schemas";
import type { BenchFigure } from "./figures";
import { ensurePocketsphinx, transcribe } from "./lib/pocketsphinx";

const TITLE = "The Tin of Buttons";
const STORY = path.join(path.dirname(new URL(import.meta.url).pathname), "fixtures/family-story.txt");

/** The episode's script, as the built-in writer makes it for a two-host podcast of the fixture story. */
export function episodeScript() {
  const content = fs.readFileSync(STORY, "utf8");
  return writeBuiltinScript({ podcastId: "bench-episode", title: TITLE, hostCount: 2, format: "dual_host", stories: [{ title: TITLE, content }] });
}

type Engine = "flite" | "espeak";
type Rendered = { result: RenderResult; total: number; synthesis: number; mp3: string };

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

  const segments = episodeScript();
  const script = segments.map((s) => s.text).join("\n");
  const words = script.split(/\s+/).filter(Boolean).length;
  try {
    // A machine makes its stings once; the timed renders find them, as every episode after the first does.
    await Promise.all([stingFile("standard", "intro"), stingFile("standard", "outro")]);

    const rendered = {} as Record<Engine, Rendered>;
    // espeak-ng speaks only when flite is missing: a missing FLITE_WASM stands for that (decision 0126).
    for (const engine of ["flite", "espeak"] as const) {
      if (engine === "espeak") process.env.FLITE_WASM = path.join(noVoices, "no-flite.wasm");
      const stages: Partial<Record<RenderStage, number>> = {};
      const started = performance.now();
      const result = await renderPodcastAudioInWorker({
        podcastId: `bench-episode-${engine}`,
        title: TITLE,
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
      const mp3 = path.join(dir, `${engine}.mp3`);
      await pipeline(file!.stream, fs.createWriteStream(mp3));
      rendered[engine] = { result, total, synthesis: (stages.phonemize ?? 0) + (stages.inference ?? 0), mp3 };
    }

    const transcribeStarted = performance.now();
    const [fliteHeard, espeakHeard] = await transcribe([rendered.flite.mp3, rendered.espeak.mp3]);
    const transcribeSeconds = (performance.now() - transcribeStarted) / 1000;
    const wer = { flite: wordErrorRate(script, fliteHeard!), espeak: wordErrorRate(script, espeakHeard!) };

    const { flite, espeak } = rendered;
    const rtf = (r: Rendered) => r.synthesis / 1000 / r.result.duration;
    const tenMinutes = (r: Rendered) => (r.total / 1000) * (600 / r.result.duration);
    const about = `${words} words, ${(flite.result.duration / 60).toFixed(1)} min, two hosts (${defaults.primaryVoice} + ${defaults.secondaryVoice}), ${os.availableParallelism()} cores`;
    const met = (ok: boolean) => (ok ? "met" : "NOT met");
    return [
      {
        name: "tts.episode.flite.wer",
        value: wer.flite.rate,
        unit: "WER",
        baseline: wer.espeak.rate,
        ratio: wer.flite.rate / wer.espeak.rate,
        goal: `≤ 0.10 (${met(wer.flite.rate <= 0.1)}); baseline espeak-ng, same script and run`,
        extra: `${wer.flite.errors} errors in ${wer.flite.words} words, pocketsphinx; ${about}`,
      },
      { name: "tts.episode.espeak.wer", value: wer.espeak.rate, unit: "WER", goal: "informational (the baseline)", extra: `${wer.espeak.errors} errors in ${wer.espeak.words} words` },
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
        extra: `whole render in the worker (synthesis, mixing, encoding): ${(flite.total / 1000).toFixed(1)} s for ${flite.result.duration.toFixed(0)} s; baseline espeak-ng`,
      },
      { name: "tts.episode.flite.audio_duration", value: flite.result.duration, unit: "s", goal: "informational", extra: about },
      { name: "tts.episode.espeak.audio_duration", value: espeak.result.duration, unit: "s", goal: "informational" },
      { name: "tts.episode.transcription_time", value: transcribeSeconds, unit: "s", goal: "informational", extra: "pocketsphinx, both episodes" },
      { name: "tts.episode.bench_time", value: (performance.now() - benchStarted) / 1000, unit: "s", goal: "informational" },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
