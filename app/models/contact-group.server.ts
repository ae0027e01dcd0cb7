import { and, asc, eq } from "drizzle-orm";
import { contactGroupMembers, contactGroups, contacts } from "#db/schema";
import { db } from "~/utils/db.server";

export type ContactGroup = typeof contactGroups.$inferSelect;

export function listContactGroups(ownerId: string) {
  return db.select().from(contactGroups).where(eq(contactGroups.ownerId, ownerId)).orderBy(asc(contactGroups.name)).all();
}

export function getOwnedContactGroup(ownerId: string, groupId: string) {
  return db.query.contactGroups.findFirst({ where: and(eq(contactGroups.id, groupId), eq(contactGroups.ownerId, ownerId)) });
}

/** The contacts in one of the owner's groups; undefined when the group is not the owner's. */
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
