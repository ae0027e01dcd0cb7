export const MAX_TAGS = 30;
export const MAX_TAG_LENGTH = 50;

/** 'Family' and 'family' are one tag; the first spelling is kept. */
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

export function parseTagInput(input: string | undefined | null): string[] {
  return normalizeTags((input ?? "").split(","));
}
