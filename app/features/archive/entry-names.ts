// Readable names for an archive's files: "stories/03-the-sunday-sauce-aunt-rosa.html". A number first
// keeps every name unique within its folder and the folder in the archive's order; the rest is ASCII
// lower case letters, digits and hyphens (names in other scripts transliterated), so the same name
// works on every OS, on case-insensitive disks and in data.json's path pattern.
import slugify from "@sindresorhus/slugify";

/** Words kept in a name: enough to recognise it, short enough for any file system's path limit. */
const MAX_WORDS_CHARS = 60;

export function entryName(index: number, count: number, words: Array<string | null | undefined>) {
  const number = String(index + 1).padStart(Math.max(2, String(count).length), "0");
  const slug = slugify(words.filter(Boolean).join(" "), { decamelize: false })
    .replace(/[^a-z0-9-]+/g, "")
    .slice(0, MAX_WORDS_CHARS)
    .replace(/-+$/, "");
  return slug ? `${number}-${slug}` : number;
}
