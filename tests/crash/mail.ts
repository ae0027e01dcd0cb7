// The e-mail side of the crash scenarios: the environment that points a worker at the fake Mailgun,
// and what the fake accepted, counted per address.
import type { FakeMailgunRequest } from "../mocks/mailgun-server";
import { MAILGUN } from "../support/email-loop";

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
