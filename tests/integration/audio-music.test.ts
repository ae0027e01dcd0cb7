// The music beds and stings are real audio made by ffmpeg from the arrangements in music.server.ts:
// each bed loops seamlessly at its period, all sit at the same loudness, and no two sound alike.
import fs from "node:fs";
import { describe, expect, test } from "vitest";

import { MUSIC_BEDS, type MusicBed } from "~/audio/audio-options";
import {
  BED_RECIPES,
  MUSIC_FILE_LUFS,
  MUSIC_RATE,
  musicBedFile,
  noteHz,
  stingFile,
  stingSeconds,
} from "~/audio/music.server";

import { decodeMono, integratedLoudness, probe, rmsDb } from "../utils/audio-helpers";

const RATE = 11025;

describe("music beds", () => {
  test("notes are tuned to A440", () => {
    expect(noteHz("A4")).toBe(440);
    expect(noteHz("C4")).toBeCloseTo(261.626, 2);
    expect(noteHz("Bb2")).toBeCloseTo(116.541, 2);
  });

  test("every bed of both lists is a distinct, level, seamless loop; made once, then reused", async () => {
    const decoded = new Map<MusicBed, Float32Array>();
    for (const bed of MUSIC_BEDS) {
      const file = await musicBedFile(bed);
      const info = await probe(file);
      expect(info.streams[0]).toMatchObject({ codec_name: "flac", sample_rate: String(MUSIC_RATE), channels: 1 });
      expect(Number(info.format.duration)).toBeCloseTo(BED_RECIPES[bed].period, 2);
      expect(Math.abs((await integratedLoudness(file)) - MUSIC_FILE_LUFS)).toBeLessThan(1);

      const samples = await decodeMono(file, RATE);
      // Sound all through (no dead gaps longer than a second) …
      for (let t = 0; t + 1 <= BED_RECIPES[bed].period; t += 1)
        expect(rmsDb(samples, RATE, t, t + 1)).toBeGreaterThan(-45);
      // … and the end runs into the start without a jump.
      expect(Math.abs(samples[samples.length - 1]! - samples[0]!)).toBeLessThan(0.05);
      decoded.set(bed, samples);
    }

    // No two beds alike: their first four seconds are uncorrelated.
    const correlation = (a: Float32Array, b: Float32Array) => {
      let ab = 0,
        aa = 0,
        bb = 0;
      for (let i = 0; i < 4 * RATE; i++) {
        ab += a[i]! * b[i]!;
        aa += a[i]! ** 2;
        bb += b[i]! ** 2;
      }
      return ab / Math.sqrt(aa * bb);
    };
    for (const [i, a] of MUSIC_BEDS.entries()) {
      for (const b of MUSIC_BEDS.slice(i + 1))
        expect(Math.abs(correlation(decoded.get(a)!, decoded.get(b)!))).toBeLessThan(0.5);
    }

    // Cached: asking again returns the same file, not rewritten (a render would replace it).
    const file = await musicBedFile("gentle-piano");
    const before = fs.statSync(file, { bigint: true });
    expect(await musicBedFile("gentle-piano")).toBe(file);
    const after = fs.statSync(file, { bigint: true });
    expect([after.ino, after.mtimeNs]).toEqual([before.ino, before.mtimeNs]);
  }, 180_000);

  test("intro and outro stings per option; none has none and custom uses the standard ones", async () => {
    expect(stingFile("none", "intro")).toBeNull();
    expect(stingSeconds("none", "outro")).toBe(0);
    expect(stingSeconds("custom", "intro")).toBe(stingSeconds("standard", "intro"));
    for (const option of ["standard", "minimal", "family"] as const) {
      for (const part of ["intro", "outro"] as const) {
        const file = (await stingFile(option, part))!;
        expect(Number((await probe(file)).format.duration)).toBeCloseTo(stingSeconds(option, part), 2);
        expect(rmsDb(await decodeMono(file, RATE), RATE, 0, 1)).toBeGreaterThan(-40);
      }
    }
  }, 60_000);
});
