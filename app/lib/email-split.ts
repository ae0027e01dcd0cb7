// These only tidy input: no format validation beyond what each rule states.

const lower = (s: string) => s.toLowerCase();

// Mail systems treat addresses that differ only in case as one mailbox.
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

export function splitEmails(input: string): string[] {
  const entries = input.split(/[\s,]+/u).map((s) => s.trim()).filter((s) => s.includes("@"));
  return uniqueIgnoringCase(entries);
}

export function addRecipients(existing: string[], input: string): string[] {
  const seen = new Set(existing.map((e) => lower(e.trim())));
  return [...existing, ...uniqueIgnoringCase(splitEmails(input), seen)];
}

export function splitLines(input: string): string[] {
  return input.split(/\r\n|\r|\n/).map((s) => s.trim()).filter((s) => s !== "");
}
