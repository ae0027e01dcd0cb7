import { expect, test } from "vitest";
import { safeRedirect } from "./auth.server";

test("same-site paths pass; anything a browser would take off-site falls back", () => {
  expect(safeRedirect("/campaigns?x=1")).toBe("/campaigns?x=1");
  expect(safeRedirect("/")).toBe("/");
  for (const bad of ["//evil.com", "/\\evil.com", "/\\/evil.com", "/\t/evil.com", "/\n/evil.com", "https://evil.com", "evil.com", "", null, undefined]) {
    expect(safeRedirect(bad, "/home")).toBe("/home");
  }
});
