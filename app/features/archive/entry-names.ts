// A number first keeps names unique and in the archive's order; the rest is ASCII lower case, digits and
// hyphens, so a name works on every OS, on case-insensitive disks and in data.json's path pattern.
import slugify from "@sindresorhus/slugify";

const MAX_WORDS_CHARS = 60;

export function entryName(index: number, count: number, words: Array<string | null | undefined>) {
  const number = String(index + 1).padStart(Math.max(2, String(count).length), "0");
  const slug = slugify(words.filter(Boolean).join(" "), { decamelize: false })
    .replace(/[^a-z0-9-]+/g, "")
    .slice(0, MAX_WORDS_CHARS)
    .replace(/-+$/, "");
  return slug ? `${number}-${slug}` : number;
}
