import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";

import { blockedRecipients } from "~/features/contacts/contacts.server";
import { addressMessages, mergeMailboxes, parseAddressList, type Mailbox } from "~/lib/email-address";
import { badIntent, notFound } from "~/lib/http.server";
import { recordSystemError } from "~/lib/system-errors.server";
import { redirectWithToast } from "~/lib/toast.server";
import { constraintOf } from "~/lib/zod-constraint";
import { createCampaign } from "~/models/campaign.server";
import { listContactGroups, listGroupContacts } from "~/models/contact-group.server";

import { COLLECTION_FORM_INTENT as INTENT, type CollectionFormData, type CollectionFormGroup } from "./collection-form";
import { campaignMessages } from "./messages";
import { CreateCollectionSchema, scheduledDateToUtc } from "./schemas";

const strings = (values: FormDataEntryValue[]) => values.filter((v): v is string => typeof v === "string");
const postedRecipients = (formData: FormData) => parseAddressList(strings(formData.getAll("recipients"))).mailboxes;

function keepState(
  formData: FormData,
  recipients: Mailbox[],
  typed?: { value: string; error: string | null },
): Omit<CollectionFormData, "blocked"> {
  const next = new FormData();
  for (const [key, value] of formData) {
    if (key !== "recipients" && key !== "intent" && !(typed && key === "emailInput")) next.append(key, value);
  }
  if (typed?.value) next.append("emailInput", typed.value);
  const result = parseWithZod(next, { schema: z.object({}) }).reply(
    typed?.error ? { fieldErrors: { emailInput: [typed.error] } } : undefined,
  );
  return { result, recipients };
}

const emailsOf = (recipients: Mailbox[]) => recipients.map((r) => r.email);

export function collectionFormGroups(ownerId: string): CollectionFormGroup[] {
  return listContactGroups(ownerId).map(({ id, name, isDefault }) => ({ id, name, isDefault }));
}

export const collectionFormConstraint = () => constraintOf(CreateCollectionSchema);

async function withGroup(ownerId: string, current: Mailbox[], groupId: string) {
  if (!groupId) return current;
  const contacts = await listGroupContacts(ownerId, groupId);
  if (!contacts) return null;
  const members = parseAddressList(contacts.map((c) => c.email)).mailboxes;
  const names = new Map(contacts.map((c) => [c.email.toLowerCase(), c.preferredName?.trim() || null]));
  return mergeMailboxes(
    current,
    members.map((m) => ({ ...m, name: names.get(m.email) ?? null })),
  );
}

// A GET, not a fetcher POST: that reloads every loader, root's included, which could swallow the
// one-shot toast of a "Create" sent meanwhile (decision 0164).
export async function checkCollectionRecipients(
  ownerId: string,
  url: URL,
): Promise<Pick<CollectionFormData, "recipients" | "blocked">> {
  const typed = parseAddressList(url.searchParams.getAll("recipients")).mailboxes;
  const recipients = await withGroup(ownerId, typed, url.searchParams.get("groupId") ?? "");
  if (!recipients) throw notFound();
  return { recipients, blocked: blockedRecipients(ownerId, emailsOf(recipients)) };
}

export async function handleCollectionForm(ownerId: string, formData: FormData, workflow: string) {
  const intent = String(formData.get("intent") ?? INTENT.create);
  const current = postedRecipients(formData);
  const echo = (recipients: Mailbox[], typed?: { value: string; error: string | null }): CollectionFormData => ({
    ...keepState(formData, recipients, typed),
    blocked: blockedRecipients(ownerId, emailsOf(recipients)),
  });

  if (intent === INTENT.addEmails) {
    const { mailboxes, invalid } = parseAddressList(String(formData.get("emailInput") ?? ""));
    const typed = { value: invalid.join(", "), error: invalid.length ? addressMessages.invalidEntries(invalid) : null };
    return data(echo(mergeMailboxes(current, mailboxes), typed), { status: invalid.length ? 400 : 200 });
  }
  if (intent === INTENT.addGroup) {
    const recipients = await withGroup(ownerId, current, String(formData.get("groupId") ?? ""));
    if (!recipients) throw notFound();
    return echo(recipients);
  }
  if (intent.startsWith(INTENT.removePrefix)) {
    const removed = intent.slice(INTENT.removePrefix.length).trim().toLowerCase();
    return echo(current.filter((r) => r.email !== removed));
  }
  if (intent !== INTENT.create) throw badIntent();

  const submission = parseWithZod(formData, { schema: CreateCollectionSchema });
  if (submission.status !== "success") {
    return data<CollectionFormData>(
      { result: submission.reply(), recipients: current, blocked: blockedRecipients(ownerId, emailsOf(current)) },
      { status: 400 },
    );
  }
  const { title, description, prompt, scheduledDate, timezoneOffset, recipients } = submission.value;
  try {
    const campaign = createCampaign(ownerId, {
      title,
      description,
      prompt,
      inviteEmails: recipients,
      scheduledDate: scheduledDateToUtc(scheduledDate, timezoneOffset) ?? null,
    });
    return redirectWithToast("/campaigns", campaignMessages.created(campaign.title, campaign.invitedCount));
  } catch (error) {
    recordSystemError({ error, errorType: "campaign_create_failed", workflow });
    const result = submission.reply({ formErrors: [campaignMessages.createFailed.description] });
    return data<CollectionFormData>(
      { result, recipients: current, blocked: blockedRecipients(ownerId, emailsOf(current)) },
      { status: 500 },
    );
  }
}
