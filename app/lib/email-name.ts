// A contact's parsed name (spec part 1 §3): read from the e-mail address, since the spec's payloads
// never carry it. 'robert.whitfield@example.com' → 'Robert Whitfield'.

const capitalize = (word: string) => word.charAt(0).toLocaleUpperCase("en-US") + word.slice(1);

/** Words of the local part split on . _ - +, digits dropped, each capitalised; null when nothing is left. */
export function nameFromEmail(email: string): string | null {
  const local = email.trim().split("@")[0] ?? "";
  const words = local
    .split(/[._\-+]+/u)
    .map((w) => w.replace(/\d+/gu, ""))
    .filter((w) => w.length > 0)
    .map((w) => capitalize(w.toLocaleLowerCase("en-US")));
  return words.length ? words.join(" ") : null;
}
