// Splitting typed recipient lists (spec part 1 §5, part 3 admin create form).
// No format validation beyond what each rule states: these only tidy input.

const lower = (s: string) => s.toLowerCase();

// Keeps the first spelling of each entry, comparing case-insensitively: in practice
// mail systems treat addresses that differ only in case as one mailbox.
function uniqueIgnoringCase(entries: string[], seen = new Set<string>()): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const key = lower(entry);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(entry);
  }
  return out;
}

/**
 * Typed e-mail entries: split on commas or any whitespace, trimmed, kept only if
 * they contain '@', de-duplicated case-insensitively. Spelling is kept as typed.
 */
export function splitEmails(input: string): string[] {
  const entries = input.split(/[\s,]+/u).map((s) => s.trim()).filter((s) => s.includes("@"));
  return uniqueIgnoringCase(entries);
}

/** `existing` followed by the new typed e-mails not already present (case-insensitive). */
export function addRecipients(existing: string[], input: string): string[] {
  const seen = new Set(existing.map((e) => lower(e.trim())));
  return [...existing, ...uniqueIgnoringCase(splitEmails(input), seen)];
}

/** Admin 'one per line' rule: each line trimmed, blank lines dropped. */
export function splitLines(input: string): string[] {
  return input.split(/\r\n|\r|\n/).map((s) => s.trim()).filter((s) => s !== "");
}

/** Inline-form rule: comma-separated, trimmed, blanks dropped, no format check. */
export function splitCommaList(input: string): string[] {
  return input.split(",").map((s) => s.trim()).filter((s) => s !== "");
}
