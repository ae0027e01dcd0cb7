import { expect, it } from "vitest";

import { GENERATION_MAX_ATTEMPTS } from "~/features/podcasts/podcasts.server";

import { requestPodcast, runJobAttemptsCrash } from "../crash/job-attempts";

// The scenario (tests/crash/job-attempts.ts) is shared with `npm run crash`.
it("a job that kills its process at every start is failed once its attempts are used, and its owner told", async () => {
  const { outcome, kills, job, podcast, ownerEmails } = await runJobAttemptsCrash({
    podcastId: await requestPodcast(),
  });
  expect(kills).toBe(GENERATION_MAX_ATTEMPTS);
  expect(job).toMatchObject({
    status: "failed",
    attempts: GENERATION_MAX_ATTEMPTS,
    lastError: expect.stringContaining("stopped the server"),
  });
  expect(podcast).toMatchObject({ status: "failed" });
  expect(ownerEmails.filter((kind) => kind === "podcast_failed")).toHaveLength(1);
  expect(outcome.problems).toEqual([]);
}, 180_000);
