// Who a relative is, by name, wherever the product speaks of them: greetings and story bylines (decision 0195).

export type NameSources = {
  /** The owner's contact for that address: the name the owner chose. */
  contactName?: string | null;
  /** The name typed with the address when the owner invited them ("Aunt Rosa <…>"). */
  invitationName?: string | null;
  /** The display name of the e-mail they sent ("Rosa Bianchi <…>"). */
  fromName?: string | null;
};

/** The first known name, in that order; null only when none is known (then "Hi there," or "Anonymous Contributor"). */
export function personName({ contactName, invitationName, fromName }: NameSources): string | null {
  for (const name of [contactName, invitationName, fromName]) {
    const trimmed = name?.replace(/\s+/g, " ").trim();
    if (trimmed) return trimmed;
  }
  return null;
}
