import { describe, expect, it } from "vitest";
import { estimateDurationMinutes, formatDurationRange } from "./duration-estimate";

describe("estimateDurationMinutes", () => {
  it("is at least 1 minute of narration", () => {
    expect(estimateDurationMinutes(0, "none")).toBe(1);
    expect(estimateDurationMinutes(1, "none")).toBe(1);
  });

  it("rounds narration up at 150 words per minute", () => {
    expect(estimateDurationMinutes(150, "none")).toBe(1);
    expect(estimateDurationMinutes(151, "none")).toBe(2);
    expect(estimateDurationMinutes(300, "none")).toBe(2);
    expect(estimateDurationMinutes(1500, "none")).toBe(10);
    expect(estimateDurationMinutes(1501, "none")).toBe(11);
  });

  it.each(["standard", "minimal", "custom"])("adds 2 minutes for intro/outro '%s'", (mode) => {
    expect(estimateDurationMinutes(0, mode)).toBe(3);
    expect(estimateDurationMinutes(1500, mode)).toBe(12);
  });

  it("adds nothing only for 'none'", () => {
    expect(estimateDurationMinutes(450, "none")).toBe(3);
    expect(estimateDurationMinutes(450, "standard")).toBe(5);
  });

  it("treats negative or non-finite word counts as 0", () => {
    expect(estimateDurationMinutes(-100, "none")).toBe(1);
    expect(estimateDurationMinutes(Number.NaN, "standard")).toBe(3);
    expect(estimateDurationMinutes(Number.POSITIVE_INFINITY, "none")).toBe(1);
  });
});

describe("formatDurationRange", () => {
  it("shows N to N+5 minutes", () => {
    expect(formatDurationRange(1)).toBe("1-6 minutes");
    expect(formatDurationRange(12)).toBe("12-17 minutes");
  });

  it("composes with the estimate", () => {
    expect(formatDurationRange(estimateDurationMinutes(2500, "standard"))).toBe("19-24 minutes");
  });
});
