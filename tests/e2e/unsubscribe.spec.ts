// Unsubscribing from a newsletter the owner sent to an address of the distribution list (decision 0200),
// with JavaScript on and off, on a phone: the e-mail carries the one-click headers and a visible link,
// the link's page asks and then unsubscribes, and the next edition does not go to that address.
import { randomUUID } from "node:crypto";
import { emailOutbox } from "#db/schema";
import { and, eq } from "drizzle-orm";

import { deliverNewsletter } from "~/features/newsletters/delivery.server";
import { createNewsletter } from "~/features/newsletters/newsletters.server";
import { db } from "~/lib/db.server";
import { saveWorkflowSettings } from "~/models/workflow.server";

import { axeViolations } from "../utils/axe-scan";
import { overflow, resizeTo, SCREENS } from "../utils/layout-checks";
import { createNewsletterCollection } from "../utils/newsletter-helpers";
import { expect, test, visit } from "./fixtures";

const newsletterTo = (address: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, "family_newsletter"), eq(emailOutbox.to, address)))
    .all();

test("a distribution-list recipient unsubscribes from the newsletter's link and gets no next edition", async ({
  page,
  user,
}) => {
  const cousin = `cousin-${randomUUID()}@example.com`;
  const aunt = `aunt-${randomUUID()}@example.com`;
  saveWorkflowSettings(user.id, {
    collection: { mode: "manual", startDate: null, maxReminders: 3, contributors: [] },
    distribution: {
      mode: "manual",
      scheduledDate: null,
      dayOfWeek: null,
      dayOfMonth: null,
      monthOfYear: null,
      recipients: [cousin, aunt],
    },
  });
  const { campaign } = await createNewsletterCollection(user.id, { podcast: false });
  const first = createNewsletter(user.id, campaign.id);
  if (!first.ok) throw new Error("no newsletter");
  await deliverNewsletter(first.newsletter.id);

  const [mail] = newsletterTo(cousin);
  const link = /^<(http:\/\/[^>]+\/unsubscribe\/[^>]+)>$/.exec(mail!.headers["List-Unsubscribe"] ?? "")?.[1];
  expect(link).toBeDefined();
  expect(mail!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  // The same link is shown in the message, in both versions.
  expect(mail!.html).toContain(`<a href="${link}"`);
  expect(mail!.text).toContain(`Unsubscribe from "${campaign.title}":\n${link}`);

  await resizeTo(page, SCREENS[0]);
  await visit(page, new URL(link!).pathname);
  await expect(page.getByRole("heading", { name: "Unsubscribe?" })).toBeVisible();
  await expect(
    page.getByText(`Stop receiving e-mails about "${campaign.title}": invitations, reminders and newsletters.`),
  ).toBeVisible();
  expect(await overflow(page, "unsubscribe page")).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { name: "You're unsubscribed" })).toBeVisible();
  await expect(page.getByText(`You will get no more e-mails about "${campaign.title}".`)).toBeVisible();
  expect(await overflow(page, "unsubscribed page")).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);

  // The aunt uses her mail app's one-click unsubscribe instead: a POST to the header's link.
  const auntLink = /<([^>]+)>/.exec(newsletterTo(aunt)[0]!.headers["List-Unsubscribe"]!)![1]!;
  expect(
    (await page.request.post(new URL(auntLink).pathname, { form: { "List-Unsubscribe": "One-Click" } })).status(),
  ).toBe(200);

  const second = createNewsletter(user.id, campaign.id);
  if (!second.ok) throw new Error("no newsletter");
  await deliverNewsletter(second.newsletter.id);
  expect(newsletterTo(cousin)).toHaveLength(1);
  expect(newsletterTo(aunt)).toHaveLength(1);
});
