import { expect, test } from "vitest";

import { createRenderQueue, RenderBusyError } from "./render-queue.server";

function manualRender() {
  const calls: Array<() => void> = [];
  const render = (value: string) => () =>
    new Promise<string>((resolve) => {
      calls.push(() => resolve(value));
    });
  return { calls, render };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

test("at most `running` renders at once; the next waits for a free slot", async () => {
  const queue = createRenderQueue({ running: 2, perFamily: 5, waiting: 5, retryAfterSeconds: 5 });
  const { calls, render } = manualRender();
  const results = ["a", "b", "c"].map((key, i) => queue.run(key, `family-${i}`, render(key)));
  expect(calls).toHaveLength(2);
  expect(queue.stats()).toEqual({ running: 2, waiting: 1, started: 2 });
  calls[0]!();
  await flush();
  expect(calls).toHaveLength(3);
  calls[1]!();
  calls[2]!();
  expect(await Promise.all(results)).toEqual(["a", "b", "c"]);
  expect(queue.stats()).toEqual({ running: 0, waiting: 0, started: 3 });
});

test("a family over its share and a full queue are refused with the wait to say", async () => {
  const queue = createRenderQueue({ running: 1, perFamily: 2, waiting: 2, retryAfterSeconds: 7 });
  const { calls, render } = manualRender();
  const first = queue.run("a", "smiths", render("a"));
  const second = queue.run("b", "smiths", render("b"));
  const refused = queue.run("c", "smiths", render("c"));
  await expect(refused).rejects.toBeInstanceOf(RenderBusyError);
  await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 7 });
  // Another family still gets a place in the queue, until it is full.
  const third = queue.run("d", "joneses", render("d"));
  await expect(queue.run("e", "browns", render("e"))).rejects.toBeInstanceOf(RenderBusyError);
  for (let i = 0; i < 3; i++) {
    calls[i]!();
    await flush();
  }
  expect(await Promise.all([first, second, third])).toEqual(["a", "b", "d"]);
  const again = queue.run("c", "smiths", render("c"));
  calls[3]!();
  expect(await again).toBe("c");
});

test("the same content asked for while it renders is one render, even past the family's share", async () => {
  const queue = createRenderQueue({ running: 1, perFamily: 1, waiting: 0, retryAfterSeconds: 5 });
  const { calls, render } = manualRender();
  const asks = Array.from({ length: 5 }, () => queue.run("same", "smiths", render("same")));
  expect(calls).toHaveLength(1);
  calls[0]!();
  expect(await Promise.all(asks)).toEqual(Array(5).fill("same"));
  expect(queue.stats().started).toBe(1);
});

test("a failed render frees its slot and the family's share", async () => {
  const queue = createRenderQueue({ running: 1, perFamily: 1, waiting: 0, retryAfterSeconds: 5 });
  await expect(queue.run("a", "smiths", () => Promise.reject(new Error("worker crashed")))).rejects.toThrow(
    "worker crashed",
  );
  await expect(queue.run("a", "smiths", () => Promise.resolve("made"))).resolves.toBe("made");
});
