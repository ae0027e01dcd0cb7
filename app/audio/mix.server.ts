// From a speech track to a finished episode with ffmpeg: intro/outro stings, the music bed laid under the
// voice and ducked by it (sidechain compression), loudness brought to -16 LUFS, MP3 with ID3 tags and one
// chapter per story, written through the storage interface.
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { getStorage } from "~/lib/storage/storage.server";
import type { BackgroundMusic, IntroOutro, ProcessingQuality } from "./audio-options";
import { ffmpeg, parseIntegratedLoudness, pcmBytes, probe } from "./ffmpeg.server";
import { MUSIC_RATE, musicBedFile, stingFile, stingSeconds } from "./music.server";
import type { Chapter } from "./timeline";

/**
 * The mix runs mono at 22.05 kHz (the voices' and the music's own rate); the MP3 is mono 44.1 kHz.
 * Spoken-word podcasts are mono by convention, and mono keeps the non-TTS stages of a 1,500-word
 * episode inside 5 s on a small machine (a stereo mix and encode took twice as long).
 */
export const MIX_RATE = MUSIC_RATE;
export const OUTPUT_RATE = 44100;
export const TARGET_LUFS = -16;
/**
 * MP3 coding measured 0.4–0.5 LU quieter than its input here (espeak and test voices, LAME 128k/192k,
 * any quality level), so the mix aims that much higher and the file lands on TARGET_LUFS.
 */
const MP3_LOUDNESS_LOSS = 0.4;
/** Sample-peak ceiling after the loudness gain (about -1 dBFS, headroom for MP3 decoding). */
const PEAK_LIMIT = 0.89;
/** Bit rate and LAME quality (0 best … 9 fastest): premium buys both. */
export const ENCODING: Record<ProcessingQuality, { bitrate: string; lameQuality: number }> = {
  standard: { bitrate: "128k", lameQuality: 7 },
  premium: { bitrate: "192k", lameQuality: 2 },
};

/** The bed (its file at MUSIC_FILE_LUFS) sits this far lower before ducking; ducking takes it lower under speech. */
const BED_GAIN_DB = -14;
const BED_FADE_IN = 1.5;
const BED_FADE_OUT = 2.5;
/** Sidechain: speech (at BLOCK_LEVEL_DB) pushes the bed down about 10 dB within 20 ms and lets it back over 0.6 s. */
const DUCKING = "threshold=0.03:ratio=4:attack=20:release=600:makeup=1:knee=4";

export type SpeechTrack = { samples: Float32Array; sampleRate: number };

export type MixOptions = {
  speech: SpeechTrack;
  backgroundMusic: BackgroundMusic;
  introOutro: IntroOutro;
};

/** Where the speech track sits in the finished episode, and how long that is. */
export function episodeLayout(speechSeconds: number, introOutro: IntroOutro) {
  const intro = stingSeconds(introOutro, "intro");
  const outro = stingSeconds(introOutro, "outro");
  return { speechStart: intro, speechEnd: intro + speechSeconds, total: intro + speechSeconds + outro };
}

const f = (x: number) => x.toFixed(6).replace(/\.?0+$/, "");

/**
 * Mixes speech, stings and bed into a float WAV (mono, MIX_RATE) exactly `total` seconds long, and
 * measures its integrated loudness in the same pass (ebur128).
 */
export async function mixToWav(options: MixOptions, outFile: string): Promise<{ loudness: number; duration: number }> {
  const { speech, backgroundMusic, introOutro } = options;
  const layout = episodeLayout(speech.samples.length / speech.sampleRate, introOutro);
  const totalSamples = Math.round(layout.total * MIX_RATE);
  const delayMs = Math.round(layout.speechStart * 1000);

  const inputs: string[] = ["-f", "f32le", "-ar", String(speech.sampleRate), "-ac", "1", "-i", "pipe:0"];
  const graph: string[] = [];
  const mixIn: string[] = [];
  let next = 1;

  // A gentle compressor (made up to the same level) evens the voice's peaks, so the loudness gain
  // later needs little limiting and the voice stays ~13 dB above the bed.
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
    mixIn.length > 1 ? `${mixIn.join("")}amix=inputs=${mixIn.length}:duration=longest:normalize=0,` : `${mixIn[0]}anull,`;
  graph.push(`${mixed}apad=whole_len=${totalSamples},atrim=end_sample=${totalSamples},ebur128=framelog=verbose[out]`);

  const { stderr } = await ffmpeg(
    ["-nostats", "-loglevel", "info", ...inputs, "-filter_complex", graph.join(";"), "-map", "[out]", "-c:a", "pcm_f32le", outFile],
    { stdin: pcmBytes(speech.samples) },
  );
  return { loudness: parseIntegratedLoudness(stderr), duration: totalSamples / MIX_RATE };
}

export type EpisodeTags = { title: string; artist: string; album: string; chapters: Chapter[] };

const escapeMeta = (value: string) => value.replace(/[\\=;#\n]/g, (c) => (c === "\n" ? " " : `\\${c}`));

/** ffmpeg's metadata file: ID3 text frames and CHAP frames. */
export function ffmetadata(tags: EpisodeTags): string {
  const lines = [";FFMETADATA1", `title=${escapeMeta(tags.title)}`, `artist=${escapeMeta(tags.artist)}`, `album=${escapeMeta(tags.album)}`, "genre=Podcast"];
  for (const chapter of tags.chapters) {
    lines.push("[CHAPTER]", "TIMEBASE=1/1000", `START=${Math.round(chapter.start * 1000)}`, `END=${Math.round(chapter.end * 1000)}`, `title=${escapeMeta(chapter.title)}`);
  }
  return `${lines.join("\n")}\n`;
}

/**
 * Second pass: a single gain to the target loudness (the mix was measured in the first pass, so this is
 * two-pass normalisation like loudnorm's linear mode, without its 192 kHz true-peak resampling, which
 * costs more than the whole rest of the mix), a sample-peak limiter for the few peaks the gain lifts too
 * high, then MP3 and tags.
 */
export async function encodeMp3(wavFile: string, loudness: number, quality: ProcessingQuality, tags: EpisodeTags, outFile: string) {
  const gainDb = Number.isFinite(loudness) ? Math.max(-30, Math.min(30, TARGET_LUFS + MP3_LOUDNESS_LOSS - loudness)) : 0;
  const metaFile = `${outFile}.ffmeta`;
  await fs.writeFile(metaFile, ffmetadata(tags));
  try {
    await ffmpeg([
      "-loglevel", "error",
      "-i", wavFile,
      "-i", metaFile,
      "-map", "0:a",
      "-map_metadata", "1",
      "-map_chapters", "1",
      "-af", `volume=${f(gainDb)}dB,alimiter=limit=${PEAK_LIMIT}:attack=5:release=80:level=false:latency=true`,
      "-c:a", "libmp3lame",
      "-b:a", ENCODING[quality].bitrate,
      "-compression_level", String(ENCODING[quality].lameQuality),
      "-ac", "1",
      "-ar", String(OUTPUT_RATE),
      "-id3v2_version", "3",
      "-write_id3v1", "1",
      outFile,
    ]);
  } finally {
    await fs.rm(metaFile, { force: true });
  }
}

export type MixTimings = { mixing: number; encode: number };

/**
 * Speech track → finished MP3 stored under `key`. Returns the duration ffprobe reads from the file and
 * the stored size.
 */
export async function mixEpisode(
  options: MixOptions & { quality: ProcessingQuality; tags: EpisodeTags; key: string },
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
    await encodeMp3(wav, loudness, options.quality, options.tags, mp3);
    const duration = Number((await probe(mp3)).format.duration);
    const { size } = await getStorage().put(options.key, createReadStream(mp3));
    timings.encode += performance.now() - started;
    return { duration, fileSize: size };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
