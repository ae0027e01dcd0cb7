// `ffmpeg-static` is optional and its install step can fail, so it is used only when its binary is really there.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Readable, Writable } from "node:stream";

const require = createRequire(import.meta.url);

function staticFfmpeg(): string | null {
  try {
    const found = require("ffmpeg-static") as unknown;
    return typeof found === "string" && fs.existsSync(found) ? found : null;
  } catch {
    return null;
  }
}

let resolved: { ffmpeg: string; ffprobe: string } | undefined;

export function ffmpegBinaries() {
  if (resolved) return resolved;
  const ffmpeg = staticFfmpeg() ?? (process.env.FFMPEG_PATH || "ffmpeg");
  const sibling = path.isAbsolute(ffmpeg) ? path.join(path.dirname(ffmpeg), "ffprobe") : null;
  const ffprobe = process.env.FFPROBE_PATH || (sibling && fs.existsSync(sibling) ? sibling : "ffprobe");
  resolved = { ffmpeg, ffprobe };
  return resolved;
}

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
    this.name = "FfmpegError";
  }
}

type RunOptions = {
  stdin?: Buffer | Uint8Array | Readable;
  stdout?: boolean;
};

export function runTool(tool: "ffmpeg" | "ffprobe", args: string[], options: RunOptions = {}) {
  const bin = ffmpegBinaries()[tool];
  return new Promise<{ stdout: Buffer; stderr: string }>((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ["pipe", options.stdout ? "pipe" : "ignore", "pipe"] });
    const { stdin, stdout, stderr: errors } = child as typeof child & { stdin: Writable; stderr: Readable };
    const out: Buffer[] = [];
    let stderr = "";
    stdout?.on("data", (chunk: Buffer) => out.push(chunk));
    errors.setEncoding("utf8");
    errors.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-64_000);
    });
    child.on("error", (error) => reject(new FfmpegError(`${tool} could not start (${bin}): ${error.message}`, "")));
    child.on("close", (code) => {
      if (code === 0) resolve({ stdout: Buffer.concat(out), stderr });
      else
        reject(
          new FfmpegError(`${tool} failed (exit ${code}): ${stderr.trim().split("\n").slice(-3).join(" | ")}`, stderr),
        );
    });
    // ffmpeg may stop reading early; a broken pipe is then not our error, the exit code tells.
    stdin.on("error", () => {});
    const input = options.stdin;
    if (!input) stdin.end();
    else if (Buffer.isBuffer(input) || input instanceof Uint8Array) stdin.end(input);
    else input.pipe(stdin);
  });
}

export const ffmpeg = (args: string[], options?: RunOptions) =>
  runTool("ffmpeg", ["-hide_banner", "-nostdin", "-y", ...args], options);

/** Only the picture and sound streams, copied: what the sender's device wrote about the file goes (decision 0165). */
export async function stripMetadataInPlace(
  file: string,
  muxer: string,
  keep: "video" | "audio",
): Promise<number | null> {
  const clean = `${file}.clean`;
  // 0:V leaves out attached pictures (cover art), 0:d and 0:s data and subtitle tracks.
  const streams = keep === "video" ? ["-map", "0:V", "-map", "0:a?"] : ["-map", "0:a"];
  try {
    await ffmpeg([
      "-i",
      file,
      ...streams,
      "-map_metadata",
      "-1",
      "-map_chapters",
      "-1",
      "-c",
      "copy",
      "-fflags",
      "+bitexact",
      "-f",
      muxer,
      clean,
    ]);
    await fs.promises.rename(clean, file);
    return (await fs.promises.stat(file)).size;
  } catch {
    await fs.promises.rm(clean, { force: true });
    return null;
  }
}

export const pcmBytes = (samples: Float32Array) => Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);

export type ProbeResult = {
  format: { duration?: string; bit_rate?: string; tags?: Record<string, string> };
  streams: Array<{
    codec_name?: string;
    codec_type?: string;
    sample_rate?: string;
    channels?: number;
    bit_rate?: string;
  }>;
  chapters: Array<{ start_time: string; end_time: string; tags?: { title?: string } }>;
};

export async function probe(file: string): Promise<ProbeResult> {
  const { stdout } = await runTool(
    "ffprobe",
    ["-v", "error", "-show_format", "-show_streams", "-show_chapters", "-of", "json", file],
    { stdout: true },
  );
  return JSON.parse(stdout.toString("utf8")) as ProbeResult;
}

export async function streamEndFromPackets(file: string, stream: "a:0" | "v:0"): Promise<number | null> {
  const { stdout } = await runTool(
    "ffprobe",
    [
      "-v",
      "error",
      "-select_streams",
      stream,
      "-show_entries",
      "packet=pts_time,duration_time",
      "-of",
      "csv=p=0",
      file,
    ],
    { stdout: true },
  );
  let end = 0;
  for (const line of stdout.toString("utf8").split("\n")) {
    const [pts, dur] = line.split(",");
    const t = Number(pts) + (Number(dur) || 0);
    if (Number.isFinite(t) && t > end) end = t;
  }
  return end > 0 ? end : null;
}

export async function resamplePcm(samples: Float32Array, from: number, to: number): Promise<Float32Array> {
  if (from === to) return samples;
  const { stdout } = await ffmpeg(
    [
      "-loglevel",
      "error",
      "-f",
      "f32le",
      "-ar",
      String(from),
      "-ac",
      "1",
      "-i",
      "pipe:0",
      "-af",
      `aresample=${to}`,
      "-f",
      "f32le",
      "pipe:1",
    ],
    { stdin: pcmBytes(samples), stdout: true },
  );
  return new Float32Array(stdout.buffer.slice(stdout.byteOffset, stdout.byteOffset + stdout.byteLength));
}

export function parseIntegratedLoudness(stderr: string): number {
  const summary = stderr.slice(stderr.lastIndexOf("Summary:"));
  const match = /I:\s+(-?[\d.]+|-inf)\s+LUFS/.exec(summary);
  if (!match) throw new Error("ffmpeg reported no loudness summary");
  return match[1] === "-inf" ? -Infinity : Number(match[1]);
}
