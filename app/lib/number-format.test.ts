import { describe, expect, it } from "vitest";

import { formatBytes, formatGrowth, formatUsd, growthPercent } from "./number-format";

describe("growth against last month", () => {
  it("is the percentage change with one decimal", () => {
    expect(growthPercent(2, 3)).toBe(-33.3);
    expect(growthPercent(3, 2)).toBe(50);
    expect(growthPercent(1, 3)).toBe(-66.7);
    expect(growthPercent(5, 5)).toBe(0);
  });
  it("with nothing last month: +100% when there is something now, else 0", () => {
    expect(growthPercent(4, 0)).toBe(100);
    expect(growthPercent(0, 0)).toBe(0);
  });
  it("is shown with a sign and one decimal", () => {
    expect(formatGrowth(12.345)).toBe("+12.3%");
    expect(formatGrowth(-33.3)).toBe("-33.3%");
    expect(formatGrowth(0)).toBe("0.0%");
    expect(formatGrowth(-0.01)).toBe("0.0%");
    expect(formatGrowth(100)).toBe("+100.0%");
  });
});

describe("money and sizes", () => {
  it("USD with two to four decimals", () => {
    expect(formatUsd(0)).toBe("$0.00");
    expect(formatUsd(1.75)).toBe("$1.75");
    expect(formatUsd(0.00123)).toBe("$0.0012");
  });
  it("bytes made readable", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(4096)).toBe("4.0 KB");
    expect(formatBytes(5 * 1024 * 1024 + 300_000)).toBe("5.3 MB");
  });
});
