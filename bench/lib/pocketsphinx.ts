// Speech recognition for the voice benchmarks: Debian's pocketsphinx (0.8 "5prealpha", bookworm), the
// method of ../shared/notes/tts.md: 16 kHz mono WAV in, `pocketsphinx_continuous -infile`, one line
// of text per utterance out. Installed here when missing, as .ci/run installs chromium.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { ffmpeg } from "../../app/audio/ffmpeg.server";
import { encodeWav } from "../../app/audio/wav";

const PACKAGES = ["pocketsphinx", "pocketsphinx-en-us"];
const BINARY = "pocketsphinx_continuous";
const MODEL = "/usr/share/pocketsphinx/model/en-us/en-us";
const RATE = 16000;

const onPath = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;

/** Installs pocketsphinx with apt-get (as root, or through sudo) unless it is there already. */
export function ensurePocketsphinx() {
  if (onPath(BINARY) && fs.existsSync(MODEL)) return;
  console.log(`Installing ${PACKAGES.join(" ")} for the speech-recognition figures…`);
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const run = (args: string[]) => {
    const [command, ...rest] = [...sudo, ...args];
    const result = spawnSync(command!, rest, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (result.status !== 0)
      throw new Error(`\`${args.join(" ")}\` failed (exit ${result.status ?? result.error?.message})`);
  };
  run(["apt-get", "update", "-qq"]);
  run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", ...PACKAGES]);
  if (!onPath(BINARY)) throw new Error(`${BINARY} is still missing after installing ${PACKAGES.join(" ")}`);
}

/**
 * Where to cut a recording into `parts` pieces: in the quietest 100 ms within 20 s of each even cut,
 * so no word is cut in two and the pieces can be recognized side by side.
 */
export function quietCuts(samples: Float32Array, sampleRate: number, parts: number): number[] {
  const frame = Math.round(sampleRate / 10);
  const reach = 20 * sampleRate;
  const energy = (at: number) => {
    let sum = 0;
    for (let i = at; i < at + frame; i++) sum += samples[i]! * samples[i]!;
    return sum;
  };
  const cuts: number[] = [];
  for (let k = 1; k < parts; k++) {
    const target = Math.round((samples.length * k) / parts);
    let best = target;
    let bestEnergy = Infinity;
    for (
      let at = Math.max(cuts.at(-1) ?? 0, target - reach);
      at + frame <= Math.min(samples.length, target + reach);
      at += frame
    ) {
      const e = energy(at);
      if (e < bestEnergy) [best, bestEnergy] = [at + Math.round(frame / 2), e];
    }
    cuts.push(best);
  }
  return cuts;
}

function recognize(wavFile: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(BINARY, ["-infile", wavFile, "-logfn", "/dev/null"], { stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve(Buffer.concat(out).toString("utf8"))
        : reject(new Error(`${BINARY} failed (exit ${code}): ${Buffer.concat(err).toString("utf8").slice(-500)}`)),
    );
  });
}

/** Runs the tasks, at most `limit` at a time, answering their results in order. */
async function inTurn<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, lane));
  return results;
}

/**
 * What pocketsphinx hears in each audio file (any format ffmpeg reads). Each recording is cut into
 * one piece per core and the pieces are recognized side by side: one pass is ~0.3 s of CPU per
 * second of speech, so a 10-minute episode alone would take several minutes.
 */
export async function transcribe(files: string[], cores = os.availableParallelism()): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storyhearth-asr-"));
  try {
    const pieces: Array<{ file: number; wav: string }> = [];
    for (const [n, file] of files.entries()) {
      const { stdout } = await ffmpeg(
        ["-loglevel", "error", "-i", file, "-ac", "1", "-ar", String(RATE), "-f", "f32le", "pipe:1"],
        { stdout: true },
      );
      const samples = new Float32Array(stdout.buffer.slice(stdout.byteOffset, stdout.byteOffset + stdout.byteLength));
      const bounds = [0, ...quietCuts(samples, RATE, cores), samples.length];
      for (let k = 0; k + 1 < bounds.length; k++) {
        const wav = path.join(dir, `${n}-${k}.wav`);
        fs.writeFileSync(wav, encodeWav(samples.subarray(bounds[k]!, bounds[k + 1]!), RATE));
        pieces.push({ file: n, wav });
      }
    }
    const heard = await inTurn(
      pieces.map((p) => () => recognize(p.wav)),
      cores,
    );
    return files.map((_, n) => pieces.flatMap((p, i) => (p.file === n ? [heard[i]!.trim()] : [])).join("\n"));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
