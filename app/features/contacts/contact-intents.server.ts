// The contacts page's intents: saving and deleting contacts and groups, and the address check.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";

import { notFound } from "~/lib/http.server";
import { errorMessages } from "~/lib/messages";
import { recordSystemError } from "~/lib/system-errors.server";
import { redirectWithToast } from "~/lib/toast.server";
import {
  createContactGroup,
  deleteContactGroup,
  getOwnedContactGroup,
  updateContactGroup,
} from "~/models/contact-group.server";

import { blockedRecipients, createContact, deleteContact, getOwnedContact, updateContact } from "./contacts.server";
import { contactMessages } from "./messages";
import { ContactFormSchema, DeleteSchema, GroupFormSchema } from "./schemas";

export function owned<T>(thing: T | undefined): T {
  if (!thing) throw notFound();
  return thing;
}

export type ContactIntent = "create-contact" | "update-contact" | "create-group" | "update-group";

function guarded<T>(work: () => T, workflow: string): T | undefined {
  try {
    return work();
  } catch (error) {
    recordSystemError({ error, errorType: "contacts", workflow });
    return undefined;
  }
}

export async function saveContactAction(ownerId: string, formData: FormData, intent: ContactIntent, back: string) {
  // Ownership before validation, so another user's id is a 404 whatever else was sent.
  const contactId =
    intent === "update-contact"
      ? owned(getOwnedContact(ownerId, String(formData.get("contactId") ?? ""))).id
      : undefined;
  const submission = parseWithZod(formData, { schema: ContactFormSchema });
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  const { contactId: _ignored, ...values } = submission.value;
  // A form sends every field, so an emptied field clears it.
  const input = { ...values, preferredName: values.preferredName ?? null, notes: values.notes ?? null };
  const result = guarded(
    () => (contactId ? updateContact(ownerId, contactId, input) : createContact(ownerId, input)),
    intent,
  );
  if (!result)
    return data({ intent, result: submission.reply({ formErrors: [errorMessages.unexpected] }) }, { status: 500 });
  if (!result.ok)
    return data(
      { intent, result: submission.reply({ formErrors: [contactMessages.contact.duplicateEmail] }) },
      { status: 400 },
    );
  const blocked = blockedRecipients(ownerId, [result.contact.email])[result.contact.email];
  return redirectWithToast(back, {
    title: contactId ? contactMessages.contact.updated : contactMessages.contact.created,
    description: blocked ? contactMessages.blocked.note(result.contact.email, blocked) : undefined,
  });
}

export async function saveGroupAction(ownerId: string, formData: FormData, intent: ContactIntent, back: string) {
  const groupId =
    intent === "update-group"
      ? owned(await getOwnedContactGroup(ownerId, String(formData.get("groupId") ?? ""))).id
      : undefined;
  const submission = parseWithZod(formData, { schema: GroupFormSchema });
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  const { groupId: _ignored, ...values } = submission.value;
  const input = { ...values, description: values.description ?? null };
  const result = guarded(
    () => (groupId ? updateContactGroup(ownerId, groupId, input) : createContactGroup(ownerId, input)),
    intent,
  );
  if (!result)
    return data({ intent, result: submission.reply({ formErrors: [errorMessages.unexpected] }) }, { status: 500 });
  // Only a forged checkbox (another user's contact) or a group deleted meanwhile gets here.
  if (!result.ok) throw notFound();
  return redirectWithToast(back, { title: groupId ? contactMessages.group.updated : contactMessages.group.created });
}

/** Both deletes: a refused id is a 404; a failure is recorded and told as a toast. */
function remove(formData: FormData, kind: "contact" | "group", del: (id: string) => boolean, back: string) {
  const submission = parseWithZod(formData, { schema: DeleteSchema });
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  const texts = kind === "contact" ? contactMessages.contact : contactMessages.group;
  const deleted = guarded(() => del(submission.value.id), `delete-${kind}`);
  if (deleted === undefined)
    return redirectWithToast(back, {
      title: texts.deleteFailed,
      description: errorMessages.unexpected,
      variant: "destructive",
    });
  if (!deleted) throw notFound();
  return redirectWithToast(back, { title: texts.deleted });
}

/** The contact form asks, with JavaScript, while the address is typed. */
export function checkEmailAction(ownerId: string, formData: FormData) {
  const email = String(formData.get("email") ?? "")
    .trim()
    .slice(0, 320);
  return {
    intent: "check-email" as const,
    email,
    blocked: email ? (blockedRecipients(ownerId, [email])[email] ?? null) : null,
  };
}

export function deleteContactAction(ownerId: string, formData: FormData, back: string) {
  return remove(formData, "contact", (id) => deleteContact(ownerId, id), back);
}

export function deleteGroupAction(ownerId: string, formData: FormData, back: string) {
  return remove(formData, "group", (id) => deleteContactGroup(ownerId, id), back);
}
