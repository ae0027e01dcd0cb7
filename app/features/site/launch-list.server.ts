// No table: each address is kept as its confirmation e-mail in the outbox (one per address by dedupe
// key), and those rows are the list. Why: docs/decisions/0112-newsletters.md
import { emailOutbox } from "#db/schema";
import { asc, eq } from "drizzle-orm";

import { launchListEmail } from "~/features/site/emails/launch-list";
import { db } from "~/lib/db.server";
import { sendEmail } from "~/lib/email/send.server";

export const LAUNCH_LIST_KIND = "launch_waitlist";

const keyFor = (email: string) => `launch-waitlist:${email.trim().toLowerCase()}`;

/** An address already on the list gets nothing new (no flooding a mailbox), indistinguishably. */
export async function joinLaunchList(email: string) {
  const address = email.trim().toLowerCase();
  const known = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, keyFor(address)))
    .get();
  if (known) return;
  await sendEmail({
    kind: LAUNCH_LIST_KIND,
    to: address,
    autoSubmitted: "auto-generated",
    ...launchListEmail(),
    dedupeKey: keyFor(address),
  });
}

export function listLaunchList() {
  return db
    .select({ email: emailOutbox.to, joinedAt: emailOutbox.createdAt })
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, LAUNCH_LIST_KIND))
    .orderBy(asc(emailOutbox.createdAt))
    .all();
}
