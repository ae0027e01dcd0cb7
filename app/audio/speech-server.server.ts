// Any server that speaks OpenAI's POST /v1/audio/speech, configured by SPEECH_* variables (decision 0155).
import { createHash } from "node:crypto";
import OpenAI, { APIConnectionError, APIError } from "openai";

import { parseSpeechVoices, speechServerEnv } from "~/lib/env.server";

import { ACCENTS, VOICE_IDS, type Accent, type VoiceId } from "./audio-options";
import { ffmpeg } from "./ffmpeg.server";
import { splitSentences } from "./speech-text";
import type { SynthesisTimings } from "./synthesis-timings";
import { trimSilence } from "./wav";

export const SPEECH_SERVER_RATE = 24000;
/** OpenAI refuses input over 4,096 characters; a longer run without a full stop is cut at a space. */
const MAX_INPUT_CHARS = 4000;
const CONCURRENCY = 4;
export const DEFAULT_SPEECH_VOICES =
  "female-warm=nova,female-professional=shimmer,male-warm=onyx,male-professional=echo";

export type SpeechServer = {
  baseURL: string;
  apiKey: string | null;
  model: string;
  voices: Partial<Record<VoiceId, Partial<Record<Accent, string>>>>;
  /** Names this server and model in cache keys and the pace store (another server is another voice). */
  id: string;
};

const isVoiceId = (value: string): value is VoiceId => (VOICE_IDS as readonly string[]).includes(value);
const isAccent = (value: string): value is Accent => (ACCENTS as readonly string[]).includes(value);

function readSpeechServer(source: Record<string, string | undefined>): SpeechServer | null {
  const parsed = speechServerEnv.safeParse(source);
  if (!parsed.success) {
    console.error(
      `The speech server is not used: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
    return null;
  }
  const { SPEECH_API_URL, SPEECH_API_KEY, SPEECH_MODEL, SPEECH_VOICES } = parsed.data;
  if (!SPEECH_API_URL) return null;
  const voices: SpeechServer["voices"] = {};
  for (const [voice, accent, serverVoice] of parseSpeechVoices(SPEECH_VOICES || DEFAULT_SPEECH_VOICES).entries) {
    if (!isVoiceId(voice) || !isAccent(accent)) {
      console.error(
        `SPEECH_VOICES: ${voice}:${accent} is not one of our voices and accents (${VOICE_IDS.join(", ")}; ${ACCENTS.join(", ")}); left out`,
      );
      continue;
    }
    (voices[voice] ??= {})[accent] = serverVoice;
  }
  const baseURL = SPEECH_API_URL.replace(/\/+$/, "");
  const id = createHash("sha256").update(`${baseURL}\n${SPEECH_MODEL}`).digest("hex").slice(0, 8);
  return { baseURL, apiKey: SPEECH_API_KEY ?? null, model: SPEECH_MODEL, voices, id };
}

let cached: { key: string; server: SpeechServer | null } | undefined;

export function configuredSpeechServer(source: Record<string, string | undefined> = process.env): SpeechServer | null {
  const key = [source.SPEECH_API_URL, source.SPEECH_API_KEY, source.SPEECH_MODEL, source.SPEECH_VOICES].join("\n");
  if (cached?.key !== key) cached = { key, server: readSpeechServer(source) };
  return cached.server;
}

const RECHECK_MS = 60_000;
const PROBE_TIMEOUT_MS = 3000;
const health = new Map<string, { up: boolean; at: number; probing?: Promise<boolean> }>();

// Any HTTP answer (even a 404: not every server lists /models) means the server is there.
function probe(server: SpeechServer): Promise<boolean> {
  const known = health.get(server.id);
  if (known?.probing) return known.probing;
  const probing = fetch(`${server.baseURL}/models`, {
    headers: server.apiKey ? { Authorization: `Bearer ${server.apiKey}` } : {},
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  })
    .then(async (response) => {
      await response.body?.cancel();
      return true;
    })
    .catch(() => false)
    .then((up) => {
      health.set(server.id, { up, at: Date.now() });
      return up;
    });
  health.set(server.id, { up: known?.up ?? true, at: known?.at ?? 0, probing });
  return probing;
}

export function markSpeechServerDown(server: SpeechServer) {
  health.set(server.id, { up: false, at: Date.now() });
}

// Never waits: until a probe answers, the configured server is assumed to be there.
export function speechServer(source: Record<string, string | undefined> = process.env): SpeechServer | null {
  const server = configuredSpeechServer(source);
  if (!server) return null;
  const known = health.get(server.id);
  if (!known || (!known.probing && Date.now() - known.at > RECHECK_MS)) void probe(server);
  return known && !known.up ? null : server;
}

export async function reachableSpeechServer(
  source: Record<string, string | undefined> = process.env,
): Promise<SpeechServer | null> {
  const server = configuredSpeechServer(source);
  if (!server) return null;
  const known = health.get(server.id);
  const up = known && !known.probing && Date.now() - known.at <= RECHECK_MS ? known.up : await probe(server);
  return up ? server : null;
}

export class SpeechServerUnavailable extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "SpeechServerUnavailable";
  }
}

export function inputPieces(sentence: string, max = MAX_INPUT_CHARS): string[] {
  const pieces: string[] = [];
  let rest = sentence.trim();
  while (rest.length > max) {
    const space = rest.lastIndexOf(" ", max);
    const cut = space > 0 ? space : max;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

async function inPool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length && !failed) {
      const i = next++;
      try {
        results[i] = await work(items[i]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  });
  await Promise.all(runners);
  return results;
}

async function decode(audio: Buffer): Promise<Float32Array> {
  const { stdout } = await ffmpeg(
    ["-loglevel", "error", "-i", "pipe:0", "-ac", "1", "-ar", String(SPEECH_SERVER_RATE), "-f", "f32le", "pipe:1"],
    { stdin: audio, stdout: true },
  );
  return new Float32Array(stdout.buffer.slice(stdout.byteOffset, stdout.byteOffset + stdout.byteLength));
}

export function speechClient(server: SpeechServer, timeoutMs = 120_000) {
  // Local servers take no key, but the client insists on one.
  return new OpenAI({ apiKey: server.apiKey ?? "none", baseURL: server.baseURL, timeout: timeoutMs, maxRetries: 2 });
}

export async function speechServerSpeak(
  voice: string,
  texts: string[],
  speed: number,
  timings: SynthesisTimings = { phonemize: 0, inference: 0 },
  server = configuredSpeechServer(),
): Promise<{ sampleRate: number; segments: Float32Array[][] }> {
  if (!server) throw new SpeechServerUnavailable("No speech server is configured (SPEECH_API_URL)");
  let started = performance.now();
  const sentences = texts.map((text) => splitSentences(text).flatMap((sentence) => inputPieces(sentence)));
  timings.phonemize += performance.now() - started;

  started = performance.now();
  const client = speechClient(server);
  const say = async (input: string) => {
    try {
      const response = await client.audio.speech.create({
        model: server.model,
        voice,
        input,
        response_format: "wav",
        speed: Math.min(4, Math.max(0.25, speed)),
      });
      return trimSilence(await decode(Buffer.from(await response.arrayBuffer())), SPEECH_SERVER_RATE);
    } catch (error) {
      if (error instanceof APIConnectionError || (error instanceof APIError && (error.status ?? 500) >= 500)) {
        if (error instanceof APIConnectionError) markSpeechServerDown(server);
        throw new SpeechServerUnavailable(`The speech server at ${server.baseURL} is unavailable: ${error.message}`, {
          cause: error,
        });
      }
      if (error instanceof APIError)
        throw new Error(`The speech server refused voice "${voice}" (${error.status}): ${error.message}`, {
          cause: error,
        });
      throw error;
    }
  };
  const flat = sentences.flatMap((list, line) => list.map((sentence) => ({ line, sentence })));
  const spoken = await inPool(flat, CONCURRENCY, ({ sentence }) => say(sentence));
  const segments: Float32Array[][] = texts.map(() => []);
  flat.forEach(({ line }, i) => {
    if (spoken[i]!.length > 0) segments[line]!.push(spoken[i]!);
  });
  timings.inference += performance.now() - started;
  return { sampleRate: SPEECH_SERVER_RATE, segments };
}
