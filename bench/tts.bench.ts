// Benchmark: a 1,500-word story through renderPodcastAudio, stage by stage (phonemize, inference, mixing,
// encode), once with the test Piper voice (tiny model with Piper's interface: its inference time says
// nothing about real voices, everything around it is real), with the built-in flite voices and with espeak-ng.
// Goal: the non-TTS stages (mixing + encode) ≤ 5 s.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import type { RenderInput, RenderStage } from "../app/audio/render.server";
import type { BenchFigure } from "./figures";

const PARAGRAPHS = [
  "Grandma Rose grew up in a narrow house at the end of Mill Street, where the trains ran past the kitchen window twice a day. She used to say that you could set the clocks by the seven fifteen, and her father did exactly that every morning before he left for the foundry.",
  "In the summer of nineteen fifty two the whole family drove to the lake in a borrowed car. The radiator boiled over twice on the way, and each time Uncle Walter climbed out, lit his pipe and declared that the car simply needed a moment to admire the view.",
  "The cabin had no electricity, so the evenings belonged to the oil lamp and to the stories. Great Aunt Mabel told the one about the winter the river froze so hard that the butcher drove his delivery van straight across it, and nobody ever knew how much of it was true.",
  "When Rose met Harold at the church dance, he stepped on her feet four times and apologised five. She always said the fifth apology was the one that won her over, because by then he was laughing at himself, and a man who could laugh at himself was a man worth keeping.",
  "They married in the spring and planted a garden that outgrew the yard within three years. There were tomatoes along the fence, beans climbing the old ladder, and roses everywhere else, because Harold said that a garden named after his wife ought to look like her.",
  "The children learned to swim in the same lake, to bake bread in the same kitchen, and to argue about the same card games at the same long table. Every holiday ended with someone accusing someone else of hiding an ace, and every accusation was, in the end, entirely correct.",
];

/** A story of about `words` words, in paragraphs, deterministic. */
export function benchStory(words = 1500): string[] {
  const out: string[] = [];
  let count = 0;
  for (let i = 0; count < words; i++) {
    const paragraph = PARAGRAPHS[i % PARAGRAPHS.length]!;
    out.push(paragraph);
    count += paragraph.split(/\s+/).length;
  }
  return out;
}

/** A two-host episode of the bench story with music and stings: what bench/run.ts can also start under load. */
export function ttsBenchInput(podcastId: string, words = 1500): RenderInput {
  return {
    podcastId,
    title: "The House on Mill Street",
    familyName: "Bench",
    segments: benchStory(words).map((text, i) => ({
      speaker: i % 2 === 0 ? ("host1" as const) : ("host2" as const),
      text,
      chapter: `Part ${Math.floor(i / 4) + 1}`,
    })),
    hosts: {
      host1: { voice: "female-warm", accent: "american", speed: 1 },
      host2: { voice: "male-warm", accent: "australian", speed: 1 },
    },
    backgroundMusic: "gentle-piano",
    introOutro: "standard",
    intro: "Welcome to the Bench family stories.",
    outro: "Thank you for listening.",
    quality: "standard",
  };
}

export async function runTtsBench(): Promise<BenchFigure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storyhearth-bench-tts-"));
  const piperDir = path.join(dir, "voices");
  const noVoices = path.join(dir, "no-voices");
  fs.mkdirSync(noVoices);
  Object.assign(process.env, { APP_ENV: "test", DATA_DIR: path.join(dir, "files") });
  const { makeFakePiperVoices } = await import("../tests/fixtures/make-fake-piper");
  makeFakePiperVoices(piperDir);
  const { renderPodcastAudio } = await import("../app/audio/render.server");
  const { musicBedFile, stingFile } = await import("../app/audio/music.server");
  const { getStorage } = await import("../app/lib/storage/storage.server");

  const figures: BenchFigure[] = [];
  const words = benchStory().join(" ").split(/\s+/).length;
  try {
    // First use on a machine synthesises the bed and stings; later renders find them cached.
    let started = performance.now();
    await Promise.all([musicBedFile("gentle-piano"), stingFile("standard", "intro"), stingFile("standard", "outro")]);
    figures.push({
      name: "tts.music.first_render",
      value: performance.now() - started,
      unit: "ms",
      goal: "informational (once per machine and bed)",
    });

    // espeak-ng speaks only when flite is missing: a missing FLITE_WASM stands for that (decision 0126).
    for (const [engine, voicesDir, fliteWasm] of [
      ["piper", piperDir, undefined],
      ["flite", noVoices, undefined],
      ["espeak", noVoices, path.join(noVoices, "no-flite.wasm")],
    ] as const) {
      process.env.VOICES_DIR = voicesDir;
      if (fliteWasm) process.env.FLITE_WASM = fliteWasm;
      else delete process.env.FLITE_WASM;
      const stages: Partial<Record<RenderStage, number>> = {};
      started = performance.now();
      const result = await renderPodcastAudio({
        ...ttsBenchInput(`bench-tts-${engine}`),
        onStage: (stage, ms) => (stages[stage] = ms),
      });
      const total = performance.now() - started;
      if (result.engine !== engine) throw new Error(`Expected ${engine}, got ${result.engine}`);
      const label = { piper: "test Piper voice (tiny model)", flite: "flite (built in)", espeak: "espeak-ng" }[engine];
      for (const stage of ["phonemize", "inference", "mixing", "encode"] as const) {
        figures.push({
          name: `tts.${engine}.${stage}`,
          value: stages[stage] ?? NaN,
          unit: "ms",
          goal: stage === "mixing" || stage === "encode" ? "part of non-TTS ≤ 5000 ms" : "informational",
          extra: `${words} words, ${label}`,
        });
      }
      const nonTts = (stages.mixing ?? 0) + (stages.encode ?? 0);
      figures.push({
        name: `tts.${engine}.non_tts_total`,
        value: nonTts,
        unit: "ms",
        goal: `≤ 5000 ms (${nonTts <= 5000 ? "met" : "NOT met"})`,
      });
      figures.push({ name: `tts.${engine}.total`, value: total, unit: "ms", goal: "informational" });
      figures.push({
        name: `tts.${engine}.audio_duration`,
        value: result.duration,
        unit: "s",
        goal: "informational",
        extra: `${(result.fileSize / 1048576).toFixed(1)} MB MP3`,
      });
      await getStorage().remove(result.audioKey);
    }
  } finally {
    delete process.env.VOICES_DIR;
    delete process.env.FLITE_WASM;
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}
