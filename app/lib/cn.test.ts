import { expect, test } from "vitest";

import { cn } from "./cn";

test("cn joins the classes given, skipping the false, null, undefined and empty ones", () => {
  expect(cn("a", false, "b", null, undefined, "", "c")).toBe("a b c");
  expect(cn(false, "only")).toBe("only");
  expect(cn()).toBe("");
  expect(cn(null, undefined, false)).toBe("");
});
