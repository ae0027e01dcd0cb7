import { describe, expect, it } from "vitest";

import { apiKeyStatus, canDeactivate, canToggle, isDimmed, keyHashPreview, usagePercent } from "./api-key-status";

const now = new Date("2030-06-01T12:00:00Z");
const key = (over: Partial<Parameters<typeof apiKeyStatus>[0]> = {}) => ({
  isActive: true,
  deactivatedAt: null,
  expiresAt: null,
  ...over,
});

describe("API key display status", () => {
  it("Active, Inactive, Expired (past expiry), Deactivated (permanent, wins)", () => {
    expect(apiKeyStatus(key(), now)).toBe("Active");
    expect(apiKeyStatus(key({ expiresAt: new Date("2030-07-01") }), now)).toBe("Active");
    expect(apiKeyStatus(key({ isActive: false }), now)).toBe("Inactive");
    expect(apiKeyStatus(key({ expiresAt: new Date("2030-06-01T11:59:59Z") }), now)).toBe("Expired");
    expect(apiKeyStatus(key({ isActive: false, expiresAt: "2020-01-01T00:00:00Z" }), now)).toBe("Expired");
    expect(
      apiKeyStatus(key({ isActive: false, deactivatedAt: new Date(), expiresAt: new Date("2020-01-01") }), now),
    ).toBe("Deactivated");
  });
  it("only an active key is bright and can be deactivated; a deactivated one cannot be toggled", () => {
    expect([isDimmed("Active"), isDimmed("Inactive"), isDimmed("Expired"), isDimmed("Deactivated")]).toEqual([
      false,
      true,
      true,
      true,
    ]);
    expect([canDeactivate("Active"), canDeactivate("Inactive"), canDeactivate("Expired")]).toEqual([
      true,
      false,
      false,
    ]);
    expect([canToggle("Inactive"), canToggle("Deactivated")]).toEqual([true, false]);
  });
});

describe("usage bar and hash", () => {
  it("is the share of the limit, capped at 100; none without a limit", () => {
    expect(usagePercent(25, 100)).toBe(25);
    expect(usagePercent(150, 100)).toBe(100);
    expect(usagePercent(3, null)).toBeNull();
  });
  it("shows the first 16 characters of the hash", () => {
    expect(keyHashPreview("0123456789abcdef0123456789abcdef")).toBe("0123456789abcdef");
  });
});
