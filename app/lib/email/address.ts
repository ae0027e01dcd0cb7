// The one reader and writer of "Name <address>" lines: replies' From lines, our own senders.

/** The name and the lower-cased address of a From-style line ("Name <a@b>", "a@b"); nulls when empty. */
export function parseAddress(value: string | undefined) {
  if (!value) return { name: null, email: null };
  // The address is the last <…> of the line; everything before it is the display name, which may be
  // quoted and may itself contain '<', '>' or escaped quotes ("A \"B\" <c>" <x@y>).
  const match = /^(.*)<([^<>]+)>\s*$/s.exec(value);
  if (match) {
    let name = match[1]!.trim();
    if (name.length >= 2 && name.startsWith('"') && name.endsWith('"')) name = name.slice(1, -1).replace(/\\(.)/g, "$1");
    return { name: name.trim() || null, email: match[2]!.trim().toLowerCase() };
  }
  return { name: null, email: value.trim().toLowerCase() || null };
}

/** A mailbox line with the name always quoted, so a comma, a dot or an "@" in a person's name stays part of it. */
export function formatAddress(name: string | null, email: string) {
  const clean = name?.replace(/[\r\n\t]+/g, " ").trim();
  return clean ? `"${clean.replace(/(["\\])/g, "\\$1")}" <${email}>` : email;
}

/** The domain of an address or a mailbox line, lower-cased; null when there is none. */
export const addressDomain = (value: string) => parseAddress(value).email?.split("@")[1] || null;
