// Reading rendered audio back in tests: decode with ffmpeg, measure in JS or with ffmpeg's ebur128.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { ffmpeg, parseIntegratedLoudness, probe } from "~/audio/ffmpeg.server";
import { env } from "~/lib/env.server";

export const storedPath = (key: string) => path.join(path.resolve(env().DATA_DIR), key);

/** Any audio file → mono float samples at `rate`. */
export async function decodeMono(file: string, rate = 22050): Promise<Float32Array> {
  const { stdout } = await ffmpeg(
    ["-loglevel", "error", "-i", file, "-ac", "1", "-ar", String(rate), "-f", "f32le", "pipe:1"],
    { stdout: true },
  );
  return new Float32Array(stdout.buffer.slice(stdout.byteOffset, stdout.byteOffset + stdout.byteLength));
}

/** RMS level in dBFS of samples[start s, end s). */
export function rmsDb(samples: Float32Array, rate: number, start: number, end: number) {
  const from = Math.round(start * rate);
  const to = Math.min(samples.length, Math.round(end * rate));
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i]! ** 2;
  return 10 * Math.log10(sum / Math.max(1, to - from) + 1e-20);
}

export async function integratedLoudness(file: string) {
  const { stderr } = await ffmpeg([
    "-nostats",
    "-loglevel",
    "info",
    "-i",
    file,
    "-af",
    "ebur128=framelog=verbose",
    "-f",
    "null",
    "-",
  ]);
  return parseIntegratedLoudness(stderr);
}

export { probe };

export function tempDir(prefix: string) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** The picture embedded in an MP3 (its ID3 APIC frame) as stored, or null when it has none. */
export async function embeddedPicture(mp3: Buffer): Promise<Buffer | null> {
  try {
    const { stdout } = await ffmpeg(
      ["-loglevel", "error", "-i", "pipe:0", "-map", "0:v", "-c", "copy", "-f", "image2pipe", "pipe:1"],
      { stdin: mp3, stdout: true },
    );
    return stdout.length > 0 ? stdout : null;
  } catch {
    return null;
  }
}
