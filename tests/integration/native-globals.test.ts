// A library that polyfills globals (pdf.js's legacy build swaps JSON.stringify and Array.prototype.push
// for core-js versions several times slower) must never load into the web server's thread. This loads
// every app module the server can reach and checks the built-ins are still the engine's own.
import { expect, test } from "vitest";

const builtins = {
  "JSON.stringify": () => JSON.stringify,
  "JSON.parse": () => JSON.parse,
  "Array.prototype.push": () => Array.prototype.push,
  "Array.prototype.at": () => Array.prototype.at,
  "Promise.withResolvers": () => (Promise as unknown as { withResolvers?: unknown }).withResolvers,
  structuredClone: () => structuredClone,
  URL: () => URL,
};

test("no app module replaces a built-in of the server's thread", async () => {
  const before = Object.fromEntries(Object.entries(builtins).map(([name, get]) => [name, get()]));
  // Workers (worker-thread and child-process entries) are where such libraries belong. The browser's
  // entries (React's, the share page's player script and the answer form's, decisions 0174 and 0181) run in pages, never here.
  const modules = import.meta.glob([
    "/app/**/*.{ts,tsx}",
    "!/app/**/*.test.{ts,tsx}",
    "!/app/**/*-worker.ts",
    "!/app/entry.client.tsx",
    "!/app/features/podcasts/listening/player-script.ts",
    "!/app/features/contributions/answer-form-script.ts",
  ]);
  await Promise.all(Object.values(modules).map((load) => load()));
  expect(Object.keys(modules).length).toBeGreaterThan(100);
  const replaced = Object.entries(builtins)
    .filter(([name, get]) => get() !== before[name])
    .map(([name]) => name);
  expect(replaced).toEqual([]);
  expect(Function.prototype.toString.call(JSON.stringify)).toContain("[native code]");
});
