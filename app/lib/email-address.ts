// The one reader of typed and received e-mail addresses: recipient lists, contacts, From lines.
// RFC 5322 parsing is email-addresses' (decision 0194); what people type around it (';', new lines,
// spaces between bare addresses, "Name addr" without brackets) is tidied here first.
import emailAddresses from "email-addresses";
import { ASCII_DOMAIN } from "./display-address";

export type Mailbox = { name: string | null; email: string };
export type AddressList = { mailboxes: Mailbox[]; invalid: string[] };

/** The longest address mail systems carry (RFC 5321 path limit). */
export const EMAIL_MAX = 254;
/** Longer display names are cut: they are greetings and bylines, not documents. */
export const NAME_MAX = 200;

export const addressMessages = {
  invalid: "Please enter a valid email address", // spec
  invalidEntries: (entries: string[]) =>
    `Please enter a valid email address: ${entries.map((e) => `"${e.length > 60 ? `${e.slice(0, 57)}...` : e}"`).join(", ")} ${entries.length === 1 ? "is not one" : "are not"}.`,
};

/** Mail systems treat a domain's case (and its Unicode and punycode spellings) as one; local parts in practice too. */
function canonicalEmail(local: string, domain: string): string | null {
  if (domain.startsWith("[")) return null;
  let ascii: string;
  try {
    // The WHATWG URL parser applies IDNA: "bücher.de" → "xn--bcher-kva.de", in browsers and Node alike.
    ascii = new URL(`http://${domain}`).hostname;
  } catch {
    return null;
  }
  if (!ASCII_DOMAIN.test(ascii) || ascii.split(".").some((label) => !label || label.startsWith("-") || label.endsWith("-"))) return null;
  const email = `${local.normalize("NFC").toLowerCase()}@${ascii}`;
  return email.length <= EMAIL_MAX ? email : null;
}

function cleanName(raw: string | null | undefined, email: string): string | null {
  let name = (raw ?? "").replace(/\s+/g, " ").trim();
  // Outlook and friends wrap names in single quotes: 'Aunt Rosa' <…>.
  if (/^'.+'$/.test(name)) name = name.slice(1, -1).trim();
  if (!name || name.toLowerCase() === email) return null;
  return name.slice(0, NAME_MAX).trim();
}

type Parsed = emailAddresses.ParsedMailbox | emailAddresses.ParsedGroup;

function toMailbox(parsed: emailAddresses.ParsedMailbox): Mailbox | null {
  const email = canonicalEmail(parsed.local, parsed.domain);
  if (!email) return null;
  // The old form "rosa@example.com (Aunt Rosa)" names the person in a comment.
  const comment = parsed.name ? null : parsed.parts.comments.map((c) => c.tokens.trim().replace(/^\(|\)$/g, "").trim()).find(Boolean);
  return { name: cleanName(parsed.name ?? comment, email), email };
}

const strict = (input: string): Parsed[] | null => emailAddresses.parseAddressList({ input, rfc6532: true, rejectTLD: true });

/**
 * One entry: a mailbox or a group's mailboxes; failing that, when it has no quotes, brackets or
 * comments, "Name addr" without brackets or words read one by one (bare addresses split by spaces).
 */
function parseEntry(entry: string): AddressList {
  // A group typed without its closing ';' ("Family: a@x, b@x") is still a group.
  const parsed = strict(entry) ?? (entry.includes(":") && !entry.endsWith(";") ? strict(`${entry};`) : null);
  if (parsed) {
    const boxes = parsed.flatMap((p) => (p.type === "group" ? p.addresses : [p])).map(toMailbox);
    if (boxes.every((b): b is Mailbox => b !== null)) return { mailboxes: boxes, invalid: [] };
  }
  const words = entry.split(/\s+/u);
  const single = (word: string) => {
    const [one, ...more] = strict(word) ?? [];
    return one?.type === "mailbox" && more.length === 0 ? toMailbox(one) : null;
  };
  const each = words.map((word) => ({ word, mailbox: single(word) }));
  if (each.every((w) => w.mailbox)) return { mailboxes: each.map((w) => w.mailbox!), invalid: [] };
  if (/[<>"()]/.test(entry)) return { mailboxes: [], invalid: [entry] };
  const last = each.at(-1)!.mailbox;
  const name = words.slice(0, -1).join(" ");
  if (last && name && !name.includes("@")) return { mailboxes: [{ ...last, name: cleanName(name, last.email) }], invalid: [] };
  return { mailboxes: each.flatMap((w) => (w.mailbox ? [w.mailbox] : [])), invalid: each.flatMap((w) => (w.mailbox ? [] : [w.word])) };
}

/**
 * Splits at the commas, semicolons and line breaks that separate entries, but not inside a quoted
 * name, <…>, a (comment) or a group ("Family: a@x, b@x;"), whose ';' ends it.
 */
function splitEntries(input: string): string[] {
  const entries: string[] = [];
  let current = "";
  let quoted = false;
  let angle = 0;
  let paren = 0;
  let group = false;
  const flush = () => {
    if (current.trim()) entries.push(current.trim());
    current = "";
  };
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (quoted) {
      current += c;
      if (c === "\\" && i + 1 < input.length) current += input[++i];
      else if (c === '"') quoted = false;
      continue;
    }
    if (c === '"') quoted = true;
    else if (c === "(") paren++;
    else if (c === ")" && paren > 0) paren--;
    else if (c === "<" && paren === 0) angle++;
    else if (c === ">" && angle > 0 && paren === 0) angle--;
    const inside = angle > 0 || paren > 0;
    if (!inside && c === ":" && !group) group = true;
    if (!inside && group && c === ";") {
      current += c;
      group = false;
      flush();
      continue;
    }
    if (!inside && (c === "\n" || c === "\r")) {
      if (group) current += " ";
      else flush();
      continue;
    }
    if (!inside && !group && (c === "," || c === ";")) {
      flush();
      continue;
    }
    current += c.replace(/[\u00a0\t]/u, " ");
  }
  flush();
  return entries;
}

/** Each mailbox once (by address); a later entry with a name names an earlier one without. */
export function mergeMailboxes(existing: readonly Mailbox[], added: readonly Mailbox[]): Mailbox[] {
  const out = existing.map((m) => ({ ...m }));
  const byEmail = new Map(out.map((m) => [m.email, m]));
  for (const mailbox of added) {
    const known = byEmail.get(mailbox.email);
    if (known) {
      if (mailbox.name) known.name = mailbox.name;
      continue;
    }
    const copy = { ...mailbox };
    byEmail.set(copy.email, copy);
    out.push(copy);
  }
  return out;
}

/** Every address typed or pasted, each once, and the entries that are not addresses, as typed. */
export function parseAddressList(input: string | readonly string[]): AddressList {
  const entries = (typeof input === "string" ? [input] : input).flatMap(splitEntries);
  const invalid: string[] = [];
  let mailboxes: Mailbox[] = [];
  for (const entry of entries) {
    const found = parseEntry(entry);
    mailboxes = mergeMailboxes(mailboxes, found.mailboxes);
    for (const bad of found.invalid) if (!invalid.includes(bad)) invalid.push(bad);
  }
  return { mailboxes, invalid };
}

/** One address (a From line, a single field); null when it is not exactly one. */
export function parseMailbox(input: string | null | undefined): Mailbox | null {
  if (!input?.trim()) return null;
  const { mailboxes, invalid } = parseAddressList(input.replace(/[\r\n]+/g, " "));
  return mailboxes.length === 1 && invalid.length === 0 ? mailboxes[0]! : null;
}

/**
 * A From line as mail programs write it, rule-breaking ones too (an unquoted '<' or '"' in the name):
 * then the address is the last <…> and the name what comes before it. Null parts when absent.
 */
export function parseFromLine(value: string | null | undefined): { name: string | null; email: string | null } {
  if (!value?.trim()) return { name: null, email: null };
  const mailbox = parseMailbox(value);
  if (mailbox) return mailbox;
  const match = /^(.*)<([^<>]+)>\s*$/s.exec(value);
  const address = (match ? match[2]! : value).trim();
  const email = canonicalAddress(address) ?? (address.toLowerCase() || null);
  let name = match ? match[1]!.trim() : "";
  if (name.length >= 2 && name.startsWith('"') && name.endsWith('"')) name = name.slice(1, -1).replace(/\\(.)/g, "$1");
  return { name: email ? cleanName(name, email) : name.trim() || null, email };
}

/** The address alone, canonical (lower case, punycode domain); null when it is not one. */
export const canonicalAddress = (input: string | null | undefined) => parseMailbox(input)?.email ?? null;

// RFC 5322 atext and spaces need no quotes; anything else is quoted, with '"' and '\' escaped.
const PLAIN_PHRASE = /^[\p{L}\p{M}\p{N}!#$%&'*+\-/=?^_`{|}~ ]+$/u;

/** "Aunt Rosa <aunt.rosa@example.com>", the address alone without a name: parseMailbox reads it back. */
export function formatMailbox({ name, email }: Mailbox): string {
  if (!name) return email;
  const phrase = PLAIN_PHRASE.test(name) ? name : `"${name.replace(/["\\]/g, "\\$&")}"`;
  return `${phrase} <${email}>`;
}

const capitalize = (word: string) => word.charAt(0).toLocaleUpperCase("en-US") + word.slice(1);

/** A guess from the address ('robert.whitfield@…' → 'Robert Whitfield'), for a contact's parsedName (decision 0101). */
export function nameFromEmail(email: string): string | null {
  const local = email.trim().split("@")[0] ?? "";
  const words = local
    .split(/[._\-+]+/u)
    .map((w) => w.replace(/\d+/gu, ""))
    .filter((w) => w.length > 0)
    .map((w) => capitalize(w.toLocaleLowerCase("en-US")));
  return words.length ? words.join(" ") : null;
}

/**
 * A sender line we write ourselves ("Margaret Whitfield via Storyhearth" <…>): the name always quoted and
 * kept to one line, so nothing typed into a person's name can become another header or address.
 */
export function formatAddress(name: string | null, email: string) {
  const clean = name?.replace(/[\r\n\t]+/g, " ").trim();
  return clean ? `"${clean.replace(/(["\\])/g, "\\$1")}" <${email}>` : email;
}

/** The domain of an address or a mailbox line, lower-cased; null when there is none. */
export const addressDomain = (value: string) => parseFromLine(value).email?.split("@")[1] || null;
