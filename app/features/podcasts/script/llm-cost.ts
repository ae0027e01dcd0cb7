// US dollars per million tokens (input, output), as published; an unlisted model (a local server) is free.

const PRICES: [prefix: string, input: number, output: number][] = [
  // Longest prefixes first: "gpt-4o-mini" must not be priced as "gpt-4o".
  ["gpt-4.1-nano", 0.1, 0.4],
  ["gpt-4.1-mini", 0.4, 1.6],
  ["gpt-4.1", 2, 8],
  ["gpt-4o-mini", 0.15, 0.6],
  ["gpt-4o", 2.5, 10],
  ["gpt-4-turbo", 10, 30],
  ["gpt-3.5-turbo", 0.5, 1.5],
  ["o4-mini", 1.1, 4.4],
  ["o3-mini", 1.1, 4.4],
];

export function estimateLlmCostUsd(model: string, promptTokens: number, completionTokens: number) {
  const price = PRICES.find(([prefix]) => model.toLowerCase().startsWith(prefix));
  if (!price) return 0;
  const [, input, output] = price;
  const cost = (Math.max(0, promptTokens) * input + Math.max(0, completionTokens) * output) / 1_000_000;
  return Math.round(cost * 1_000_000) / 1_000_000;
}
