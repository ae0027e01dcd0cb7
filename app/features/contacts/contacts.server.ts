import { contacts } from "#db/schema";
import { and, asc, count, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";

import { normalizeTags } from "~/features/contacts/tags";
import { db } from "~/lib/db.server";
import { canonicalAddress, nameFromEmail, parseMailbox } from "~/lib/email-address";
import { blockedAddresses } from "~/models/delivery-problem.server";
import { normalizeEmail } from "~/models/user.server";

import { contactMessages } from "./messages";

export type Contact = typeof contacts.$inferSelect;
export type ContactInput = {
  email: string;
  preferredName?: string | null;
  notes?: string | null;
  tags?: readonly string[];
  isAdmin?: boolean;
};
export type ContactResult = { ok: true; contact: Contact } | { ok: false; error: "duplicate-email" };

export function publicContact({ ownerId: _ownerId, ...contact }: Contact) {
  return contact;
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

function typedAddress(value: string) {
  const mailbox = parseMailbox(value);
  return { email: mailbox?.email ?? normalizeEmail(value), name: mailbox?.name ?? null };
}

const containing = (q: string) => `%${q.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;

function matches(q: string): SQL {
  const pattern = containing(q);
  const cols = [contacts.email, contacts.preferredName, contacts.parsedName, contacts.notes, contacts.tags];
  return or(...cols.map((col) => sql`${col} like ${pattern} escape '\\'`))!;
}

export function listContacts(
  ownerId: string,
  { q, limit, offset = 0 }: { q?: string; limit?: number; offset?: number } = {},
) {
  const where = q?.trim() ? and(eq(contacts.ownerId, ownerId), matches(q.trim())) : eq(contacts.ownerId, ownerId);
  const query = db.select().from(contacts).where(where).orderBy(asc(contacts.email));
  const rows = limit === undefined ? query.all() : query.limit(limit).offset(offset).all();
  const total =
    limit === undefined ? rows.length : (db.select({ n: count() }).from(contacts).where(where).get()?.n ?? 0);
  return { contacts: rows, total };
}

export function getOwnedContact(ownerId: string, contactId: string): Contact | undefined {
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.ownerId, ownerId)))
    .get();
}

function emailTaken(ownerId: string, email: string, exceptId?: string) {
  const sameEmail = and(eq(contacts.ownerId, ownerId), eq(contacts.email, email));
  return Boolean(
    db
      .select({ id: contacts.id })
      .from(contacts)
      .where(exceptId ? and(sameEmail, ne(contacts.id, exceptId)) : sameEmail)
      .get(),
  );
}

// The unique index is the last word when two requests race past the check above.
const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === "SQLITE_CONSTRAINT_UNIQUE";

export function createContact(ownerId: string, input: ContactInput): ContactResult {
  const { email, name } = typedAddress(input.email);
  if (emailTaken(ownerId, email)) return { ok: false, error: "duplicate-email" };
  try {
    const contact = db
      .insert(contacts)
      .values({
        ownerId,
        email,
        parsedName: nameFromEmail(email),
        preferredName: blankToNull(input.preferredName) ?? name,
        notes: blankToNull(input.notes),
        tags: normalizeTags(input.tags ?? []),
        isAdmin: input.isAdmin ?? false,
      })
      .returning()
      .get();
    return { ok: true, contact };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "duplicate-email" };
    throw error;
  }
}

export function updateContact(
  ownerId: string,
  contactId: string,
  patch: Partial<ContactInput>,
): ContactResult | undefined {
  const existing = getOwnedContact(ownerId, contactId);
  if (!existing) return undefined;
  const typed = patch.email === undefined ? null : typedAddress(patch.email);
  const email = typed?.email ?? existing.email;
  const preferredName =
    patch.preferredName === undefined
      ? (typed?.name ?? undefined)
      : (blankToNull(patch.preferredName) ?? typed?.name ?? null);
  if (email !== existing.email && emailTaken(ownerId, email, contactId)) return { ok: false, error: "duplicate-email" };
  try {
    const contact = db
      .update(contacts)
      .set({
        email,
        parsedName: email === existing.email ? existing.parsedName : nameFromEmail(email),
        ...(preferredName !== undefined && { preferredName }),
        ...(patch.notes !== undefined && { notes: blankToNull(patch.notes) }),
        ...(patch.tags !== undefined && { tags: normalizeTags(patch.tags) }),
        ...(patch.isAdmin !== undefined && { isAdmin: patch.isAdmin }),
      })
      .where(and(eq(contacts.id, contactId), eq(contacts.ownerId, ownerId)))
      .returning()
      .get()!;
    return { ok: true, contact };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "duplicate-email" };
    throw error;
  }
}

export function deleteContact(ownerId: string, contactId: string) {
  return (
    db
      .delete(contacts)
      .where(and(eq(contacts.id, contactId), eq(contacts.ownerId, ownerId)))
      .run().changes > 0
  );
}

export function blockedRecipients(ownerId: string, emails: string[]): Record<string, string> {
  const keys = emails.map((email) => canonicalAddress(email) ?? email.trim().toLowerCase());
  const blocked = blockedAddresses(ownerId, keys);
  const out: Record<string, string> = {};
  for (const [i, email] of emails.entries()) {
    const found = blocked.get(keys[i]!);
    if (found) out[email] = found.reason ?? contactMessages.blocked.fallback[found.kind];
  }
  return out;
}

export function contactNames(ownerId: string, emails: readonly string[]): Map<string, string> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  const names = new Map<string, string>();
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = db
      .select({ email: contacts.email, name: contacts.preferredName })
      .from(contacts)
      .where(and(eq(contacts.ownerId, ownerId), inArray(contacts.email, wanted.slice(i, i + 500))))
      .all();
    for (const row of rows) if (row.name?.trim()) names.set(row.email.toLowerCase(), row.name.trim());
  }
  return names;
}
