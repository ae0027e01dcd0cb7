export type NameSources = {
  contactName?: string | null;
  invitationName?: string | null;
  fromName?: string | null;
};

/** The first known name, in that order; null only when none is known. */
export function personName({ contactName, invitationName, fromName }: NameSources): string | null {
  for (const name of [contactName, invitationName, fromName]) {
    const trimmed = name?.replace(/\s+/g, " ").trim();
    if (trimmed) return trimmed;
  }
  return null;
}
