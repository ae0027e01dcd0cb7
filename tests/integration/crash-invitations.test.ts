import { expect, it } from "vitest";

import { crashSeed, seededRandom } from "../crash/harness";
import { runInvitationCrash } from "../crash/invitations";

// The scenario (tests/crash/invitations.ts) is shared with `npm run crash`.
const COUNT = 1000;
const seed = crashSeed();

it(`kill -9 during a batch of ${COUNT} invitations, start again: each is sent exactly once (seed ${seed})`, async () => {
  const { outcome, killedAfter, requests } = await runInvitationCrash({ count: COUNT, random: seededRandom(seed) });
  expect(killedAfter).toBeLessThan(COUNT);
  expect(outcome.problems).toEqual([]);
  expect(outcome).toMatchObject({ expected: COUNT, delivered: COUNT, duplicates: 0, stuck: 0 });
  console.log(
    `crash test: killed after ${killedAfter} requests; ${requests} requests for ${COUNT} invitations, no duplicates`,
  );
}, 120_000);
