// Music is synthesised by ffmpeg, not shipped: nothing to license or download.
import fs from "node:fs";
import path from "node:path";

import { env } from "~/lib/env.server";

import type { IntroOutro, MusicBed } from "./audio-options";
import { ffmpeg, parseIntegratedLoudness } from "./ffmpeg.server";

const SEMITONES: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

export function noteHz(note: string): number {
  const m = /^([A-G])(#|b)?(-?\d)$/.exec(note);
  if (!m) throw new Error(`Bad note ${note}`);
  const semitone = SEMITONES[m[1]!]! + (m[2] === "#" ? 1 : m[2] === "b" ? -1 : 0);
  const midi = 12 * (Number(m[3]) + 1) + semitone;
  return Math.round(440 * 2 ** ((midi - 69) / 12) * 1000) / 1000;
}

type Timbre = number[]; // relative amplitudes of harmonics 1, 2, 3 …

type Layer =
  | { kind: "notes"; notes: string[]; step: number; decay: number; gain: number; timbre: Timbre; wow?: number }
  | {
      kind: "pad";
      chords: string[][];
      chordLength: number;
      gain: number;
      tremolo?: { rate: number; depth: number };
      detune?: number;
      bell?: number;
    }
  | { kind: "wash"; chords: [string[], string[]]; period: number; gain: number; detune: number }
  | { kind: "noise"; pattern: number[]; step: number; decay: number; gain: number }
  | { kind: "kick"; pattern: number[]; step: number; gain: number }
  | { kind: "crackle"; gain: number };

const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(6).replace(/0+$/, ""));

function pick(register: number, values: number[], offset = 0): string {
  const [first, ...rest] = values;
  if (rest.length === 0) return num(first!);
  return `if(eq(ld(${register}),${offset}),${num(first!)},${pick(register, rest, offset + 1)})`;
}

const harmonics = (timbre: Timbre, freq: string, time: string) =>
  timbre.map((a, i) => `${num(a)}*sin(${num(2 * Math.PI * (i + 1))}*${freq}*${time})`).join("+");

// Registers: 0 step index, 1 time in step, 2 frequency, 3…8 layer values. Envelopes reach zero
// where the frequency changes, so there are no clicks.
function layerExpr(layer: Layer, out: number): string {
  switch (layer.kind) {
    case "notes": {
      const { notes, step, decay, gain, timbre, wow = 0 } = layer;
      const time = wow ? `(t+${num(wow)}*sin(${num(2 * Math.PI * 0.55)}*t))` : "t";
      return [
        `st(0,mod(floor(t/${num(step)}),${notes.length}))`,
        `st(1,mod(t,${num(step)}))`,
        `st(2,${pick(0, notes.map(noteHz))})`,
        `st(${out},${num(gain)}*min(1,ld(1)*150)*min(1,(${num(step)}-ld(1))*25)*exp(-ld(1)*${num(decay)})*(${harmonics(timbre, "ld(2)", time)}))`,
      ].join(";");
    }
    case "pad": {
      const { chords, chordLength: L, gain, tremolo, detune = 0, bell = 0 } = layer;
      const voices = Math.max(...chords.map((c) => c.length));
      const parts = [`st(0,mod(floor(t/${num(L)}),${chords.length}))`, `st(1,mod(t,${num(L)}))`, `st(${out},0)`];
      for (let v = 0; v < voices; v++) {
        const freqs = chords.map((c) => noteHz(c[v] ?? c[c.length - 1]!));
        const osc = detune
          ? `(sin(${num(2 * Math.PI)}*ld(2)*t)+sin(${num(2 * Math.PI * (1 + detune))}*ld(2)*t))/2`
          : `sin(${num(2 * Math.PI)}*ld(2)*t)`;
        parts.push(`st(2,${pick(0, freqs)})`, `st(${out},ld(${out})+${osc})`);
      }
      const edge = `min(1,ld(1)/0.35)*min(1,(${num(L)}-ld(1))/0.35)`;
      const shape = bell ? `*(${num(1 - bell)}+${num(bell)}*exp(-ld(1)*1.6))` : "";
      const trem = tremolo
        ? `*(${num(1 - tremolo.depth / 2)}+${num(tremolo.depth / 2)}*sin(${num(2 * Math.PI * tremolo.rate)}*t))`
        : "";
      parts.push(`st(${out},${num(gain / voices)}*ld(${out})*${edge}${shape}${trem})`);
      return parts.join(";");
    }
    case "wash": {
      const { chords, period, gain, detune } = layer;
      const w = num((2 * Math.PI) / period);
      const chordSum = (notes: string[], lfoOffset: number) =>
        notes
          .map((n, i) => {
            const f = noteHz(n);
            const lfo = `(0.65+0.35*sin(${num(((2 * Math.PI) / period) * (i + 1 + lfoOffset))}*t+${num(i)}))`;
            return `${lfo}*(sin(${num(2 * Math.PI * f)}*t)+sin(${num(2 * Math.PI * f * (1 + detune))}*t))`;
          })
          .join("+");
      return `st(${out},${num(gain / (2 * chords[0].length))}*(pow(sin(${w}*t/2),2)*(${chordSum(chords[0], 0)})+pow(cos(${w}*t/2),2)*(${chordSum(chords[1], 1)})))`;
    }
    case "noise": {
      const { pattern, step, decay, gain } = layer;
      return [
        `st(0,mod(floor(t/${num(step)}),${pattern.length}))`,
        `st(1,mod(t,${num(step)}))`,
        `st(${out},${num(gain)}*${pick(0, pattern)}*min(1,ld(1)*400)*exp(-ld(1)*${num(decay)})*(random(9)*2-1))`,
      ].join(";");
    }
    case "kick": {
      const { pattern, step, gain } = layer;
      return [
        `st(0,mod(floor(t/${num(step)}),${pattern.length}))`,
        `st(1,mod(t,${num(step)}))`,
        `st(${out},${num(gain)}*${pick(0, pattern)}*min(1,ld(1)*300)*exp(-ld(1)*9)*min(1,(${num(step)}-ld(1))*40)*sin(${num(2 * Math.PI)}*(48*ld(1)+1.6*(1-exp(-ld(1)*35)))))`,
      ].join(";");
    }
    case "crackle":
      return `st(${out},${num(layer.gain)}*((random(8)*2-1)*0.08+gt(random(7),0.9994)*(random(8)*2-1)))`;
  }
}

function arrangementExpr(layers: Layer[]): string {
  if (layers.length > 6) throw new Error("At most 6 layers per arrangement");
  const body = layers.map((layer, i) => layerExpr(layer, 3 + i)).join(";");
  return `${body};${layers.map((_, i) => `ld(${3 + i})`).join("+")}`;
}

type Recipe = { period: number; layers: Layer[]; effects: string };

const PIANO: Timbre = [1, 0.42, 0.18, 0.07];
const PLUCK: Timbre = [1, 0.55, 0.3, 0.16, 0.08];
const MUSIC_BOX: Timbre = [1, 0.25, 0, 0.12];

/** Pattern entries index [root low, fifth low, root, third, fifth, octave]. */
function arpeggio(chords: Array<[string, string, string, string, string, string]>, pattern: number[]) {
  return chords.flatMap((chord) => pattern.map((i) => chord[i]!));
}

const REVERB = "aecho=0.8:0.55:113|179:0.32|0.2";

export const BED_RECIPES: Record<MusicBed, Recipe> = {
  "gentle-piano": {
    period: 16,
    layers: [
      {
        kind: "notes",
        step: 0.5,
        decay: 3.2,
        gain: 0.5,
        timbre: PIANO,
        notes: arpeggio(
          [
            ["C3", "G3", "C4", "E4", "G4", "C5"],
            ["A2", "E3", "A3", "C4", "E4", "A4"],
            ["F2", "C3", "F3", "A3", "C4", "F4"],
            ["G2", "D3", "G3", "B3", "D4", "G4"],
          ],
          [1, 2, 3, 4, 5, 4, 3, 2],
        ),
      },
      {
        kind: "pad",
        chords: [
          ["C2", "G2"],
          ["A1", "E2"],
          ["F1", "C2"],
          ["G1", "D2"],
        ],
        chordLength: 4,
        gain: 0.32,
        bell: 0.5,
      },
    ],
    effects: `lowpass=f=4200,${REVERB}`,
  },
  "soft-jazz": {
    period: 16,
    layers: [
      {
        kind: "pad",
        chords: [
          ["F3", "Bb3", "D4", "G4"],
          ["E3", "Bb3", "D4", "G4"],
          ["E3", "A3", "C4", "G4"],
          ["F#3", "C4", "Eb4", "A4"],
        ],
        chordLength: 4,
        gain: 0.5,
        tremolo: { rate: 4.2, depth: 0.35 },
        bell: 0.45,
      },
      {
        kind: "notes",
        step: 1,
        decay: 2.4,
        gain: 0.45,
        timbre: [1, 0.3, 0.08],
        notes: ["G2", "A2", "Bb2", "B2", "C3", "E3", "G2", "E2", "F2", "A2", "C3", "Eb3", "D3", "F#2", "A2", "Db3"],
      },
      {
        kind: "noise",
        step: 1 / 3,
        decay: 22,
        gain: 0.05,
        pattern: [0.4, 0, 0.25, 1, 0, 0.35, 0.4, 0, 0.25, 1, 0, 0.35],
      },
    ],
    effects: `lowpass=f=5200,${REVERB}`,
  },
  nostalgic: {
    period: 16,
    layers: [
      {
        kind: "notes",
        step: 0.5,
        decay: 4.5,
        gain: 0.3,
        timbre: MUSIC_BOX,
        wow: 0.0009,
        notes: [
          "E5",
          "A5",
          "C6",
          "B5",
          "A5",
          "E5",
          "C5",
          "E5",
          "F5",
          "A5",
          "C6",
          "A5",
          "F5",
          "C5",
          "A4",
          "C5",
          "E5",
          "G5",
          "C6",
          "G5",
          "E5",
          "C5",
          "G4",
          "C5",
          "D5",
          "G5",
          "B5",
          "G5",
          "D5",
          "B4",
          "G4",
          "B4",
        ],
      },
      {
        kind: "pad",
        chords: [
          ["A2", "E3", "C4"],
          ["F2", "C3", "A3"],
          ["C3", "G3", "E4"],
          ["G2", "D3", "B3"],
        ],
        chordLength: 4,
        gain: 0.42,
        detune: 0.004,
      },
      { kind: "crackle", gain: 0.02 },
    ],
    effects: `lowpass=f=3400,highpass=f=60,${REVERB}`,
  },
  ambient: {
    period: 32,
    layers: [
      {
        kind: "wash",
        period: 32,
        gain: 0.55,
        detune: 0.003,
        chords: [
          ["C3", "G3", "D4", "E4", "B4"],
          ["F2", "C3", "G3", "A3", "E4"],
        ],
      },
    ],
    effects: "lowpass=f=2600,aecho=0.8:0.7:310|530|790:0.35|0.25|0.18",
  },
  warm: {
    period: 16,
    layers: [
      {
        kind: "notes",
        step: 1 / 3,
        decay: 3.6,
        gain: 0.45,
        timbre: PLUCK,
        notes: arpeggio(
          [
            ["Bb2", "F3", "Bb3", "D4", "F4", "Bb4"],
            ["G2", "D3", "G3", "Bb3", "D4", "G4"],
            ["Eb2", "Bb2", "Eb3", "G3", "Bb3", "Eb4"],
            ["F2", "C3", "F3", "A3", "C4", "F4"],
          ],
          [0, 2, 3, 4, 3, 2, 1, 2, 3, 5, 4, 3],
        ),
      },
      {
        kind: "pad",
        chords: [
          ["Bb2", "D3", "F3"],
          ["G2", "Bb2", "D3"],
          ["Eb2", "G2", "Bb2"],
          ["F2", "A2", "C3"],
        ],
        chordLength: 4,
        gain: 0.3,
        detune: 0.003,
      },
    ],
    effects: `lowpass=f=3000,${REVERB}`,
  },
  uplifting: {
    period: 8,
    layers: [
      {
        kind: "notes",
        step: 0.25,
        decay: 5.5,
        gain: 0.4,
        timbre: [1, 0.5, 0.3, 0.18],
        notes: arpeggio(
          [
            ["G3", "D4", "G4", "B4", "D5", "G5"],
            ["D3", "A3", "D4", "F#4", "A4", "D5"],
            ["E3", "B3", "E4", "G4", "B4", "E5"],
            ["C3", "G3", "C4", "E4", "G4", "C5"],
          ],
          [2, 3, 4, 5, 4, 3, 2, 4],
        ),
      },
      {
        kind: "notes",
        step: 0.25,
        decay: 7,
        gain: 0.3,
        timbre: [1, 0.35],
        notes: [
          "G2",
          "G2",
          "G2",
          "G2",
          "G2",
          "G2",
          "G2",
          "G2",
          "D2",
          "D2",
          "D2",
          "D2",
          "D2",
          "D2",
          "D2",
          "D2",
          "E2",
          "E2",
          "E2",
          "E2",
          "E2",
          "E2",
          "E2",
          "E2",
          "C2",
          "C2",
          "C2",
          "C2",
          "C2",
          "C2",
          "C2",
          "C2",
        ],
      },
      { kind: "kick", step: 0.5, gain: 0.5, pattern: [1, 0.6] },
      { kind: "noise", step: 0.25, decay: 30, gain: 0.045, pattern: [0.3, 1, 0.5, 1] },
    ],
    effects: `lowpass=f=7500,${REVERB}`,
  },
  gentle: {
    period: 24,
    layers: [
      {
        kind: "notes",
        step: 1,
        decay: 2.6,
        gain: 0.3,
        timbre: MUSIC_BOX,
        notes: [
          "D5",
          "F#5",
          "A5",
          "F#5",
          "E5",
          "D5",
          "B4",
          "D5",
          "G5",
          "F#5",
          "E5",
          "D5",
          "D5",
          "F#5",
          "A5",
          "B5",
          "A5",
          "F#5",
          "E5",
          "C#5",
          "A4",
          "C#5",
          "E5",
          "D5",
        ],
      },
      {
        kind: "pad",
        chords: [
          ["D2", "A2", "F#3"],
          ["G2", "D3", "B3"],
          ["D2", "A2", "F#3"],
          ["A1", "E2", "C#3"],
        ],
        chordLength: 6,
        gain: 0.3,
        detune: 0.002,
      },
    ],
    effects: `lowpass=f=3800,${REVERB}`,
  },
};

type Sting = { seconds: number; notes: Array<{ note: string; at: number }>; pad?: string[]; decay: number };

const BELL = [
  [1, 1],
  [2, 0.3],
  [2.76, 0.14],
  [5.4, 0.05],
] as const;

/** 'custom' uses the standard ones. */
export const STINGS: Record<"standard" | "minimal" | "family", { intro: Sting; outro: Sting }> = {
  standard: {
    intro: {
      seconds: 3,
      decay: 2.2,
      pad: ["C4", "E4", "G4"],
      notes: [
        { note: "C5", at: 0 },
        { note: "E5", at: 0.18 },
        { note: "G5", at: 0.36 },
        { note: "C6", at: 0.54 },
      ],
    },
    outro: {
      seconds: 3,
      decay: 2.2,
      pad: ["C4", "E4", "G4"],
      notes: [
        { note: "G5", at: 0 },
        { note: "E5", at: 0.2 },
        { note: "D5", at: 0.4 },
        { note: "C5", at: 0.6 },
      ],
    },
  },
  minimal: {
    intro: {
      seconds: 1.2,
      decay: 3.5,
      notes: [
        { note: "G5", at: 0 },
        { note: "C6", at: 0.15 },
      ],
    },
    outro: {
      seconds: 1.2,
      decay: 3.5,
      notes: [
        { note: "C6", at: 0 },
        { note: "G5", at: 0.15 },
      ],
    },
  },
  family: {
    intro: {
      seconds: 3.5,
      decay: 1.8,
      pad: ["Bb3", "D4", "F4"],
      notes: ["Bb4", "D5", "F5", "Bb5", "D6"].map((note, i) => ({ note, at: 0.4 + i * 0.12 })),
    },
    outro: {
      seconds: 3.5,
      decay: 1.8,
      pad: ["Bb3", "D4", "F4"],
      notes: ["D6", "Bb5", "F5", "D5", "Bb4"].map((note, i) => ({ note, at: 0.2 + i * 0.14 })),
    },
  },
};

export function stingFor(option: IntroOutro, part: "intro" | "outro"): (Sting & { name: string }) | null {
  if (option === "none") return null;
  const kind = option === "custom" ? "standard" : option;
  return { ...STINGS[kind][part], name: `${kind}-${part}` };
}

export const stingSeconds = (option: IntroOutro, part: "intro" | "outro") => stingFor(option, part)?.seconds ?? 0;

function stingExpr(sting: Sting): string {
  const chimes = sting.notes.map(({ note, at }) => {
    const f = noteHz(note);
    const local = `(t-${num(at)})`;
    const partials = BELL.map(([ratio, amp]) => `${num(amp)}*sin(${num(2 * Math.PI * f * ratio)}*${local})`).join("+");
    return `gte(t,${num(at)})*min(1,${local}*300)*exp(-${local}*${num(sting.decay)})*(${partials})`;
  });
  const terms = [`0.22*(${chimes.join("+")})`];
  if (sting.pad) {
    const swell = `pow(sin(${num(Math.PI / sting.seconds)}*t),2)`;
    const voices = sting.pad.map((n) => `sin(${num(2 * Math.PI * noteHz(n))}*t)`).join("+");
    terms.push(`${num(0.3 / sting.pad.length)}*${swell}*(${voices})`);
  }
  return `(${terms.join("+")})*min(1,(${num(sting.seconds)}-t)*4)`;
}

/** Bump when a recipe changes, so cached files are made again. */
const RECIPE_VERSION = 2;
export const MUSIC_FILE_LUFS = -20;
export const MUSIC_RATE = 22050;

export const musicDir = () => path.resolve(env().DATA_DIR, "music");

/** Rendered beside and renamed, so two jobs never read half a file. */
async function renderOnce(file: string, lavfi: string) {
  if (fs.existsSync(file)) return file;
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial-${process.pid}-${Date.now()}`;
  try {
    const { stderr } = await ffmpeg([
      "-nostats",
      "-loglevel",
      "info",
      "-f",
      "lavfi",
      "-i",
      `${lavfi},ebur128=framelog=verbose`,
      "-c:a",
      "flac",
      "-f",
      "flac",
      `${partial}.raw`,
    ]);
    const gain = MUSIC_FILE_LUFS - parseIntegratedLoudness(stderr);
    await ffmpeg([
      "-loglevel",
      "error",
      "-i",
      `${partial}.raw`,
      "-af",
      `volume=${num(Number.isFinite(gain) ? gain : 0)}dB`,
      "-c:a",
      "flac",
      "-f",
      "flac",
      partial,
    ]);
    await fs.promises.rename(partial, file);
  } finally {
    await fs.promises.rm(partial, { force: true });
    await fs.promises.rm(`${partial}.raw`, { force: true });
  }
  return file;
}

// One period is played twice through the effects and the second kept, so the echo tail crosses
// the loop point and the loop is seamless.
export function musicBedFile(bed: MusicBed): Promise<string> {
  const recipe = BED_RECIPES[bed];
  const file = path.join(musicDir(), `${bed}-v${RECIPE_VERSION}.flac`);
  const periodSamples = Math.round(recipe.period * MUSIC_RATE);
  const lavfi = [
    `aevalsrc=exprs='${arrangementExpr(recipe.layers)}':s=${MUSIC_RATE}:d=${num(recipe.period)}`,
    `aloop=loop=1:size=${periodSamples}`,
    recipe.effects,
    `atrim=start_sample=${periodSamples}:end_sample=${2 * periodSamples}`,
    "asetpts=PTS-STARTPTS",
  ].join(",");
  return renderOnce(file, lavfi);
}

export function stingFile(option: IntroOutro, part: "intro" | "outro"): Promise<string> | null {
  const sting = stingFor(option, part);
  if (!sting) return null;
  const file = path.join(musicDir(), `sting-${sting.name}-v${RECIPE_VERSION}.flac`);
  const lavfi = [
    `aevalsrc=exprs='${stingExpr(sting)}':s=${MUSIC_RATE}:d=${num(sting.seconds)}`,
    "aecho=0.8:0.5:90|150:0.25|0.15",
    `atrim=duration=${num(sting.seconds)}`,
    `afade=t=out:st=${num(sting.seconds - 0.2)}:d=0.2`,
  ].join(",");
  return renderOnce(file, lavfi);
}
