import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";

import { getStorage } from "~/lib/storage/storage.server";

import type { BackgroundMusic, IntroOutro, ProcessingQuality } from "./audio-options";
import { ffmpeg, parseIntegratedLoudness, pcmBytes, probe } from "./ffmpeg.server";
import { MUSIC_RATE, musicBedFile, stingFile, stingSeconds } from "./music.server";
import type { Chapter } from "./timeline";

export const MIX_RATE = MUSIC_RATE;
export const OUTPUT_RATE = 44100;
export const TARGET_LUFS = -16;
const MP3_LOUDNESS_LOSS = 0.4;
/** About -1 dBFS: headroom for MP3 decoding. */
const PEAK_LIMIT = 0.89;
export const ENCODING: Record<ProcessingQuality, { bitrate: string; lameQuality: number }> = {
  standard: { bitrate: "128k", lameQuality: 7 },
  premium: { bitrate: "192k", lameQuality: 2 },
};

const BED_GAIN_DB = -14;
const BED_FADE_IN = 1.5;
const BED_FADE_OUT = 2.5;
const DUCKING = "threshold=0.03:ratio=4:attack=20:release=600:makeup=1:knee=4";

export type SpeechTrack = { samples: Float32Array; sampleRate: number };

export type MixOptions = {
  speech: SpeechTrack;
  backgroundMusic: BackgroundMusic;
  introOutro: IntroOutro;
};

export function episodeLayout(speechSeconds: number, introOutro: IntroOutro) {
  const intro = stingSeconds(introOutro, "intro");
  const outro = stingSeconds(introOutro, "outro");
  return { speechStart: intro, speechEnd: intro + speechSeconds, total: intro + speechSeconds + outro };
}

const f = (x: number) => x.toFixed(6).replace(/\.?0+$/, "");

export async function mixToWav(options: MixOptions, outFile: string): Promise<{ loudness: number; duration: number }> {
  const { speech, backgroundMusic, introOutro } = options;
  const layout = episodeLayout(speech.samples.length / speech.sampleRate, introOutro);
  const totalSamples = Math.round(layout.total * MIX_RATE);
  const delayMs = Math.round(layout.speechStart * 1000);

  const inputs: string[] = ["-f", "f32le", "-ar", String(speech.sampleRate), "-ac", "1", "-i", "pipe:0"];
  const graph: string[] = [];
  const mixIn: string[] = [];
  let next = 1;

  // Evening the peaks here means the loudness gain later needs little limiting.
  const voiceChain = `aresample=${MIX_RATE},acompressor=threshold=0.125:ratio=2.5:attack=5:release=100:makeup=1.6:knee=6,aformat=sample_fmts=fltp,adelay=${delayMs}:all=1`;
  if (backgroundMusic !== "none") {
    const bed = await musicBedFile(backgroundMusic);
    const bedIndex = next++;
    inputs.push("-stream_loop", "-1", "-i", bed);
    const speechSeconds = layout.speechEnd - layout.speechStart;
    graph.push(`[0:a]${voiceChain},asplit=2[voice][key]`);
    graph.push(
      `[${bedIndex}:a]atrim=duration=${f(speechSeconds)},asetpts=PTS-STARTPTS,aformat=sample_fmts=fltp,volume=${BED_GAIN_DB}dB,` +
        `afade=t=in:d=${BED_FADE_IN},afade=t=out:st=${f(Math.max(0, speechSeconds - BED_FADE_OUT))}:d=${BED_FADE_OUT},adelay=${delayMs}:all=1[bedraw]`,
    );
    graph.push(`[bedraw][key]sidechaincompress=${DUCKING}[bed]`);
    mixIn.push("[voice]", "[bed]");
  } else {
    graph.push(`[0:a]${voiceChain}[voice]`);
    mixIn.push("[voice]");
  }
  for (const [part, at] of [
    ["intro", 0],
    ["outro", layout.speechEnd],
  ] as const) {
    const file = await stingFile(introOutro, part);
    if (!file) continue;
    const index = next++;
    inputs.push("-i", file);
    graph.push(`[${index}:a]aformat=sample_fmts=fltp,adelay=${Math.round(at * 1000)}:all=1[${part}]`);
    mixIn.push(`[${part}]`);
  }
  // amix without normalisation: every part keeps its level; float output cannot clip.
  const mixed =
    mixIn.length > 1
      ? `${mixIn.join("")}amix=inputs=${mixIn.length}:duration=longest:normalize=0,`
      : `${mixIn[0]}anull,`;
  graph.push(`${mixed}apad=whole_len=${totalSamples},atrim=end_sample=${totalSamples},ebur128=framelog=verbose[out]`);

  const { stderr } = await ffmpeg(
    [
      "-nostats",
      "-loglevel",
      "info",
      ...inputs,
      "-filter_complex",
      graph.join(";"),
      "-map",
      "[out]",
      "-c:a",
      "pcm_f32le",
      outFile,
    ],
    { stdin: pcmBytes(speech.samples) },
  );
  return { loudness: parseIntegratedLoudness(stderr), duration: totalSamples / MIX_RATE };
}

export type EpisodeTags = { title: string; artist: string; album: string; chapters: Chapter[]; coverFile?: string };

const escapeMeta = (value: string) => value.replace(/[\\=;#\n]/g, (c) => (c === "\n" ? " " : `\\${c}`));

export function ffmetadata(tags: EpisodeTags): string {
  const lines = [
    ";FFMETADATA1",
    `title=${escapeMeta(tags.title)}`,
    `artist=${escapeMeta(tags.artist)}`,
    `album=${escapeMeta(tags.album)}`,
    "genre=Podcast",
  ];
  for (const chapter of tags.chapters) {
    lines.push(
      "[CHAPTER]",
      "TIMEBASE=1/1000",
      `START=${Math.round(chapter.start * 1000)}`,
      `END=${Math.round(chapter.end * 1000)}`,
      `title=${escapeMeta(chapter.title)}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

const coverStreamArgs = (index: number) => [
  "-map",
  `${index}:v`,
  "-c:v",
  "copy",
  "-disposition:v",
  "attached_pic",
  "-metadata:s:v",
  "title=Album cover",
  "-metadata:s:v",
  "comment=Cover (front)",
];
const ID3_ARGS = ["-id3v2_version", "3", "-write_id3v1", "1"];

// loudnorm's linear two-pass mode by hand: its 192 kHz true-peak resampling cost more than the rest of the mix.
export async function encodeMp3(
  wavFile: string,
  loudness: number,
  quality: ProcessingQuality,
  tags: EpisodeTags,
  outFile: string,
) {
  const gainDb = Number.isFinite(loudness)
    ? Math.max(-30, Math.min(30, TARGET_LUFS + MP3_LOUDNESS_LOSS - loudness))
    : 0;
  const metaFile = `${outFile}.ffmeta`;
  await fs.writeFile(metaFile, ffmetadata(tags));
  try {
    const cover = tags.coverFile ? coverStreamArgs(2) : [];
    await ffmpeg([
      "-loglevel",
      "error",
      "-i",
      wavFile,
      "-i",
      metaFile,
      ...(tags.coverFile ? ["-i", tags.coverFile] : []),
      "-map",
      "0:a",
      "-map_metadata",
      "1",
      "-map_chapters",
      "1",
      ...cover,
      "-af",
      `volume=${f(gainDb)}dB,alimiter=limit=${PEAK_LIMIT}:attack=5:release=80:level=false:latency=true`,
      "-c:a",
      "libmp3lame",
      "-b:a",
      ENCODING[quality].bitrate,
      "-compression_level",
      String(ENCODING[quality].lameQuality),
      "-ac",
      "1",
      "-ar",
      String(OUTPUT_RATE),
      ...ID3_ARGS,
      outFile,
    ]);
  } finally {
    await fs.rm(metaFile, { force: true });
  }
}

export type MixTimings = { mixing: number; encode: number };

async function copyFromStorage(key: string, file: string) {
  const stored = await getStorage().read(key);
  if (!stored) return undefined;
  await pipeline(stored.stream, createWriteStream(file));
  return file;
}

export async function mixEpisode(
  options: MixOptions & { quality: ProcessingQuality; tags: EpisodeTags; key: string; coverKey?: string },
  timings: MixTimings = { mixing: 0, encode: 0 },
): Promise<{ duration: number; fileSize: number }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "storyhearth-mix-"));
  try {
    let started = performance.now();
    const wav = path.join(dir, "mix.wav");
    const { loudness } = await mixToWav(options, wav);
    timings.mixing += performance.now() - started;

    started = performance.now();
    const mp3 = path.join(dir, "episode.mp3");
    const coverFile = options.coverKey
      ? await copyFromStorage(options.coverKey, path.join(dir, "cover.jpg"))
      : undefined;
    await encodeMp3(wav, loudness, options.quality, { ...options.tags, coverFile }, mp3);
    const duration = Number((await probe(mp3)).format.duration);
    const { size } = await getStorage().put(options.key, createReadStream(mp3));
    timings.encode += performance.now() - started;
    return { duration, fileSize: size };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export async function retagEpisodeFile(
  key: string,
  { coverKey, title }: { coverKey: string; title: string },
): Promise<number | null> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "storyhearth-retag-"));
  try {
    const mp3 = await copyFromStorage(key, path.join(dir, "episode.mp3"));
    const cover = await copyFromStorage(coverKey, path.join(dir, "cover.jpg"));
    if (!mp3 || !cover) return null;
    const out = path.join(dir, "retagged.mp3");
    const args = [
      "-i",
      mp3,
      "-i",
      cover,
      "-map",
      "0:a",
      "-map_metadata",
      "0",
      "-map_chapters",
      "0",
      "-metadata",
      `title=${title}`,
      ...coverStreamArgs(1),
      "-c:a",
      "copy",
    ];
    await ffmpeg(["-loglevel", "error", ...args, ...ID3_ARGS, out]);
    return (await getStorage().put(key, createReadStream(out))).size;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
