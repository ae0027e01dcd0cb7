import { fork } from "node:child_process";
import os from "node:os";
import { z } from "zod";

import { storageKeys } from "~/lib/storage/keys";
import { getStorage } from "~/lib/storage/storage.server";
import { workerScript } from "~/lib/worker-script.server";

import { ACCENTS, INTRO_OUTRO, MUSIC_BEDS, QUALITIES, SPEED_RANGE, VOICE_IDS } from "./audio-options";
import { ffmpeg, resamplePcm } from "./ffmpeg.server";
import { episodeLayout, mixEpisode } from "./mix.server";
import { voicesDir } from "./piper-files.server";
import { reachableSpeechServer, speechServerSpeak, SpeechServerUnavailable } from "./speech-server.server";
import { normalizeForSpeech } from "./speech-text";
import { chaptersFor, EDGES, layOutSpeech, type SpokenBlock } from "./timeline";
import { isFliteInstalled, resolveVoice, voiceTag, type Engine, type ResolvedVoice } from "./voices.server";

export const RENDER_STAGES = ["phonemize", "inference", "mixing", "encode"] as const;
export type RenderStage = (typeof RENDER_STAGES)[number];

const HostSchema = z.object({
  voice: z.enum(VOICE_IDS),
  accent: z.enum(ACCENTS),
  speed: z.number().min(SPEED_RANGE.min).max(SPEED_RANGE.max),
});

export const RenderInputSchema = z
  .object({
    podcastId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, "podcastId must be a plain id"),
    title: z.string().trim().min(1),
    familyName: z.string().trim().nullish(),
    segments: z
      .array(
        z.object({
          speaker: z.enum(["host1", "host2"]),
          text: z.string(),
          chapter: z.string().trim().min(1).optional(),
          clipKey: z
            .string()
            .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*\.mp3$/, "clipKey must be a plain storage key ending in .mp3")
            .optional(),
        }),
      )
      .min(1),
    hosts: z.object({ host1: HostSchema, host2: HostSchema.optional() }),
    backgroundMusic: z.enum(["none", ...MUSIC_BEDS]),
    introOutro: z.enum(INTRO_OUTRO),
    quality: z.enum(QUALITIES),
    intro: z.string().optional(),
    outro: z.string().optional(),
    audioKey: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*\.mp3$/, "audioKey must be a plain storage key ending in .mp3")
      .optional(),
    /** False for samples and pace measurements: they are filed as the server voice's, so no local voice may stand in. */
    localFallback: z.boolean().default(true),
    /** The render fails if the speech server came or went since the caller filed host1 under its voice. */
    expectSpeechServer: z.boolean().optional(),
    coverKey: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*\.jpg$/, "coverKey must be a plain storage key ending in .jpg")
      .optional(),
  })
  .refine((input) => input.hosts.host2 || input.segments.every((s) => s.speaker === "host1"), {
    message: "Segments for host2 need hosts.host2",
    path: ["hosts", "host2"],
  });

export type RenderInput = z.input<typeof RenderInputSchema> & {
  onStage?: (stage: RenderStage, ms: number) => void;
};
export type RenderResult = {
  audioKey: string;
  duration: number;
  fileSize: number;
  engine: Engine;
  voices: { host1: ResolvedVoice; host2?: ResolvedVoice };
};

export const audioKeyFor = (podcastId: string) => storageKeys.episode(podcastId);

type HostName = "host1" | "host2";

async function speak(
  voice: ResolvedVoice,
  texts: string[],
  speed: number,
  timings: { phonemize: number; inference: number },
) {
  if (voice.engine === "speech-server") {
    return speechServerSpeak(voice.speech.voice, texts, speed, timings);
  }
  if (voice.engine === "piper") {
    const { piperSpeak } = await import("./piper.server");
    return piperSpeak({ model: voice.model, speakerId: voice.speakerId }, texts, speed, timings);
  }
  if (voice.engine === "flite") {
    const { fliteSpeak } = await import("./flite.server");
    return fliteSpeak(voice.flite, texts, speed, timings);
  }
  const { espeakSpeak } = await import("./espeak.server");
  return espeakSpeak(voice.espeak, texts, speed, timings);
}

const STANDARD_RATES = [8000, 11025, 16000, 22050, 24000, 32000, 44100, 48000];
export const standardRateAtLeast = (rate: number) => STANDARD_RATES.find((standard) => standard >= rate) ?? rate;

async function resampleSpoken(
  spoken: Map<number, { sentences: Float32Array[]; sampleRate: number }>,
  sampleRate: number,
) {
  const byRate = new Map<number, Float32Array[]>();
  for (const said of spoken.values()) {
    if (said.sampleRate !== sampleRate)
      byRate.set(said.sampleRate, [...(byRate.get(said.sampleRate) ?? []), ...said.sentences]);
  }
  for (const [rate, sentences] of byRate) {
    const joined = new Float32Array(sentences.reduce((n, s) => n + s.length, 0));
    let at = 0;
    for (const s of sentences) {
      joined.set(s, at);
      at += s.length;
    }
    const resampled = await resamplePcm(joined, rate, sampleRate);
    const pieces = new Map<Float32Array, Float32Array>();
    let from = 0;
    let consumed = 0;
    for (const s of sentences) {
      consumed += s.length;
      const to = Math.min(resampled.length, Math.round((consumed * sampleRate) / rate));
      pieces.set(s, resampled.subarray(from, to));
      from = to;
    }
    for (const said of spoken.values()) {
      if (said.sampleRate !== rate) continue;
      said.sentences = said.sentences.map((s) => pieces.get(s)!);
      said.sampleRate = sampleRate;
    }
  }
}

async function decodeStoredClip(key: string, sampleRate: number) {
  const stored = await getStorage().read(key);
  if (!stored) throw new Error(`The recording ${key} is not in storage`);
  const { stdout } = await ffmpeg(
    ["-loglevel", "error", "-i", "pipe:0", "-ac", "1", "-ar", String(sampleRate), "-f", "f32le", "pipe:1"],
    { stdin: stored.stream, stdout: true },
  );
  // A copy: the Buffer's bytes may not sit at a 4-byte offset.
  return new Float32Array(stdout.buffer.slice(stdout.byteOffset, stdout.byteOffset + stdout.byteLength));
}

// A speech server that fails costs the voice's quality, never the episode.
async function speakHost(
  voice: ResolvedVoice,
  texts: string[],
  speed: number,
  timings: { phonemize: number; inference: number },
  localFallback: boolean,
) {
  try {
    return { voice, said: await speak(voice, texts, speed, timings) };
  } catch (error) {
    if (voice.engine !== "speech-server" || !(error instanceof SpeechServerUnavailable) || !localFallback) throw error;
    const local = resolveVoice(voice.voiceId, voice.accent, voicesDir(), isFliteInstalled(), null);
    console.error(`${error.message}; ${voice.voiceId} (${voice.accent}) speaks with ${local.engine} instead`);
    return { voice: local, said: await speak(local, texts, speed, timings) };
  }
}

const ENGINE_RANK: Engine[] = ["espeak", "flite", "piper", "speech-server"];

async function resolveHosts(hosts: z.output<typeof RenderInputSchema>["hosts"]): Promise<RenderResult["voices"]> {
  const server = await reachableSpeechServer();
  const resolve = (flite: boolean) => ({
    host1: resolveVoice(hosts.host1.voice, hosts.host1.accent, voicesDir(), flite, server),
    ...(hosts.host2 ? { host2: resolveVoice(hosts.host2.voice, hosts.host2.accent, voicesDir(), flite, server) } : {}),
  });
  const voices = resolve(isFliteInstalled());
  if (![voices.host1, voices.host2].some((v) => v?.engine === "flite")) return voices;
  const { fliteModule } = await import("./flite.server");
  try {
    await fliteModule();
    return voices;
  } catch (error) {
    console.error(
      `flite failed to load, speaking with espeak-ng: ${error instanceof Error ? error.message : String(error)}`,
    );
    return resolve(false);
  }
}

export async function renderPodcastAudio(rawInput: RenderInput): Promise<RenderResult> {
  const { onStage, ...rest } = rawInput;
  const input = RenderInputSchema.parse(rest);

  const wantsLines = input.introOutro !== "none";
  const script: Array<{ speaker: HostName; text: string; chapter?: string; clipKey?: string }> = [
    ...(wantsLines && input.intro?.trim() ? [{ speaker: "host1" as const, text: input.intro }] : []),
    ...input.segments,
    ...(wantsLines && input.outro?.trim() ? [{ speaker: "host1" as const, text: input.outro }] : []),
  ]
    .map((s) => ({ ...s, text: normalizeForSpeech(s.text) }))
    .filter((s) => s.text.length > 0 || s.clipKey);
  if (script.length === 0) throw new Error("The script has nothing to read");

  const voices = await resolveHosts(input.hosts);
  if (
    input.expectSpeechServer !== undefined &&
    input.expectSpeechServer !== (voices.host1.engine === "speech-server")
  ) {
    throw new SpeechServerUnavailable(
      `The speech server ${input.expectSpeechServer ? "stopped" : "started"} answering while ${voiceTag(voices.host1)} was asked for`,
    );
  }

  const timings = { phonemize: 0, inference: 0 };
  const spoken = new Map<number, { sentences: Float32Array[]; sampleRate: number }>();
  const speakers: ResolvedVoice[] = [];
  for (const host of ["host1", "host2"] as const) {
    const chosen = voices[host];
    const settings = input.hosts[host];
    const lines = script.map((s, i) => ({ ...s, i })).filter((s) => s.speaker === host && !s.clipKey);
    if (!chosen || !settings || lines.length === 0) continue;
    const { voice, said } = await speakHost(
      chosen,
      lines.map((l) => l.text),
      settings.speed,
      timings,
      input.localFallback,
    );
    voices[host] = voice;
    speakers.push(voice);
    const { sampleRate, segments } = said;
    lines.forEach((line, k) => spoken.set(line.i, { sentences: segments[k] ?? [], sampleRate }));
  }
  onStage?.("phonemize", timings.phonemize);
  onStage?.("inference", timings.inference);

  const mixing = { mixing: 0, encode: 0 };
  const started = performance.now();
  const sampleRate = standardRateAtLeast(Math.max(...[...spoken.values()].map((s) => s.sampleRate)));
  await resampleSpoken(spoken, sampleRate);
  for (const [i, line] of script.entries()) {
    if (line.clipKey) spoken.set(i, { sentences: [await decodeStoredClip(line.clipKey, sampleRate)], sampleRate });
  }
  const blocks: SpokenBlock[] = [];
  for (const [i, line] of script.entries()) {
    const said = spoken.get(i);
    if (!said || said.sentences.length === 0) continue;
    blocks.push({ speaker: line.speaker, sentences: said.sentences, chapter: line.chapter });
  }
  if (blocks.length === 0) throw new Error("The voice produced no audio for this script");
  const speech = layOutSpeech(blocks, sampleRate, input.backgroundMusic === "none" ? EDGES.plain : EDGES.withMusic);
  mixing.mixing += performance.now() - started;

  const layout = episodeLayout(speech.duration, input.introOutro);
  const familyName = input.familyName?.trim() || null;
  const audioKey = input.audioKey ?? audioKeyFor(input.podcastId);
  const { duration, fileSize } = await mixEpisode(
    {
      speech,
      backgroundMusic: input.backgroundMusic,
      introOutro: input.introOutro,
      quality: input.quality,
      key: audioKey,
      coverKey: input.coverKey,
      tags: {
        title: input.title,
        artist: familyName ?? "Storyhearth",
        album: familyName ? `${familyName} Family Stories` : "Family Stories",
        chapters: chaptersFor(speech.blocks, layout.speechStart, layout.total),
      },
    },
    mixing,
  );
  onStage?.("mixing", mixing.mixing);
  onStage?.("encode", mixing.encode);

  const engine = ENGINE_RANK.find((e) => speakers.some((v) => v.engine === e)) ?? "piper";
  return { audioKey, duration, fileSize, engine, voices };
}

export type WorkerMessage =
  | { type: "stage"; stage: RenderStage; ms: number }
  | { type: "done"; result: RenderResult }
  | { type: "error"; message: string };

/** A crash or runaway job cannot take the server down, and each job's memory is returned when it ends. */
export async function renderPodcastAudioInWorker(
  rawInput: RenderInput,
  { timeoutMs = 30 * 60_000, signal }: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<RenderResult> {
  const { onStage, ...input } = rawInput;
  // Bad input fails here, with the real message, not as a worker crash.
  RenderInputSchema.parse(input);
  return new Promise<RenderResult>((resolve, reject) => {
    const worker = workerScript(import.meta.url, "render-worker.ts", "render-worker");
    const child = fork(worker.file, [], {
      execArgv: worker.compiled ? [] : ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      serialization: "advanced",
    });
    try {
      if (child.pid) os.setPriority(child.pid, 10);
    } catch {
      // Not allowed on some systems; the job still runs, only at normal priority.
    }
    let settled = false;
    const finish = (error: Error | null, result?: RenderResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      const settle = () => (error ? reject(error) : resolve(result!));
      // Settled once the process is gone, so a queue of renders never has more alive than it counts.
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
        child.once("exit", settle);
        child.kill("SIGKILL");
      } else settle();
    };
    const timer = setTimeout(
      () => finish(new Error(`Audio rendering took longer than ${Math.round(timeoutMs / 1000)} s`)),
      timeoutMs,
    );
    const onAbort = () => finish(new Error("Audio rendering was cancelled"));
    signal?.addEventListener("abort", onAbort);

    child.on("message", (message: WorkerMessage) => {
      if (message.type === "stage") onStage?.(message.stage, message.ms);
      else if (message.type === "done") finish(null, message.result);
      else finish(new Error(message.message));
    });
    child.on("error", (error) => finish(error));
    // 'close' comes after the last IPC message, so a finished job is never mistaken for a crash.
    child.on("close", (code, sig) =>
      finish(new Error(`The audio worker stopped unexpectedly (${sig ?? `exit ${code}`})`)),
    );
    child.send({ input });
  });
}
