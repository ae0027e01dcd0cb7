import { expect, test } from "vitest";

import { safeRedirect } from "./auth.server";

test("same-site paths pass; anything a browser would take off-site falls back", () => {
  expect(safeRedirect("/campaigns?x=1")).toBe("/campaigns?x=1");
  expect(safeRedirect("/")).toBe("/");
  for (const bad of [
    "//evil.com",
    "/\\evil.com",
    "/\\/evil.com",
    "/\t/evil.com",
    "/\n/evil.com",
    "https://evil.com",
    "evil.com",
    "",
    null,
    undefined,
  ]) {
    expect(safeRedirect(bad, "/home")).toBe("/home");
  }
});

test("such a path is percent-encoded as a browser would send it", () => {
  expect(safeRedirect("/campaigns/café?name=Zoë&x=1#ß")).toBe("/campaigns/caf%C3%A9?name=Zo%C3%AB&x=1#%C3%9F");
  expect(safeRedirect("/\u{1F600}\uD800")).toBe("/%F0%9F%98%80%EF%BF%BD");
  expect(safeRedirect("/a b\u0000c")).toBe("/a%20b%00c");
});
