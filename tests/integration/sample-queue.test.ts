// Parallel "Listen" clicks start at most the queue's bound of render processes (counted
// as real forks of the render worker); the rest are told 429 with Retry-After or share a render.
import type { ChildProcess } from "node:child_process";
import { describe, expect, test, vi } from "vitest";

import { sampleQueue } from "~/audio/render-queue.server";
import { addPronunciation } from "~/features/podcasts/script/pronunciations.server";
import * as listenRoute from "~/routes/_app+/pronunciations.$id.listen";
import * as voiceSampleApi from "~/routes/api+/voices+/$voiceId.sample";

import { callRoute, createTestUser, makeRequest, type TestUser } from "../utils/auth";
import { withoutPiperVoices } from "../utils/no-piper-voices";

// Counts the render workers alive at once; every fork still runs for real.
const workers = vi.hoisted(() => ({ alive: 0, peak: 0, started: 0 }));
vi.mock("node:child_process", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:child_process")>();
  const fork = ((...args: Parameters<typeof real.fork>) => {
    const child: ChildProcess = real.fork(...args);
    workers.started++;
    workers.alive++;
    workers.peak = Math.max(workers.peak, workers.alive);
    child.once("exit", () => workers.alive--);
    return child;
  }) as typeof real.fork;
  return { ...real, default: { ...real, fork }, fork };
});

withoutPiperVoices("sample-queue-");

/** The bound of sample renders running at once (app/audio/render-queue.server.ts). */
const RUNNING = 2;
const PER_FAMILY = 2;

const listen = (user: TestUser, id: string) =>
  callRoute(listenRoute.loader, makeRequest(`/pronunciations/${id}/listen`, { cookie: user.cookie }), { id });

async function entries(user: TestUser, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push(addPronunciation(user.id, { term: `Name${i}`, sayAs: `say ${user.id.slice(0, 6)} number ${i}` }).id);
  return ids;
}

async function isMp3(response: Response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  return (
    bytes.length > 1000 &&
    (String.fromCharCode(...bytes.subarray(0, 3)) === "ID3" || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0))
  );
}

describe("the sample queue", () => {
  test("20 parallel Listen requests from one family: at most the bound renders, the rest 429 with Retry-After or the same render", async () => {
    const family = await createTestUser();
    const ids = await entries(family, 5);
    const before = workers.started;
    // Each of five entries asked for four times, all at once.
    const asked = Array.from({ length: 20 }, (_, i) => ids[i % 5]!);
    const responses = await Promise.all(asked.map((id) => listen(family, id)));

    const renders = workers.started - before;
    expect(renders).toBeGreaterThanOrEqual(1);
    expect(renders).toBeLessThanOrEqual(PER_FAMILY);
    expect(workers.peak).toBeLessThanOrEqual(RUNNING);
    const served = new Set<string>();
    for (const [i, response] of responses.entries()) {
      if (response.status === 200) {
        expect(await isMp3(response)).toBe(true);
        served.add(asked[i]!);
      } else {
        expect(response.status).toBe(429);
        expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
        expect(await response.text()).toMatch(/try again in \d+ seconds/);
      }
    }
    // Every entry that was rendered was served to all four who asked for it.
    expect(served.size).toBe(renders);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(renders * 4);

    // Asked again, the rendered ones come from storage: no new worker.
    const again = await Promise.all([...served].flatMap((id) => [listen(family, id), listen(family, id)]));
    expect(again.map((r) => r.status)).toEqual(Array(again.length).fill(200));
    expect(workers.started - before).toBe(renders);
  }, 120_000);

  test("families together: never more than the bound running; those waiting are served in turn", async () => {
    const families = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
    const asks = await Promise.all(families.map(async (family) => ({ family, ids: await entries(family, 2) })));
    const before = workers.started;
    workers.peak = workers.alive;
    const responses = await Promise.all(asks.flatMap(({ family, ids }) => ids.map((id) => listen(family, id))));
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(workers.started - before).toBe(6);
    expect(workers.peak).toBeLessThanOrEqual(RUNNING);
  }, 180_000);

  test("the voices step's samples share the queue and say 429 with Retry-After as JSON", async () => {
    const family = await createTestUser();
    const sample = (voice: string, accent: string) =>
      callRoute(
        voiceSampleApi.loader,
        makeRequest(`/api/voices/${voice}/sample?accent=${accent}`, { cookie: family.cookie }),
        { voiceId: voice },
      );
    const ids = await entries(family, 2);
    // The family's two places are taken by pronunciation samples; a voice sample must wait its turn.
    const busy = [listen(family, ids[0]!), listen(family, ids[1]!)];
    await vi.waitFor(() => expect(sampleQueue.stats().running).toBe(2), { timeout: 60_000, interval: 20 });
    const refused = await sample("female-professional", "american");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(/try again/);
    expect((await Promise.all(busy)).map((r) => r.status)).toEqual([200, 200]);
    const served = await sample("female-professional", "american");
    expect(served.status).toBe(200);
    expect(await isMp3(served)).toBe(true);
  }, 120_000);
});
