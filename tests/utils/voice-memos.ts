// Recordings as relatives send them, made with the real ffmpeg at test time: a tone with a second of
// silence before and after, in each container a phone or browser produces.
import fs from "node:fs";
import path from "node:path";

import { ffmpeg } from "~/audio/ffmpeg.server";

import { tempDir } from "./audio-helpers";

export const VOICE_MEMO_FORMATS = {
  m4a: { type: "audio/mp4", args: ["-c:a", "aac", "-b:a", "64k", "-f", "ipod"] },
  mp3: { type: "audio/mpeg", args: ["-c:a", "libmp3lame", "-b:a", "64k", "-f", "mp3"] },
  opus: { type: "audio/ogg", args: ["-c:a", "libopus", "-b:a", "32k", "-f", "ogg"] },
  wav: { type: "audio/wav", args: ["-c:a", "pcm_s16le", "-ar", "16000", "-f", "wav"] },
  webm: { type: "audio/webm", args: ["-c:a", "libopus", "-b:a", "32k", "-f", "webm"] },
} as const;
export type VoiceMemoFormat = keyof typeof VOICE_MEMO_FORMATS | "amr";

/** `lead` s of silence, `tone` s of a quiet 440 Hz tone (about -27 LUFS), `tail` s of silence. */
export async function makeVoiceMemo(
  format: VoiceMemoFormat,
  { lead = 1, tone = 2, tail = 1, volume = 0.5 } = {},
): Promise<File> {
  if (format === "amr") return amrNarrowband(lead + tone + tail);
  const file = path.join(tempDir("voice-memo-"), `memo.${format}`);
  const spec = VOICE_MEMO_FORMATS[format];
  await ffmpeg([
    "-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${tone}`,
    "-af", `volume=${volume},adelay=${lead * 1000}:all=1,apad=pad_dur=${tail}`, "-ac", "1", ...spec.args, file,
  ]); // prettier-ignore
  const bytes = fs.readFileSync(file);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return new File([bytes], `memo.${format}`, { type: spec.type });
}

/**
 * An AMR-NB file (RFC 4867 storage format: "#!AMR\n", then 20 ms frames). This ffmpeg has the AMR
 * decoders but no encoder (libopencore-amrnb is not built in), so the frames are written here: mode
 * 7 (12.2 kbit/s) frames whose 244 bits are a fixed pseudo-random pattern. The decoder reads them
 * as speech parameters and gives sound, which is what the intake must handle.
 */
function amrNarrowband(seconds: number): File {
  const frames = Math.round(seconds * 50);
  const parts: Buffer[] = [Buffer.from("#!AMR\n", "latin1")];
  let seed = 12345;
  for (let i = 0; i < frames; i++) {
    const frame = Buffer.alloc(32);
    frame[0] = 0x3c; // F=0, FT=7 (12.2 kbit/s), Q=1
    for (let j = 1; j < 32; j++) frame[j] = (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
    frame[31]! &= 0xf0; // 244 bits: the last byte's low 4 bits are padding
    parts.push(frame);
  }
  return new File([Buffer.concat(parts)], "memo.amr", { type: "audio/amr" });
}
