// Safe to run any number of times: the outbox rows, one per address by dedupe key, are the delivery record (decision 0112).
import { contactNames } from "~/features/contacts/contacts.server";
import { personName } from "~/features/contacts/person-name";
import { queueCollectionEmail } from "~/features/contributions/collection-mail.server";
import { ownerDisplayName } from "~/features/contributions/invitations.server";
import { newsletterPaths } from "~/features/newsletters/content";
import { newsletterEmail } from "~/features/newsletters/emails";
import { now } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { displayAddress } from "~/lib/display-address";
import { deliverEmails } from "~/lib/email/send.server";
import { appUrl } from "~/lib/env.server";
import type { JobHandler } from "~/lib/queue/runner.server";
import {
  deliveredAddresses,
  deliveryKey,
  distributionRecipients,
  dueNewsletterIds,
  NEWSLETTER_EMAIL_KIND,
  newsletterDeliveryContext,
} from "~/models/newsletter-delivery.server";

export type NewsletterDelivery = {
  recipients: number;
  newlySent: number;
  sentTo: string[];
};

export function newsletterRecipients(ownerId: string, campaignId: string) {
  const recipients = distributionRecipients(ownerId, campaignId);
  const contacts = contactNames(
    ownerId,
    recipients.map((r) => r.email),
  );
  return recipients.map((r) => ({
    ...r,
    name: personName({ contactName: contacts.get(r.email), invitationName: r.name }),
  }));
}

export async function deliverNewsletter(newsletterId: string): Promise<NewsletterDelivery> {
  const context = newsletterDeliveryContext(newsletterId);
  if (!context) return { recipients: 0, newlySent: 0, sentTo: [] };
  const { newsletter, campaignId, campaignOwnerId, owner, storyTitles, hasPodcast } = context;
  const recipients = newsletterRecipients(newsletter.ownerId, campaignId);
  const paths = newsletterPaths(newsletter.publicId);
  const base = appUrl();

  const { rows, newlySent, sentTo } = db.transaction(
    () => {
      const already = deliveredAddresses(newsletter.id);
      const fresh = recipients.filter((r) => !already.has(r.email));
      const input = {
        title: newsletter.title,
        subtitle: newsletter.subtitle,
        familyName: newsletter.familyName,
        edition: newsletter.edition,
        ownerName: ownerDisplayName(owner),
        storyTitles,
        readUrl: `${base}${paths.page}`,
        listenUrl: hasPodcast ? `${base}${paths.listen}` : null,
      };
      const sent: typeof fresh = [];
      const rows = fresh.flatMap((recipient) => {
        const row = queueCollectionEmail({
          kind: NEWSLETTER_EMAIL_KIND,
          to: recipient.email,
          campaign: { id: campaignId, ownerId: campaignOwnerId },
          askedBy: input.ownerName,
          replyTo: owner.email,
          render: ({ unsubscribeUrl }) => newsletterEmail({ ...input, unsubscribeUrl, recipientName: recipient.name }),
          dedupeKey: deliveryKey(newsletter.id, recipient.email),
        });
        if (row) sent.push(recipient);
        return row ? [row] : [];
      });
      return { rows, newlySent: rows.length, sentTo: sent.map((r) => r.name ?? displayAddress(r.email)) };
    },
    { behavior: "immediate" },
  );
  await deliverEmails(rows);
  return { recipients: recipients.length, newlySent, sentTo };
}

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
