// Delivering family newsletters by e-mail, driven by the owner's distribution workflow:
// - manual: only the owner's 'Send to family' (deliverNewsletter from the page's action);
// - immediate: the job enqueued with the newsletter (createNewsletter) runs deliverNewsletter;
// - scheduled/weekly/monthly/quarterly/yearly: the 'deliver-newsletters' cron job delivers the newest
//   edition of each collection whose delivery date has come (deliverDueNewsletters).
// Every path ends in deliverNewsletter, which is safe to run any number of times: each recipient's
// e-mail is written to the outbox once (dedupe key newsletter:<id>:<address>), all of one delivery
// in one transaction, then delivered; a crash after the commit leaves queued rows that the outbox's
// retry run sends, and the rows themselves say the newsletter was delivered.
import { newsletterEmail } from "~/features/newsletters/emails";
import {
  deliveredAddresses,
  deliveryKey,
  distributionRecipients,
  dueNewsletterIds,
  NEWSLETTER_EMAIL_KIND,
  newsletterDeliveryContext,
} from "~/models/newsletter-delivery.server";
import { now } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { deliverEmails, queueOutgoingEmail } from "~/lib/email/send.server";
import { appUrl } from "~/lib/env.server";
import { newsletterPaths } from "~/features/newsletters/content";
import type { JobHandler } from "~/lib/queue/runner.server";
import { ownerDisplayName } from "~/features/contributions/invitations.server";

export type NewsletterDelivery = {
  /** Everyone on the distribution list now. */
  recipients: number;
  /** Addresses that got it from this call (the others already had it). */
  newlySent: number;
};

/** E-mails the newsletter to every distribution recipient who does not have it yet. */
export async function deliverNewsletter(newsletterId: string): Promise<NewsletterDelivery> {
  const context = newsletterDeliveryContext(newsletterId);
  if (!context) return { recipients: 0, newlySent: 0 };
  const { newsletter, campaignId, owner, storyTitles, hasPodcast } = context;
  const recipients = distributionRecipients(newsletter.ownerId, campaignId);
  const paths = newsletterPaths(newsletter.publicId);
  const base = appUrl();

  const { rows, newlySent } = db.transaction(
    () => {
      const already = deliveredAddresses(newsletter.id);
      const fresh = recipients.filter((r) => !already.has(r.email));
      const rows = fresh.map((recipient) => {
        const unsubscribeUrl = recipient.unsubscribeToken ? `${base}/unsubscribe/${recipient.unsubscribeToken}` : null;
        const mail = newsletterEmail({
          title: newsletter.title,
          subtitle: newsletter.subtitle,
          familyName: newsletter.familyName,
          edition: newsletter.edition,
          ownerName: ownerDisplayName(owner),
          storyTitles,
          readUrl: `${base}${paths.page}`,
          listenUrl: hasPodcast ? `${base}${paths.listen}` : null,
          unsubscribeUrl,
        });
        return queueOutgoingEmail({
          kind: NEWSLETTER_EMAIL_KIND,
          to: recipient.email,
          ...mail,
          headers: unsubscribeUrl ? { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : {},
          dedupeKey: deliveryKey(newsletter.id, recipient.email),
        });
      });
      return { rows, newlySent: fresh.length };
    },
    { behavior: "immediate" },
  );
  await deliverEmails(rows);
  return { recipients: recipients.length, newlySent };
}

/** Delivers every newsletter whose delivery date has come; returns how many newsletters went out. */
export async function deliverDueNewsletters({ limit = 200 } = {}) {
  let delivered = 0;
  for (const id of dueNewsletterIds(now(), limit)) {
    if ((await deliverNewsletter(id)).newlySent > 0) delivered++;
  }
  return delivered;
}

export const deliverNewsletterJob: JobHandler = async (payload) => {
  if (typeof payload.newsletterId === "string") await deliverNewsletter(payload.newsletterId);
};

export const deliverDueNewslettersJob: JobHandler = async () => {
  await deliverDueNewsletters();
};
