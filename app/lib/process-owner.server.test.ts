import { expect, it } from "vitest";

import { processGone, processTag } from "./process-owner.server";

it("two copies of the module in one process are one process (the compiled server and Remix's bundle)", async () => {
  // A second instance of the module, as a second bundle loads it.
  const copy = (await import(
    /* @vite-ignore */ `./process-owner.server.ts?copy=${Date.now()}`
  )) as typeof import("./process-owner.server");
  expect(copy.processTag).toBe(processTag);
  expect(copy.processGone(processTag)).toBe(false);
  expect(processGone(copy.processTag)).toBe(false);
});

it("an earlier process with our pid, and a pid that does not exist, are gone; unknown tags are not", () => {
  expect(processGone(`${process.pid}.000000000000`)).toBe(true);
  expect(processGone("2147483646.0123456789ab")).toBe(true);
  expect(processGone("not-a-tag")).toBe(false);
});
