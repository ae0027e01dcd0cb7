// The e-mail side of the crash scenarios: the environment that points a worker at the fake Mailgun,
// the kill-and-restart of a worker part-way through `count` sends, and what the fake accepted per address.
import type { FakeMailgunRequest, startFakeMailgun } from "../mocks/mailgun-server";
import { MAILGUN } from "../support/email-loop";
import { killWhen, randomInt, startWorker, survivors, type Random } from "./harness";

/** The job worker the mail scenarios kill and restart. */
export const JOB_WORKER = "tests/support/job-worker.ts";

export function mailWorkerEnv(mailgunUrl: string): Record<string, string> {
  return {
    MAILGUN_API_KEY: MAILGUN.apiKey,
    MAILGUN_DOMAIN: MAILGUN.domain,
    MAILGUN_URL: mailgunUrl,
    // The fake's event log has no lag: a claim left by the killed worker is settled at once.
    EMAIL_RECONCILE_AFTER_MS: "0",
  };
}

/** Accepted messages per recipient (a refused request delivered nothing). */
export function acceptedPerAddress(requests: FakeMailgunRequest[]) {
  const counts = new Map<string, number>();
  for (const r of requests) {
    const to = r.field("to");
    if (r.status === 200 && to) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

/**
 * Starts the job worker, SIGKILLs it once the fake Mailgun has seen a random 10–90% of `count`
 * requests, starts it again and lets it finish. Answers where it was killed, the processes the killed
 * worker left running, and the accepted messages per address.
 */
export async function killMailWorkerMidway(
  fake: Awaited<ReturnType<typeof startFakeMailgun>>,
  count: number,
  random: Random,
) {
  const killAfter = randomInt(random, Math.ceil(count * 0.1), Math.floor(count * 0.9));
  const env = mailWorkerEnv(fake.url);
  const kill = await killWhen(startWorker(JOB_WORKER, env), () => fake.requests.length >= killAfter);
  const killedAfter = fake.requests.length;
  const restarted = await startWorker(JOB_WORKER, env).exited;
  const orphans = await survivors(kill.orphans);
  return { killedAfter, restarted, orphans, perAddress: acceptedPerAddress(fake.requests) };
}
