import { expect, test } from "vitest";

import { estimateLlmCostUsd } from "./llm-cost";

test("cost per million tokens, input and output priced apart", () => {
  expect(estimateLlmCostUsd("gpt-4o-mini", 1_000_000, 1_000_000)).toBe(0.75);
  expect(estimateLlmCostUsd("gpt-4o", 1_000_000, 0)).toBe(2.5);
  expect(estimateLlmCostUsd("gpt-4o-mini-2024-07-18", 812, 240)).toBe(0.000266);
});

test("an unknown (local) model is free; negative counts count as none", () => {
  expect(estimateLlmCostUsd("llama-3.1-8b-instruct", 5000, 5000)).toBe(0);
  expect(estimateLlmCostUsd("gpt-4o-mini", -5, -5)).toBe(0);
});
