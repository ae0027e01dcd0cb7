// The newsletters page's intents on one collection: make the next edition, edit one, send one.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";

import { badIntent, notFound } from "~/lib/http.server";
import { wakeJobs } from "~/lib/queue/wake.server";
import { redirectWithToast } from "~/lib/toast.server";

import { deliverNewsletter } from "./delivery.server";
import { newsletterMessages } from "./messages";
import { createNewsletter, getOwnedNewsletter, updateNewsletter } from "./newsletters.server";
import { CreateNewsletterSchema, SendNewsletterSchema, UpdateNewsletterSchema } from "./schemas";

export function createNewsletterAction(ownerId: string, campaignId: string, formData: FormData, pageUrl: string) {
  const submission = parseWithZod(formData, { schema: CreateNewsletterSchema });
  if (submission.status !== "success") throw badIntent();
  const result = createNewsletter(ownerId, campaignId);
  if (!result.ok) {
    if (result.reason === "not-found") throw notFound();
    return redirectWithToast(pageUrl, newsletterMessages.toast.noStories);
  }
  // 'Immediate' distribution: the delivery job was enqueued with the newsletter.
  if (result.deliverNow) wakeJobs();
  return redirectWithToast(pageUrl, newsletterMessages.toast.created(result.newsletter.edition));
}

export function updateNewsletterAction(ownerId: string, campaignId: string, formData: FormData, pageUrl: string) {
  const submission = parseWithZod(formData, { schema: UpdateNewsletterSchema });
  if (submission.status !== "success")
    return data({ intent: "update" as const, result: submission.reply() }, { status: 400 });
  const { newsletterId, coverImageId, ...edit } = submission.value;
  const saved = updateNewsletter(ownerId, campaignId, newsletterId, { ...edit, coverImageId: coverImageId ?? null });
  if (!saved) throw notFound();
  return redirectWithToast(pageUrl, newsletterMessages.toast.updated);
}

export async function sendNewsletterAction(ownerId: string, campaignId: string, formData: FormData, pageUrl: string) {
  const submission = parseWithZod(formData, { schema: SendNewsletterSchema });
  if (submission.status !== "success") throw badIntent();
  const newsletter = getOwnedNewsletter(ownerId, campaignId, submission.value.newsletterId);
  if (!newsletter) throw notFound();
  const delivery = await deliverNewsletter(newsletter.id);
  if (delivery.recipients === 0) return redirectWithToast(pageUrl, newsletterMessages.toast.noRecipients);
  return redirectWithToast(
    pageUrl,
    delivery.newlySent > 0 ? newsletterMessages.toast.sent(delivery.sentTo) : newsletterMessages.toast.alreadySent,
  );
}
