export const NEWSLETTER_CATEGORIES = ["childhood", "holiday", "milestone", "tradition", "adventure"] as const;
export type NewsletterCategory = (typeof NEWSLETTER_CATEGORIES)[number];
export const DEFAULT_CATEGORY = "memory";

const KEYWORDS: Record<NewsletterCategory, readonly string[]> = {
  childhood: [
    "childhood",
    "child",
    "children",
    "kid",
    "kids",
    "grew up",
    "growing up",
    "little girl",
    "little boy",
    "school",
    "schoolyard",
    "classroom",
    "playground",
    "toy",
    "toys",
    "teenager",
    "boyhood",
    "girlhood",
    "when i was young",
    "when i was little",
  ],
  holiday: [
    "holiday",
    "holidays",
    "christmas",
    "thanksgiving",
    "easter",
    "hanukkah",
    "passover",
    "diwali",
    "new year",
    "new year's",
    "halloween",
    "fourth of july",
    "independence day",
    "kwanzaa",
    "valentine",
    "christmas eve",
    "eid",
  ],
  milestone: [
    "milestone",
    "wedding",
    "married",
    "marriage",
    "graduation",
    "graduated",
    "born",
    "birth",
    "anniversary",
    "retired",
    "retirement",
    "first job",
    "engaged",
    "engagement",
    "birthday",
    "first baby",
    "promotion",
    "first home",
  ],
  tradition: [
    "tradition",
    "traditions",
    "traditional",
    "every year",
    "each year",
    "every sunday",
    "recipe",
    "recipes",
    "reunion",
    "heirloom",
    "ritual",
    "passed down",
    "handed down",
    "custom",
    "customs",
    "always made",
  ],
  adventure: [
    "adventure",
    "adventures",
    "trip",
    "travel",
    "traveled",
    "travelled",
    "journey",
    "road trip",
    "hike",
    "hiking",
    "camping",
    "voyage",
    "explore",
    "explored",
    "expedition",
    "sailing",
    "mountain",
    "mountains",
    "overseas",
    "abroad",
  ],
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const PATTERNS = NEWSLETTER_CATEGORIES.map((category) => ({
  category,
  // Letters on either side would make it part of another word ("kid" in "kidney").
  pattern: new RegExp(`(?<![\\p{L}\\p{N}])(?:${KEYWORDS[category].map(escape).join("|")})(?![\\p{L}\\p{N}])`, "giu"),
}));

/** A tie goes to the one listed first in NEWSLETTER_CATEGORIES. */
export function detectCategory(text: string): string {
  let best: { category: string; hits: number } = { category: DEFAULT_CATEGORY, hits: 0 };
  for (const { category, pattern } of PATTERNS) {
    const hits = text.match(pattern)?.length ?? 0;
    if (hits > best.hits) best = { category, hits };
  }
  return best.category;
}

const CATEGORY_BADGE: Record<NewsletterCategory, string> = {
  childhood: "bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100",
  holiday: "bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100",
  milestone: "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
  tradition: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100",
  adventure: "bg-violet-100 text-violet-900 dark:bg-violet-900/50 dark:text-violet-100",
};
const DEFAULT_BADGE = "bg-muted text-foreground";

export function categoryBadgeClass(category: string): string {
  return (CATEGORY_BADGE as Record<string, string>)[category] ?? DEFAULT_BADGE;
}

export const categoryLabel = (category: string) =>
  category ? category[0]!.toUpperCase() + category.slice(1) : "Memory";
