// Relatives' recordings as kept: mono MP3, silence trimmed, at the loudness the voices are mixed to (decision 0136).
import fs from "node:fs/promises";

import { ffmpeg, parseIntegratedLoudness, probe, streamEndFromPackets } from "./ffmpeg.server";
import { ENCODING, OUTPUT_RATE, TARGET_LUFS } from "./mix.server";

export type AudioFacts = { format: string; codec: string; duration: number | null };

const positive = (value: string | undefined) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
};

/** Formats ffprobe reads a still picture or text with; an "audio" stream there is not a recording. */
const NOT_AUDIO_FORMAT = /image2|_pipe$|^png|^jpeg|^gif|^webp|^tty|^srt|^ass$|^lrc$/;

export async function probeAudio(file: string): Promise<AudioFacts | null> {
  let result;
  try {
    result = await probe(file);
  } catch {
    return null;
  }
  const audio = result.streams.find((s) => s.codec_type === "audio");
  const formatName = (result.format as { format_name?: string }).format_name;
  if (!audio?.codec_name || !formatName || NOT_AUDIO_FORMAT.test(formatName)) return null;
  const streamDuration = (result.streams as Array<{ duration?: string; codec_type?: string }>)
    .filter((s) => s.codec_type === "audio")
    .map((s) => positive(s.duration))
    .find((d) => d !== null);
  let duration = positive(result.format.duration) ?? streamDuration ?? null;
  if (duration === null) duration = await streamEndFromPackets(file, "a:0").catch(() => null);
  return { format: formatName, codec: audio.codec_name, duration };
}

const SILENCE_DB = -45;
const SILENCE_SECONDS = 0.3;
const MARGIN_SECONDS = 0.15;

export function speechBounds(events: string, duration: number): { start: number; end: number } {
  const found = [...events.matchAll(/silence_(start|end)(?:: |=)(-?[\d.]+)/g)].map((m) => ({
    kind: m[1]!,
    at: Number(m[2]),
  }));
  let start = 0;
  let end = duration;
  const first = found[0];
  if (first?.kind === "start" && first.at <= 0.01) {
    const firstEnd = found.find((e) => e.kind === "end");
    if (firstEnd) start = Math.max(0, firstEnd.at - MARGIN_SECONDS);
  }
  const lastStart = [...found].reverse().find((e) => e.kind === "start");
  if (lastStart && lastStart.at > start) {
    const after = found.slice(found.lastIndexOf(lastStart) + 1).find((e) => e.kind === "end");
    if (!after || after.at >= duration - 0.05) end = Math.min(duration, lastStart.at + MARGIN_SECONDS);
  }
  return end - start > 0.2 ? { start, end } : { start: 0, end: duration };
}

export async function normalizeRecording(input: string, output: string): Promise<{ duration: number }> {
  // The silences go to a file: ffmpeg's log is kept only in its tail, which a long recording outruns.
  const silences = `${output}.silences`;
  let measure;
  let events;
  try {
    measure = await ffmpeg([
      "-i",
      input,
      "-vn",
      "-ac",
      "1",
      "-af",
      `silencedetect=n=${SILENCE_DB}dB:d=${SILENCE_SECONDS},ametadata=mode=print:file=${silences},ebur128=framelog=verbose`,
      "-f",
      "null",
      "-",
    ]);
    events = await fs.readFile(silences, "utf8").catch(() => "");
  } finally {
    await fs.rm(silences, { force: true });
  }
  const times = [...measure.stderr.matchAll(/time=(\d+):(\d+):([\d.]+)/g)];
  const last = times.at(-1);
  const decoded = last ? Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3]) : 0;
  if (!(decoded > 0)) throw new Error("The recording has no sound in it");
  const loudness = parseIntegratedLoudness(measure.stderr);
  const gainDb = Number.isFinite(loudness) ? Math.max(-30, Math.min(30, TARGET_LUFS - loudness)) : 0;
  const { start, end } = speechBounds(events, decoded);
  const { bitrate, lameQuality } = ENCODING.standard;
  await ffmpeg([
    "-i", input, "-vn", "-map_metadata", "-1", "-ac", "1",
    "-af", `atrim=start=${start.toFixed(3)}:end=${end.toFixed(3)},asetpts=PTS-STARTPTS,volume=${gainDb.toFixed(2)}dB,alimiter=limit=0.89:level=false,aresample=${OUTPUT_RATE}`,
    "-c:a", "libmp3lame", "-b:a", bitrate, "-q:a", String(lameQuality), "-f", "mp3", output,
  ]); // prettier-ignore
  return { duration: end - start };
}
