const STOP_WORDS = new Set([
  "the",
  "and",
  "for",
  "with",
  "our",
  "her",
  "his",
  "their",
  "from",
  "that",
  "this",
  "was",
  "were",
  "are",
  "about",
  "into",
  "when",
  "what",
  "who",
  "how",
  "story",
  "stories",
  "podcast",
  "family",
  "untitled",
]);

export function titleWords(title: string): Set<string> {
  const words =
    title
      .normalize("NFKC")
      .toLocaleLowerCase("en-US")
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(words.filter((w) => w.length >= 3 && !STOP_WORDS.has(w)));
}

type Candidate = { id: string; title: string; campaignId: string | null; status: string; createdAt: Date | string };

const SAME_COLLECTION = 100;
export const SIMILAR_LIMIT = 4;

export function rankSimilar<T extends Candidate>(
  target: Pick<Candidate, "id" | "title" | "campaignId">,
  candidates: T[],
  limit = SIMILAR_LIMIT,
): T[] {
  const words = titleWords(target.title);
  return candidates
    .filter((c) => c.id !== target.id && c.status === "complete")
    .map((c) => {
      let score = target.campaignId && c.campaignId === target.campaignId ? SAME_COLLECTION : 0;
      for (const w of titleWords(c.title)) if (words.has(w)) score += 1;
      return { c, score };
    })
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || new Date(b.c.createdAt).getTime() - new Date(a.c.createdAt).getTime())
    .slice(0, limit)
    .map(({ c }) => c);
}
