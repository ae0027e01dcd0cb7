import emailAddresses from "email-addresses";

import { ASCII_DOMAIN } from "./display-address";

export type Mailbox = { name: string | null; email: string };
export type AddressList = { mailboxes: Mailbox[]; invalid: string[] };

export const EMAIL_MAX = 254;
export const NAME_MAX = 200;

export const addressMessages = {
  invalid: "Please enter a valid email address", // spec
  invalidEntries: (entries: string[]) =>
    `Please enter a valid email address: ${entries.map((e) => `"${e.length > 60 ? `${e.slice(0, 57)}...` : e}"`).join(", ")} ${entries.length === 1 ? "is not one" : "are not"}.`,
};

function canonicalEmail(local: string, domain: string): string | null {
  if (domain.startsWith("[")) return null;
  let ascii: string;
  try {
    ascii = new URL(`http://${domain}`).hostname;
  } catch {
    return null;
  }
  if (
    !ASCII_DOMAIN.test(ascii) ||
    ascii.split(".").some((label) => !label || label.startsWith("-") || label.endsWith("-"))
  )
    return null;
  const email = `${local.normalize("NFC").toLowerCase()}@${ascii}`;
  return email.length <= EMAIL_MAX ? email : null;
}

function cleanName(raw: string | null | undefined, email: string): string | null {
  let name = (raw ?? "").replace(/\s+/g, " ").trim();
  if (/^'.+'$/.test(name)) name = name.slice(1, -1).trim();
  if (!name || name.toLowerCase() === email) return null;
  return name.slice(0, NAME_MAX).trim();
}

type Parsed = emailAddresses.ParsedMailbox | emailAddresses.ParsedGroup;

function toMailbox(parsed: emailAddresses.ParsedMailbox): Mailbox | null {
  const email = canonicalEmail(parsed.local, parsed.domain);
  if (!email) return null;
  const comment = parsed.name
    ? null
    : parsed.parts.comments
        .map((c) =>
          c.tokens
            .trim()
            .replace(/^\(|\)$/g, "")
            .trim(),
        )
        .find(Boolean);
  return { name: cleanName(parsed.name ?? comment, email), email };
}

const strict = (input: string): Parsed[] | null =>
  emailAddresses.parseAddressList({ input, rfc6532: true, rejectTLD: true });

function parseEntry(entry: string): AddressList {
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
  if (last && name && !name.includes("@"))
    return { mailboxes: [{ ...last, name: cleanName(name, last.email) }], invalid: [] };
  return {
    mailboxes: each.flatMap((w) => (w.mailbox ? [w.mailbox] : [])),
    invalid: each.flatMap((w) => (w.mailbox ? [] : [w.word])),
  };
}

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

export function parseMailbox(input: string | null | undefined): Mailbox | null {
  if (!input?.trim()) return null;
  const { mailboxes, invalid } = parseAddressList(input.replace(/[\r\n]+/g, " "));
  return mailboxes.length === 1 && invalid.length === 0 ? mailboxes[0]! : null;
}

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

export const canonicalAddress = (input: string | null | undefined) => parseMailbox(input)?.email ?? null;

const PLAIN_PHRASE = /^[\p{L}\p{M}\p{N}!#$%&'*+\-/=?^_`{|}~ ]+$/u;

export function formatMailbox({ name, email }: Mailbox): string {
  if (!name) return email;
  const phrase = PLAIN_PHRASE.test(name) ? name : `"${name.replace(/["\\]/g, "\\$&")}"`;
  return `${phrase} <${email}>`;
}

const capitalize = (word: string) => word.charAt(0).toLocaleUpperCase("en-US") + word.slice(1);

export function nameFromEmail(email: string): string | null {
  const local = email.trim().split("@")[0] ?? "";
  const words = local
    .split(/[._\-+]+/u)
    .map((w) => w.replace(/\d+/gu, ""))
    .filter((w) => w.length > 0)
    .map((w) => capitalize(w.toLocaleLowerCase("en-US")));
  return words.length ? words.join(" ") : null;
}

// The name is always quoted and kept to one line, so nothing typed into it can become another header or address.
export function formatAddress(name: string | null, email: string) {
  const clean = name?.replace(/[\r\n\t]+/g, " ").trim();
  return clean ? `"${clean.replace(/(["\\])/g, "\\$1")}" <${email}>` : email;
}

export const addressDomain = (value: string) => parseFromLine(value).email?.split("@")[1] || null;
