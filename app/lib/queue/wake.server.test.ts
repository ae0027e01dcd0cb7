import { expect, it, vi } from "vitest";

import { registerJobWaker, wakeJobs } from "./wake.server";

it("a request in Remix's bundle wakes the runner the compiled server registered (two copies of the module)", async () => {
  const copy = (await import(
    /* @vite-ignore */ `./wake.server.ts?copy=${Date.now()}`
  )) as typeof import("./wake.server");
  const runner = vi.fn();
  copy.registerJobWaker(runner);
  try {
    wakeJobs();
    expect(runner).toHaveBeenCalledOnce();
  } finally {
    registerJobWaker(null);
  }
  wakeJobs();
  expect(runner).toHaveBeenCalledOnce();
});
