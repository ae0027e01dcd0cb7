// Where Piper's voice files lie and what their configs say: shared by the catalogue, the download
// and the synthesiser, so that none of them has to import another.
import fs from "node:fs";
import path from "node:path";

export function voicesDir() {
  return path.resolve(process.env.VOICES_DIR || "./data/voices");
}

export type PiperVoiceConfig = {
  audio: { sample_rate: number; quality?: string };
  espeak: { voice: string };
  inference: { noise_scale: number; length_scale: number; noise_w: number };
  phoneme_type?: string;
  phoneme_id_map: Record<string, number[]>;
  num_speakers: number;
  speaker_id_map?: Record<string, number>;
};

export const modelPaths = (model: string, dir = voicesDir()) => ({
  onnx: path.join(dir, `${model}.onnx`),
  config: path.join(dir, `${model}.onnx.json`),
});

export function isPiperVoiceInstalled(model: string, dir = voicesDir()) {
  const { onnx, config } = modelPaths(model, dir);
  try {
    return fs.statSync(onnx).size > 0 && fs.statSync(config).size > 0;
  } catch {
    return false;
  }
}

export function installedPiperVoices(dir = voicesDir()): string[] {
  let files: string[];
  try {
    files = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return files
    .filter((f) => f.endsWith(".onnx"))
    .map((f) => f.slice(0, -".onnx".length))
    .filter((name) => isPiperVoiceInstalled(name, dir))
    .sort();
}

const configCache = new Map<string, { mtimeMs: number; config: PiperVoiceConfig }>();

export function readPiperConfig(model: string, dir = voicesDir()): PiperVoiceConfig {
  const file = modelPaths(model, dir).config;
  const mtimeMs = fs.statSync(file).mtimeMs;
  const cached = configCache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.config;
  const config = JSON.parse(fs.readFileSync(file, "utf8")) as PiperVoiceConfig;
  configCache.set(file, { mtimeMs, config });
  return config;
}
