import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { customLimitErrors } from "./custom-limit";
import { CustomLimitSchema } from "./user-schemas";

// What a number input can send, and a few it cannot: the browser's check refuses what the schema
// refuses, with its words, and lets through only what the schema takes or refuses for being too large.
describe("customLimitErrors", () => {
  for (const raw of [
    "",
    " ",
    "0",
    "-3",
    "0.5",
    "1.5",
    "1",
    "12",
    "1e3",
    "1000000",
    "1000001",
    "abc",
    "Infinity",
    undefined,
  ]) {
    it(`agrees with CustomLimitSchema on ${JSON.stringify(raw)}`, () => {
      const form = new FormData();
      if (raw !== undefined) form.set("podcastLimit", raw);
      const submission = parseWithZod(form, { schema: CustomLimitSchema });
      const browser = customLimitErrors(raw);
      if (browser) expect(submission.status === "error" ? submission.error?.podcastLimit : undefined).toEqual(browser);
      else if (submission.status !== "success") expect(Number(raw)).toBeGreaterThan(1_000_000);
    });
  }
});
