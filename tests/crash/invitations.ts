// Crash scenario: a job worker is SIGKILLed part-way through sending a collection's invitations, then
// started again. Every invitation must reach (fake) Mailgun exactly once and nothing may stay unsent.
import { emailOutbox, invitations, jobs } from "#db/schema";
import { and, eq, inArray } from "drizzle-orm";

import { db } from "~/lib/db.server";

import { startFakeMailgun } from "../mocks/mailgun-server";
import { MAILGUN, makeCollection } from "../support/email-loop";
import { countProblems, type CrashOutcome, type Random } from "./harness";
import { killMailWorkerMidway } from "./mail";

export type InvitationCrash = { outcome: CrashOutcome; killedAfter: number; requests: number };

export async function runInvitationCrash({
  count,
  random,
}: {
  count: number;
  random: Random;
}): Promise<InvitationCrash> {
  const fake = await startFakeMailgun(MAILGUN);
  try {
    const addresses = Array.from({ length: count }, (_, i) => `relative-${i}@example.com`);
    const { campaign } = makeCollection({ emails: addresses });
    const { killedAfter, restarted, orphans, perAddress } = await killMailWorkerMidway(fake, count, random);
    const rows = db.select().from(invitations).where(eq(invitations.campaignId, campaign.id)).all();
    const unsent = rows.filter((i) => i.status !== "sent").length;
    const keys = new Set(rows.map((i) => `invitation:${i.id}`));
    const outboxLeft = db
      .select({ key: emailOutbox.dedupeKey })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.kind, "campaign_invitation"),
          inArray(emailOutbox.status, ["queued", "sending", "retrying", "failed"]),
        ),
      )
      .all()
      .filter((m) => keys.has(m.key ?? "")).length;
    const jobsLeft = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.type, "dispatch-invitations"), eq(jobs.status, "running")))
      .all().length;
    const outcome = countProblems(
      {
        scenario: `e-mail delivery (${count} invitations)`,
        killPoint: `after ${killedAfter} of ${count} requests`,
        expected: count,
        delivered: addresses.filter((a) => perAddress.has(a)).length,
        duplicates: [...perAddress.values()].reduce((sum, n) => sum + n - 1, 0),
        stuck: unsent + outboxLeft + jobsLeft + orphans.length,
      },
      restarted === 0 ? [] : [`the restarted worker exited with ${restarted}`],
    );
    return { outcome, killedAfter, requests: fake.requests.length };
  } finally {
    await fake.close();
  }
}
