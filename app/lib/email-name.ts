// From the e-mail address, since the spec's payloads never carry a parsed name (decision 0101).
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
