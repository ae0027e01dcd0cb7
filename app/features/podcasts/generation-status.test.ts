import { describe, expect, test } from "vitest";

import { describeGenerationStatus, generationStatuses, isGenerationInProgress } from "./generation-status";

describe("generation status labels and progress (spec part 2 §4)", () => {
  test("every status has the spec's label and progress", () => {
    expect(generationStatuses.map((s) => describeGenerationStatus(s))).toEqual([
      { status: "not_started", label: "Waiting to start", progress: null },
      { status: "queued", label: "In queue", progress: 5 },
      { status: "script_generation", label: "Creating script", progress: 20 },
      { status: "voice_processing", label: "Converting to speech", progress: 50 },
      { status: "audio_processing", label: "Finalizing audio", progress: 80 },
      { status: "script_ready", label: "Script ready for review", progress: 30 },
      { status: "complete", label: "Complete", progress: 100 },
      { status: "failed", label: "Failed", progress: 100 },
    ]);
  });

  test("a stored 'pending' or an unknown value reads as not started", () => {
    expect(describeGenerationStatus("pending").label).toBe("Waiting to start");
    expect(describeGenerationStatus("weird").status).toBe("not_started");
  });

  test("pending and the working stages are in progress; complete and failed are not", () => {
    expect(
      ["pending", "queued", "script_generation", "voice_processing", "audio_processing"].every(isGenerationInProgress),
    ).toBe(true);
    expect(isGenerationInProgress("complete") || isGenerationInProgress("failed")).toBe(false);
  });
});
