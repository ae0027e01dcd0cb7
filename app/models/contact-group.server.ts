import { contactGroupMembers, contactGroups, contacts } from "#db/schema";
import { and, asc, count, eq, inArray, ne } from "drizzle-orm";

import { db } from "~/lib/db.server";

export type ContactGroup = typeof contactGroups.$inferSelect;
export type ContactGroupInput = {
  name: string;
  description?: string | null;
  isDefault?: boolean;
  contactIds?: readonly string[];
};
export type ContactGroupResult =
  { ok: true; group: ContactGroup } | { ok: false; error: "not-found" | "unknown-contact" };
export type MembershipResult = { ok: true } | { ok: false; error: "not-found" | "unknown-contact" };

type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

export function listContactGroups(ownerId: string) {
  return db
    .select()
    .from(contactGroups)
    .where(eq(contactGroups.ownerId, ownerId))
    .orderBy(asc(contactGroups.name))
    .all();
}

export function getOwnedContactGroup(ownerId: string, groupId: string) {
  return db.query.contactGroups.findFirst({
    where: and(eq(contactGroups.id, groupId), eq(contactGroups.ownerId, ownerId)),
  });
}

export async function listGroupContacts(ownerId: string, groupId: string) {
  if (!(await getOwnedContactGroup(ownerId, groupId))) return undefined;
  return db
    .select({ contact: contacts })
    .from(contactGroupMembers)
    .innerJoin(contacts, eq(contacts.id, contactGroupMembers.contactId))
    .where(and(eq(contactGroupMembers.groupId, groupId), eq(contacts.ownerId, ownerId)))
    .orderBy(asc(contacts.email))
    .all()
    .map((r) => r.contact);
}

export function publicContactGroup({ ownerId: _ownerId, ...group }: ContactGroup) {
  return group;
}

const memberCounts = db
  .select({ groupId: contactGroupMembers.groupId, n: count().as("member_n") })
  .from(contactGroupMembers)
  .groupBy(contactGroupMembers.groupId)
  .as("mc");

export function listContactGroupsWithCounts(ownerId: string) {
  return db
    .select({ group: contactGroups, memberCount: memberCounts.n })
    .from(contactGroups)
    .leftJoin(memberCounts, eq(memberCounts.groupId, contactGroups.id))
    .where(eq(contactGroups.ownerId, ownerId))
    .orderBy(asc(contactGroups.name))
    .all()
    .map(({ group, memberCount }) => ({ ...group, memberCount: memberCount ?? 0 }));
}
export type ContactGroupWithCount = ReturnType<typeof listContactGroupsWithCounts>[number];

export function listGroupContactIds(groupId: string) {
  return db
    .select({ id: contactGroupMembers.contactId })
    .from(contactGroupMembers)
    .where(eq(contactGroupMembers.groupId, groupId))
    .all()
    .map((r) => r.id);
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

function ownedGroup(tx: Tx, ownerId: string, groupId: string) {
  return tx
    .select()
    .from(contactGroups)
    .where(and(eq(contactGroups.id, groupId), eq(contactGroups.ownerId, ownerId)))
    .get();
}

function allOwnedContacts(tx: Tx, ownerId: string, contactIds: readonly string[]) {
  const unique = [...new Set(contactIds)];
  if (unique.length === 0) return true;
  const found = tx
    .select({ n: count() })
    .from(contacts)
    .where(and(eq(contacts.ownerId, ownerId), inArray(contacts.id, unique)))
    .get();
  return (found?.n ?? 0) === unique.length;
}

/** An owner has at most one default group: making one the default clears the flag on the others. */
function clearOtherDefaults(tx: Tx, ownerId: string, groupId: string) {
  tx.update(contactGroups)
    .set({ isDefault: false })
    .where(and(eq(contactGroups.ownerId, ownerId), ne(contactGroups.id, groupId), eq(contactGroups.isDefault, true)))
    .run();
}

function replaceMembers(tx: Tx, groupId: string, contactIds: readonly string[]) {
  tx.delete(contactGroupMembers).where(eq(contactGroupMembers.groupId, groupId)).run();
  const unique = [...new Set(contactIds)];
  for (let i = 0; i < unique.length; i += 400) {
    tx.insert(contactGroupMembers)
      .values(unique.slice(i, i + 400).map((contactId) => ({ groupId, contactId })))
      .run();
  }
}

// Throwing inside the transaction callback rolls it back; the result travels in the error.
class Rollback extends Error {
  constructor(readonly result: { ok: false; error: "not-found" | "unknown-contact" }) {
    super(result.error);
  }
}
function inTransaction<T>(work: (tx: Tx) => T): T | Rollback["result"] {
  try {
    return db.transaction(work);
  } catch (error) {
    if (error instanceof Rollback) return error.result;
    throw error;
  }
}
const fail = (error: "not-found" | "unknown-contact"): never => {
  throw new Rollback({ ok: false, error });
};

export function createContactGroup(ownerId: string, input: ContactGroupInput): ContactGroupResult {
  return inTransaction((tx) => {
    if (input.contactIds && !allOwnedContacts(tx, ownerId, input.contactIds)) fail("unknown-contact");
    const group = tx
      .insert(contactGroups)
      .values({
        ownerId,
        name: input.name.trim(),
        description: blankToNull(input.description),
        isDefault: input.isDefault ?? false,
      })
      .returning()
      .get();
    if (group.isDefault) clearOtherDefaults(tx, ownerId, group.id);
    if (input.contactIds) replaceMembers(tx, group.id, input.contactIds);
    return { ok: true as const, group };
  });
}

export function updateContactGroup(
  ownerId: string,
  groupId: string,
  patch: Partial<ContactGroupInput>,
): ContactGroupResult {
  return inTransaction((tx) => {
    if (!ownedGroup(tx, ownerId, groupId)) fail("not-found");
    if (patch.contactIds && !allOwnedContacts(tx, ownerId, patch.contactIds)) fail("unknown-contact");
    const group = tx
      .update(contactGroups)
      .set({
        ...(patch.name !== undefined && { name: patch.name.trim() }),
        ...(patch.description !== undefined && { description: blankToNull(patch.description) }),
        ...(patch.isDefault !== undefined && { isDefault: patch.isDefault }),
        updatedAt: new Date(),
      })
      .where(and(eq(contactGroups.id, groupId), eq(contactGroups.ownerId, ownerId)))
      .returning()
      .get()!;
    if (group.isDefault) clearOtherDefaults(tx, ownerId, group.id);
    if (patch.contactIds) replaceMembers(tx, group.id, patch.contactIds);
    return { ok: true as const, group };
  });
}

export function deleteContactGroup(ownerId: string, groupId: string) {
  return (
    db
      .delete(contactGroups)
      .where(and(eq(contactGroups.id, groupId), eq(contactGroups.ownerId, ownerId)))
      .run().changes > 0
  );
}

export function setGroupContacts(ownerId: string, groupId: string, contactIds: readonly string[]): MembershipResult {
  return inTransaction((tx) => {
    if (!ownedGroup(tx, ownerId, groupId)) fail("not-found");
    if (!allOwnedContacts(tx, ownerId, contactIds)) fail("unknown-contact");
    replaceMembers(tx, groupId, contactIds);
    return { ok: true as const };
  });
}

export function addContactToGroup(ownerId: string, groupId: string, contactId: string): MembershipResult {
  return inTransaction((tx) => {
    if (!ownedGroup(tx, ownerId, groupId)) fail("not-found");
    if (!allOwnedContacts(tx, ownerId, [contactId])) fail("unknown-contact");
    tx.insert(contactGroupMembers).values({ groupId, contactId }).onConflictDoNothing().run();
    return { ok: true as const };
  });
}

export function removeContactFromGroup(ownerId: string, groupId: string, contactId: string): MembershipResult {
  return inTransaction((tx) => {
    if (!ownedGroup(tx, ownerId, groupId)) fail("not-found");
    if (!allOwnedContacts(tx, ownerId, [contactId])) fail("unknown-contact");
    tx.delete(contactGroupMembers)
      .where(and(eq(contactGroupMembers.groupId, groupId), eq(contactGroupMembers.contactId, contactId)))
      .run();
    return { ok: true as const };
  });
}
