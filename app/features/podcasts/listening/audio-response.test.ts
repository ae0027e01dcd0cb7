import { expect, test } from "vitest";

import { parseRange } from "./audio-response.server";

test("byte ranges for seeking", () => {
  expect(parseRange(null, 100)).toBeNull();
  expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
  expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
  expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
  expect(parseRange("bytes=50-500", 100)).toEqual({ start: 50, end: 99 });
  for (const bad of ["bytes=100-", "bytes=9-1", "bytes=-0", "bytes=-", "items=0-1", "bytes=0-1,5-6"])
    expect(parseRange(bad, 100), bad).toBe("invalid");
});
