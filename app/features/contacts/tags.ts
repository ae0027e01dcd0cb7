// Contact tags (spec part 1 §5): trimmed; empty and duplicate tags are ignored.

export const MAX_TAGS = 30;
export const MAX_TAG_LENGTH = 50;

/**
 * Trims every tag and drops empty ones and repeats. Repeats are compared case-insensitively
 * ('Family' and 'family' are one tag); the first spelling is kept.
 */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

/** The form's single text input: tags separated by commas. */
export function parseTagInput(input: string | undefined | null): string[] {
  return normalizeTags((input ?? "").split(","));
}
