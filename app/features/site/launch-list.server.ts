// The launch list: addresses left in the landing page's 'Coming Soon' sign-up. There is no mailing-list
// service and no table for it, so each address is kept as the confirmation e-mail the outbox sends it
// (kind 'launch_waitlist', dedupe key per address): one row per address, whatever happens, and the
// rows are the list an administrator exports.
import { asc, eq } from "drizzle-orm";
import { emailOutbox } from "#db/schema";
import { launchListEmail } from "~/features/site/emails/launch-list";
import { db } from "~/lib/db.server";
import { sendEmail } from "~/lib/email/send.server";

export const LAUNCH_LIST_KIND = "launch_waitlist";

const keyFor = (email: string) => `launch-waitlist:${email.trim().toLowerCase()}`;

/**
 * Adds the address and sends it one confirmation. An address already on the list gets nothing new
 * (so the form cannot be used to flood a mailbox) and the caller cannot tell the difference.
 */
export async function joinLaunchList(email: string) {
  const address = email.trim().toLowerCase();
  const known = db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.dedupeKey, keyFor(address))).get();
  if (known) return;
  await sendEmail({ kind: LAUNCH_LIST_KIND, to: address, ...launchListEmail(), dedupeKey: keyFor(address) });
}

/** Everyone on the launch list, first sign-up first. */
export function listLaunchList() {
  return db
    .select({ email: emailOutbox.to, joinedAt: emailOutbox.createdAt })
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, LAUNCH_LIST_KIND))
    .orderBy(asc(emailOutbox.createdAt))
    .all();
}
