// The estimate from the stored paces (seeded here; measuring is voice-pace.server.test.ts's).
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";

import { PAUSES } from "~/audio/timeline";
import { CALIBRATION_VERSION, paceFile } from "~/audio/voice-pace.server";
import { countWords } from "~/lib/word-count";

import { VoiceConfigSchema } from "../schemas";
import { writeBuiltinScript } from "../script/builtin-script-writer";
import { episodeSeconds } from "./duration-estimate";
import { estimateEpisode, minutesPerThousandWords } from "./episode-estimate.server";

const PACE: Record<string, number> = {
  "flite-slt-1.1-p0.89": 150,
  "flite-slt-0.95": 180,
  "flite-rms-1.1": 120,
  "flite-rms-0.95": 140,
  "flite-awb-1.1": 130,
  "flite-awb-0.95": 160,
};

beforeAll(() => {
  process.env.VOICES_DIR = path.join(path.dirname(paceFile()), "no-voices");
  fs.mkdirSync(path.dirname(paceFile()), { recursive: true });
  const voices = Object.fromEntries(
    Object.entries(PACE).map(([tag, wordsPerMinute]) => [
      tag,
      { wordsPerMinute, measuredAt: "2026-11-25T00:00:00.000Z" },
    ]),
  );
  fs.writeFileSync(paceFile(), JSON.stringify({ version: CALIBRATION_VERSION, voices }));
});

const story = {
  title: "The Lake",
  content:
    "We drove to the lake every summer. The car was old and slow.\n\nGrandpa sang the whole way there. Nobody minded.",
};

describe("estimateEpisode", () => {
  test("one host: the script's words (welcome and goodbye too) at the voice's stored pace, with the pauses", () => {
    const voice = VoiceConfigSchema.parse({});
    const estimate = estimateEpisode(story, voice);
    expect(estimate.measured).toBe(true);
    const lines = writeBuiltinScript({
      podcastId: "x",
      title: story.title,
      hostCount: 1,
      format: "single_host",
      stories: [story],
    });
    const words = lines.reduce((n, l) => n + countWords(l.text), 0);
    expect(lines).toHaveLength(4);
    const expected = (words / 150) * 60 + 3 * PAUSES.turn + 4 * PAUSES.sentence;
    expect(estimate.speechSeconds).toBeCloseTo(expected, 1);
    expect(estimate.stingSeconds).toMatchObject({ standard: 6, none: 0 });
  });

  test("the chosen speed and each host's own voice count", () => {
    const slow = estimateEpisode(story, VoiceConfigSchema.parse({ primarySpeed: 0.5 }));
    const normal = estimateEpisode(story, VoiceConfigSchema.parse({}));
    expect(slow.speechSeconds).toBeGreaterThan(normal.speechSeconds * 1.6);
    const withHenry = estimateEpisode(story, VoiceConfigSchema.parse({ hostCount: 2 }));
    const withClaire = estimateEpisode(
      story,
      VoiceConfigSchema.parse({ hostCount: 2, secondaryVoice: "female-professional" }),
    );
    expect(withHenry.speechSeconds).toBeGreaterThan(withClaire.speechSeconds);
    expect(episodeSeconds(withHenry, "none", "standard")).toBeCloseTo(withHenry.speechSeconds + 0.9 + 6);
  });
});

test("the help centre's minutes per 1,000 words follow the default voice's pace", () => {
  expect(minutesPerThousandWords()).toBeGreaterThanOrEqual(7);
  expect(minutesPerThousandWords()).toBeLessThanOrEqual(8.5);
});
