// Crash scenario: a family newsletter ('immediate' distribution) is being e-mailed to its recipients
// by the job worker, which is SIGKILLed part-way and started again. Each recipient must get it
// exactly once, and no e-mail or job may stay unfinished.
import { emailOutbox, jobs } from "#db/schema";
import { and, eq, gte, inArray, lt } from "drizzle-orm";

import { createNewsletter } from "~/features/newsletters/newsletters.server";
import { db } from "~/lib/db.server";
import { saveWorkflowSettings } from "~/models/workflow.server";

import { startFakeMailgun } from "../mocks/mailgun-server";
import { MAILGUN } from "../support/email-loop";
import { createTestUser } from "../utils/auth";
import { createNewsletterCollection } from "../utils/newsletter-helpers";
import { countProblems, type CrashOutcome, type Random } from "./harness";
import { killMailWorkerMidway } from "./mail";

export type NewsletterCrash = { outcome: CrashOutcome; newsletterId: string; killedAfter: number };

export async function runNewsletterCrash({
  recipients: count,
  random,
}: {
  recipients: number;
  random: Random;
}): Promise<NewsletterCrash> {
  const fake = await startFakeMailgun(MAILGUN);
  try {
    const owner = await createTestUser();
    saveWorkflowSettings(owner.id, {
      collection: { mode: "manual", startDate: null, maxReminders: 3, contributors: [] },
      distribution: {
        mode: "immediate",
        scheduledDate: null,
        dayOfWeek: null,
        dayOfMonth: null,
        monthOfYear: null,
        recipients: [],
      },
    });
    // No recipients configured: the newsletter goes to the collection's invitees.
    const addresses = Array.from({ length: count }, (_, i) => `family-${i}@example.com`);
    const { campaign } = await createNewsletterCollection(owner.id, { invitees: addresses, podcast: false });
    const made = createNewsletter(owner.id, campaign.id);
    if (!made.ok || !made.deliverNow) throw new Error("the newsletter was not created for immediate delivery");
    const newsletterId = made.newsletter.id;

    const { killedAfter, restarted, orphans, perAddress } = await killMailWorkerMidway(fake, count, random);
    // The newsletter's outbox rows (dedupe keys newsletter:<id>:<address>, see newsletter-delivery.server.ts).
    const rows = db
      .select({ status: emailOutbox.status })
      .from(emailOutbox)
      .where(
        and(
          gte(emailOutbox.dedupeKey, `newsletter:${newsletterId}:`),
          lt(emailOutbox.dedupeKey, `newsletter:${newsletterId};`),
        ),
      )
      .all();
    const jobLeft = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.dedupeKey, `newsletter-immediate:${newsletterId}`),
          inArray(jobs.status, ["queued", "running", "failed"]),
        ),
      )
      .all().length;
    const extra: string[] = [];
    if (restarted !== 0) extra.push(`the restarted worker exited with ${restarted}`);
    if (rows.length !== count) extra.push(`${rows.length} outbox rows for ${count} recipients`);
    const outcome = countProblems(
      {
        scenario: `newsletter delivery (${count} recipients)`,
        killPoint: `after ${killedAfter} of ${count} requests`,
        expected: count,
        delivered: addresses.filter((a) => perAddress.has(a)).length,
        duplicates: [...perAddress.values()].reduce((sum, n) => sum + n - 1, 0),
        stuck: rows.filter((r) => r.status !== "sent").length + jobLeft + orphans.length,
      },
      extra,
    );
    return { outcome, newsletterId, killedAfter };
  } finally {
    await fake.close();
  }
}
