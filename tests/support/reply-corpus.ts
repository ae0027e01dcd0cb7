// The real-world reply corpus (tests/fixtures/email-replies/: a verbatim copy of
// ../shared/corpora/email-replies, kept in the repository so a clean checkout has it) and its scoring
// as its README states it: a case passes when the shown story equals `expect` (or, for an ambiguous
// case, one reading in `alt`) after collapsing whitespace. Shared by tests/integration/reply-corpus.test.ts
// and bench/replies.bench.ts so both score the same way.
import fs from "node:fs";
import path from "node:path";

import { replyHtmlToText } from "~/features/contributions/reply-html";

export type CorpusCase = {
  id: string;
  format: "plain" | "html";
  body: string;
  bodyHtml?: string;
  expect: string;
  ambiguous: string | false;
  alt?: string[];
  client: string;
  lang: string;
  kinds: string[];
};

export const CORPUS_FILE = path.resolve(import.meta.dirname, "../fixtures/email-replies/corpus.json");

export const loadReplyCorpus = (): CorpusCase[] => JSON.parse(fs.readFileSync(CORPUS_FILE, "utf8")) as CorpusCase[];

/** The text the app reads, as the webhook does: `body-plain`, or for an HTML-only message its HTML read as text. */
export const corpusText = (c: CorpusCase) => (c.format === "html" ? replyHtmlToText(c.bodyHtml ?? c.body) : c.body);

export const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

export const readings = (c: CorpusCase) => [c.expect, ...(c.ambiguous ? (c.alt ?? []) : [])];

export const passes = (c: CorpusCase, shown: string) => readings(c).some((r) => collapse(r) === collapse(shown));

/** Every word of one reading is in what is shown (the story, or for an unsure cut the story plus what is folded). */
export const keepsWords = (c: CorpusCase, shown: string) =>
  readings(c).some((r) => collapse(shown).includes(collapse(r)));

export type Tally = { pass: number; total: number };
export type CorpusScore = {
  unambiguous: Tally;
  html: Tally;
  ambiguous: Tally;
  byLang: Map<string, Tally>;
  byClient: Map<string, Tally>;
  failures: string[];
};

const add = (map: Map<string, Tally>, key: string, ok: boolean) => {
  const t = map.get(key) ?? { pass: 0, total: 0 };
  t.total++;
  if (ok) t.pass++;
  map.set(key, t);
};

/** Scores a reader (text in, shown story out) on the given cases. */
export function scoreCorpus(cases: readonly CorpusCase[], read: (text: string) => string): CorpusScore {
  const score: CorpusScore = {
    unambiguous: { pass: 0, total: 0 },
    html: { pass: 0, total: 0 },
    ambiguous: { pass: 0, total: 0 },
    byLang: new Map(),
    byClient: new Map(),
    failures: [],
  };
  for (const c of cases) {
    const ok = passes(c, read(corpusText(c)));
    const tally = c.ambiguous ? score.ambiguous : score.unambiguous;
    tally.total++;
    if (ok) tally.pass++;
    if (!c.ambiguous && c.format === "html") {
      score.html.total++;
      if (ok) score.html.pass++;
    }
    add(score.byLang, c.lang, ok);
    add(score.byClient, c.client, ok);
    if (!ok) score.failures.push(c.id + (c.ambiguous ? " (ambiguous)" : ""));
  }
  return score;
}

/** "lang  pass/total" rows, for the test log and the bench. */
export function scoreTable(title: string, tallies: Map<string, Tally>): string {
  const rows = [...tallies.entries()].sort(([a], [b]) => a.localeCompare(b));
  const width = Math.max(title.length, ...rows.map(([k]) => k.length));
  return [
    `${title.padEnd(width)}  pass/total`,
    ...rows.map(([k, t]) => `${k.padEnd(width)}  ${t.pass}/${t.total}`),
  ].join("\n");
}
